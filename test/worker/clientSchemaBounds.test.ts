import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type HandlerConfig, type SchemaStore, createHandler } from '../../src/worker/index';
import { scripted, streaming } from '../reply/scriptedProvider';

// Issue 26, items 5 and 6: a client schema runs in bounded time or is refused. A broken $ref
// graph or a pattern the linear-time engine cannot run is a 400 SCHEMA_MALFORMED in the wire's
// error shape, naming the pointer, on every route that takes a client schema, whole and
// streamed, before any upstream call (counted); catastrophic patterns are decided by the
// linear-time engine in the streaming judge and the final validator (native runs counted).

const base = 'http://127.0.0.1:8787';

/** The route's body for a client schema, and the field it came in. */
const ROUTES = [
  {
    path: '/v1/chat/completions',
    field: 'response_format.json_schema.schema',
    body: (schema: unknown, content = 'hi') => ({
      messages: [{ role: 'user', content }],
      response_format: { type: 'json_schema', json_schema: { name: 'reply', schema } },
    }),
  },
  {
    path: '/v1/responses',
    field: 'text.format.schema',
    body: (schema: unknown, content = 'hi') => ({
      input: content,
      text: { format: { type: 'json_schema', name: 'reply', schema } },
    }),
  },
  {
    path: '/v1/messages',
    field: 'output_config.format.schema',
    body: (schema: unknown, content = 'hi') => ({
      max_tokens: 64,
      messages: [{ role: 'user', content }],
      output_config: { format: { type: 'json_schema', schema } },
    }),
  },
] as const;

/** A broken client schema and the pointer its refusal names. */
const BROKEN: readonly (readonly [string, object, string])[] = [
  ['a $ref to itself', { $ref: '#' }, '/$ref'],
  [
    'an a→b→a cycle',
    { $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } }, $ref: '#/$defs/a' },
    '/$defs/a/$ref',
  ],
  ['a missing pointer', { properties: { a: { $ref: '#/$defs/gone' } } }, '/properties/a/$ref'],
  ['a remote $ref', { $ref: 'https://example.com/schema.json' }, '/$ref'],
  ['a lookahead', { properties: { a: { pattern: '^(?=x)' } } }, '/properties/a/pattern'],
  ['a backreference', { patternProperties: { '(a)\\1': {} } }, '/patternProperties/(a)\\1'],
];

const call = (path: string, body: unknown, config: HandlerConfig, env: object = {}) =>
  createHandler(config).fetch(
    new Request(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'k', authorization: 'Bearer k' },
      body: JSON.stringify({ model: 'm', ...(body as object) }),
    }),
    env,
  );

const check = (body: unknown) =>
  createHandler().fetch(
    new Request(`${base}/v1/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );

describe('a broken client schema is a 400 before any upstream call', () => {
  for (const route of ROUTES)
    it.each(BROKEN)(`%s on ${route.path}, whole and streamed`, async (_name, schema, pointer) => {
      for (const stream of [false, true]) {
        const { provider, requests } = scripted(['{}', '{}', '{}']);
        const response = await call(route.path, { ...route.body(schema), stream }, { provider });
        expect(response.status).toBe(400);
        const body = (await response.json()) as { type?: string; error: Record<string, unknown> };
        expect(body.error).toMatchObject({ code: 'SCHEMA_MALFORMED', field: route.field });
        expect(body.error.message).toContain(pointer);
        expect(JSON.stringify(body)).not.toMatch(/call stack/i);
        if (route.path === '/v1/messages')
          expect(body).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
        expect(requests).toHaveLength(0);
      }
    });

  it.each(BROKEN)('%s on /v1/check and PUT /v1/schemas', async (_name, schema, pointer) => {
    const checked = await check({ reply: '{}', schema });
    expect(checked.status).toBe(400);
    const body = (await checked.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({ code: 'SCHEMA_MALFORMED', field: 'schema' });
    expect(body.error.message).toContain(pointer);
    const data = new Map<string, string>();
    const store: SchemaStore = {
      get: async (key) => data.get(key) ?? null,
      put: async (key, value) => void data.set(key, value),
    };
    const stored = await createHandler().fetch(
      new Request(`${base}/v1/schemas/broken`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: 'Bearer k' },
        body: JSON.stringify(schema),
      }),
      { SCHEMAS: store, API_KEY: 'k' },
    );
    expect(stored.status).toBe(400);
    expect(await stored.json()).toMatchObject({
      error: { code: 'SCHEMA_MALFORMED', message: expect.stringContaining(pointer) },
    });
    expect(data.size).toBe(0);
  });

  it.each(ROUTES)('a tree whose recursion is optional still works on $path', async (route) => {
    const tree = {
      type: 'object',
      properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#' } } },
      required: ['name'],
    };
    const reply = JSON.stringify({ name: 'a', children: [{ name: 'b', children: [] }] });
    for (const stream of [false, true]) {
      const { provider, requests } = scripted([reply]);
      const response = await call(route.path, { ...route.body(tree), stream }, { provider });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('children');
      expect(requests).toHaveLength(1);
    }
  });
});

describe('catastrophic client patterns run in linear time in the Worker', () => {
  /** Each pattern with an input it does not match, 2^40 paths for a backtracking engine. */
  const EVIL: readonly (readonly [string, string])[] = [
    // Harmless, first: a native run of it is counted at once, with no wait.
    ['^[a-z]+$', 'abc1'],
    ['^(a+)+$', `${'a'.repeat(40)}!`],
    ['^(a|a)*$', `${'a'.repeat(40)}!`],
    ['(a*)*b', 'a'.repeat(40)],
    ['^(\\w+\\s?)*$', `${'ab '.repeat(20)}!`],
    ['(.*a){20}', `${'a'.repeat(19)}${'b'.repeat(40)}`],
  ];
  const PATTERNS = EVIL.map(([pattern]) => pattern);
  let nativeRuns = 0;
  const nativeExec = RegExp.prototype.exec;
  beforeEach(() => {
    nativeRuns = 0;
    RegExp.prototype.exec = function exec(this: RegExp, text: string) {
      if (PATTERNS.includes(this.source)) nativeRuns++;
      return nativeExec.call(this, text);
    };
  });
  afterEach(() => {
    RegExp.prototype.exec = nativeExec;
  });

  it.each(EVIL)(
    '%s: the judge and the validator of a turn, on every wire',
    async (pattern, evil) => {
      // The judge refuses nothing under `not` (the inner pattern fails), and the final validator
      // runs the pattern again: both paths see the evil string.
      const schema = { type: 'object', properties: { s: { not: { pattern } } }, required: ['s'] };
      for (const route of ROUTES)
        for (const stream of [false, true]) {
          // A streaming provider: the judge reads the answer as it streams.
          const { provider, requests } = streaming([[JSON.stringify({ s: evil })]]);
          const response = await call(route.path, { ...route.body(schema), stream }, { provider });
          expect(response.status).toBe(200);
          expect(await response.text()).toContain(evil.slice(0, 10));
          expect(requests).toHaveLength(1);
        }
      expect(nativeRuns).toBe(0);
    },
  );

  it.each(EVIL)('%s: the final validator of /v1/check', async (pattern, evil) => {
    const response = await check({
      reply: JSON.stringify({ s: evil }),
      schema: { properties: { s: { pattern } } },
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      issues: [{ code: 'SCHEMA_MISMATCH', path: '/s' }],
    });
    expect(nativeRuns).toBe(0);
  });
});

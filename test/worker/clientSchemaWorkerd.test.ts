import { readFileSync } from 'node:fs';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The built Worker in workerd (worker/dist/worker.js): catastrophic client patterns, sent many
// at once, are decided by the linear-time engine in the streaming judge (a turn whose upstream
// streams: the embedded scripted model answers the JSON object written in the message) and in
// the final validator (the turn's, and /v1/check's), while /healthz answers. A backtracking
// engine would take 2^40 steps on each: this file would never end.
const script = readFileSync(new URL('../../worker/dist/worker.js', import.meta.url), 'utf8');
let mf: Miniflare;
let base: URL;

beforeAll(async () => {
  mf = new Miniflare({
    modules: true,
    script,
    compatibilityDate: '2025-01-01',
    compatibilityFlags: ['enable_request_signal'],
    host: '127.0.0.1',
    port: 0,
    bindings: { UPSTREAM_KIND: 'scripted' },
  });
  base = await mf.ready;
});
afterAll(async () => {
  await mf?.dispose();
});

/** Each pattern with an input it does not match. */
const EVIL: readonly (readonly [string, string])[] = [
  ['^(a+)+$', `${'a'.repeat(40)}!`],
  ['^(a|a)*$', `${'a'.repeat(40)}!`],
  ['(a*)*b', 'a'.repeat(40)],
  ['^(\\w+\\s?)*$', `${'ab '.repeat(20)}!`],
  ['(.*a){20}', `${'a'.repeat(19)}${'b'.repeat(40)}`],
];

const post = (path: string, body: unknown) =>
  fetch(new URL(path, base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('client patterns in workerd', { timeout: 60_000 }, () => {
  it('decides catastrophic patterns in the judge and the validator while /healthz answers', async () => {
    const turns = EVIL.map(([pattern, evil]) =>
      // Under `not`, the judge's verdict on the inner pattern lets the answer through, and the
      // final validator runs the pattern again.
      post('/v1/chat/completions', {
        stream: true,
        messages: [{ role: 'user', content: JSON.stringify({ s: evil }) }],
        response_format: {
          type: 'json_schema',
          json_schema: {
            name: 'r',
            schema: { type: 'object', properties: { s: { not: { pattern } } }, required: ['s'] },
          },
        },
      }).then(async (response) => ({ status: response.status, text: await response.text() })),
    );
    const judged = EVIL.map(([pattern, evil]) =>
      // Refused by the judge while it streams (the pattern does not match).
      post('/v1/chat/completions', {
        messages: [{ role: 'user', content: JSON.stringify({ s: evil }) }],
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'r', schema: { properties: { s: { pattern } } } },
        },
      }).then(async (response) => response.json() as Promise<Record<string, unknown>>),
    );
    const checks = EVIL.map(([pattern, evil]) =>
      post('/v1/check', {
        reply: JSON.stringify({ s: evil }),
        schema: { properties: { s: { pattern } } },
      }).then(async (response) => ({ status: response.status, body: await response.json() })),
    );
    const health = fetch(new URL('/healthz', base)).then((response) => response.json());
    expect(await health).toMatchObject({ ok: true });
    for (const turn of await Promise.all(turns)) {
      expect(turn.status).toBe(200);
      expect(turn.text).toContain('[DONE]');
      expect(turn.text).toContain('"replyguard":{"status":"completed"');
    }
    for (const answer of await Promise.all(judged))
      expect(answer).toMatchObject({
        error: {
          code: 'VALIDATION_FAILED',
          issues: [
            { code: 'SCHEMA_MISMATCH', path: '/s', message: expect.stringContaining('pattern') },
          ],
        },
      });
    for (const checked of await Promise.all(checks))
      expect(checked).toMatchObject({
        status: 422,
        body: { issues: [{ code: 'SCHEMA_MISMATCH', path: '/s' }] },
      });
  });

  it('refuses past the pattern work bound (TOO_LARGE), and /healthz answers meanwhile', async () => {
    // An automaton the engine cannot cache: its worst case, charged at the bound.
    const checked = post('/v1/check', {
      reply: JSON.stringify({ s: 'ab'.repeat(100_000) }),
      schema: { properties: { s: { pattern: '(a|b)*a(a|b){100}$' } } },
    });
    const health = await (await fetch(new URL('/healthz', base))).json();
    expect(health).toMatchObject({ ok: true });
    const response = await checked;
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ issues: [{ code: 'TOO_LARGE' }] });
  });

  it('refuses a broken $ref graph and a lookahead as 400 SCHEMA_MALFORMED', async () => {
    for (const [schema, pointer] of [
      [{ $ref: '#' }, '/$ref'],
      [
        { $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } }, $ref: '#/$defs/a' },
        '/$defs/a/$ref',
      ],
      [{ $ref: '#/$defs/none' }, '/$ref'],
      [{ $ref: 'https://example.com/s.json' }, '/$ref'],
      [{ pattern: '(?<=a)b' }, '/pattern'],
    ] as const) {
      const response = await post('/v1/responses', {
        input: 'hi',
        text: { format: { type: 'json_schema', name: 'r', schema } },
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('SCHEMA_MALFORMED');
      expect(body.error.message).toContain(pointer);
    }
  });
});

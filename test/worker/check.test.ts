import { describe, expect, it } from 'vitest';
import { type HandlerConfig, type SchemaStore, createHandler } from '../../src/worker/index';

const base = 'http://127.0.0.1:8787';
const post = (body: unknown, env: HandlerConfig = {}) =>
  createHandler().fetch(
    new Request(`${base}/v1/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
    env,
  );

/** A KV namespace in memory: the two methods the handler uses. */
function memoryStore(): SchemaStore & { readonly data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get: async (key) => data.get(key) ?? null,
    put: async (key, value) => void data.set(key, value),
  };
}

const invoice = {
  type: 'object',
  properties: { total: { type: 'number' }, note: { type: 'string' } },
  required: ['total'],
  additionalProperties: false,
};

describe('POST /v1/check', () => {
  it('checks a raw reply as text/plain: 200 deliverable, 422 not', async () => {
    const handler = createHandler();
    const text = (body: string) =>
      handler.fetch(
        new Request(`${base}/v1/check`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body,
        }),
      );
    expect((await text('{"segments":[{"type":"mention","data":{"target":"7"}}]}')).status).toBe(
      200,
    );
    const refused = await text('{"segments":[],"segments":[]}');
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      status: 'validation_failed',
      issues: [{ code: 'DUPLICATE_KEY' }],
    });
  });

  it('a custom schema verdict masks the host literals in its issues too', async () => {
    const response = await post({
      reply: '{"total":1,"Project Nightingale":2}',
      schema: invoice,
      leaks: { literals: ['Project Nightingale'] },
    });
    expect(response.status).toBe(422);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ status: 'validation_failed' });
    expect(text).not.toContain('Nightingale');
  });

  it('takes the options in the short form and in the library shape alike', async () => {
    const reply =
      '{"segments":[{"type":"mention","data":{"target":"7"}},{"type":"text","data":{"text":"see /srv/app/secret.txt"}}]}';
    for (const options of [
      { mentions: ['8'], hostPaths: [{ root: '/srv/app', replacement: '<app>' }] },
      {
        mentions: { allowed: ['8'] },
        hostPaths: { roots: [{ root: '/srv/app', replacement: '<app>' }] },
      },
    ]) {
      const refused = await post({ reply, ...options });
      expect(refused.status).toBe(422);
      expect(await refused.json()).toMatchObject({
        issues: [{ code: 'MENTION_NOT_ALLOWED', path: '/segments/0/data/target' }],
      });
    }
    for (const options of [
      { mentions: ['7'], hostPaths: [{ root: '/srv/app', replacement: '<app>' }] },
      {
        mentions: { allowed: ['7'] },
        hostPaths: { roots: [{ root: '/srv/app', replacement: '<app>' }] },
      },
    ]) {
      const body = (await (await post({ reply, ...options })).json()) as {
        status: string;
        value: unknown;
      };
      expect(body.status).toBe('completed');
      expect(JSON.stringify(body.value)).toContain('<app>/secret.txt');
    }
    const masked = (await (
      await post({
        reply: '{"segments":[{"type":"text","data":{"text":"my key: hunter2-staging"}}]}',
        leaks: { literals: ['hunter2-staging'] },
      })
    ).json()) as { value: unknown };
    expect(JSON.stringify(masked.value)).not.toContain('hunter2');
    const think = await post({
      reply: '{"segments":[{"type":"text","data":{"text":"<think>x</think>hi"}}]}',
      hygiene: false,
    });
    expect(think.status).toBe(200);
    const plain = (await (await post({ reply: 'just words', schema: false })).json()) as {
      value: unknown;
    };
    expect(plain.value).toEqual({ segments: [{ type: 'text', data: { text: 'just words' } }] });
  });

  it('400 names the option that is wrong', async () => {
    const cases: [unknown, string][] = [
      [{ reply: 'x', mentions: { allowed: [7] } }, 'mentions.allowed.0'],
      [{ reply: 'x', mentions: { allow: ['7'] } }, 'mentions.allowed'],
      [{ reply: 'x', hostPaths: { roots: [{ root: '/a' }] } }, 'hostPaths.roots.0.replacement'],
      [{ reply: 'x', leaks: { literal: ['a'] } }, 'leaks.literal'],
      [{ reply: 'x', mention: ['7'] }, 'mention'],
      [{ reply: 'x', media: { maxBytes: { image: -1 } } }, 'media.maxBytes.image'],
    ];
    for (const [body, field] of cases) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const error = ((await response.json()) as { error: { field: string; message: string } })
        .error;
      expect(error.field, JSON.stringify(body)).toBe(field);
      expect(error.message).toContain(`\`${field}\``);
    }
  });
});

describe('POST /v1/check with a custom schema', () => {
  it('validates against a JSON Schema given inline, masking leaks in every string', async () => {
    const ok = await post({ reply: '{"total": 12.5}', schema: invoice, name: 'invoice' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      status: 'completed',
      value: { total: 12.5 },
      meta: { schemaName: 'invoice' },
    });
    const bad = await post({ reply: '{"total": "12"}', schema: invoice });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({
      status: 'validation_failed',
      issues: [{ code: 'SCHEMA_MISMATCH', path: '/total' }],
      meta: { schemaName: 'reply' },
    });
    const strict = await post({ reply: '{"total": 1, "total": 2}', schema: invoice });
    expect(await strict.json()).toMatchObject({ issues: [{ code: 'DUPLICATE_KEY' }] });
    const leaked = (await (
      await post({
        reply: '{"total": 1, "note": "pw hunter2-staging"}',
        schema: invoice,
        leaks: { literals: ['hunter2-staging'] },
      })
    ).json()) as { value: { note: string }; meta: { stage: string } };
    expect(leaked.value.note).not.toContain('hunter2');
    expect(leaked.meta.stage).toBe('post_guardrail');
  });

  it('refuses a schema that does not compile, and segment-only options beside a custom schema', async () => {
    const malformed = await post({ reply: '{}', schema: { type: 'objekt' } });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({
      error: { code: 'SCHEMA_MALFORMED', field: 'schema' },
    });
    const mixed = await post({ reply: '{}', schema: invoice, mentions: ['1'] });
    expect(await mixed.json()).toMatchObject({ error: { code: 'BAD_REQUEST', field: 'mentions' } });
    const named = await post({ reply: '{"segments":[]}', name: 'x' });
    expect(await named.json()).toMatchObject({ error: { field: 'name' } });
  });

  it('resolves a schemaRef from the SCHEMAS store; a missing one is a 400', async () => {
    const store = memoryStore();
    store.data.set('invoice', JSON.stringify(invoice));
    const ok = await post({ reply: '{"total": 3}', schemaRef: 'invoice' }, { SCHEMAS: store });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ status: 'completed', meta: { schemaName: 'invoice' } });
    const bad = await post(
      { reply: '{"total": 3, "x": 1}', schemaRef: 'invoice' },
      { SCHEMAS: store },
    );
    expect(bad.status).toBe(422);
    for (const env of [{ SCHEMAS: store }, {}]) {
      const missing = await post({ reply: '{}', schemaRef: 'nope' }, env);
      expect(missing.status).toBe(400);
      expect(await missing.json()).toMatchObject({
        error: { code: 'SCHEMA_NOT_FOUND', field: 'schemaRef' },
      });
    }
    const both = await post(
      { reply: '{}', schemaRef: 'invoice', schema: invoice },
      { SCHEMAS: store },
    );
    expect(await both.json()).toMatchObject({ error: { field: 'schemaRef' } });
  });
});

describe('PUT /v1/schemas/:name', () => {
  const put = (name: string, body: unknown, env: HandlerConfig, key = 'admin-key') =>
    createHandler().fetch(
      new Request(`${base}/v1/schemas/${name}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
      env,
    );

  it('stores a schema that compiles, behind the bearer key, for schemaRef', async () => {
    const store = memoryStore();
    const env = { SCHEMAS: store, API_KEY: 'admin-key' };
    const stored = await put('invoice', invoice, env);
    expect(stored.status).toBe(201);
    expect(await stored.json()).toEqual({ name: 'invoice', bytes: JSON.stringify(invoice).length });
    const fetched = await createHandler().fetch(
      new Request(`${base}/v1/schemas/invoice`, { headers: { authorization: 'Bearer admin-key' } }),
      env,
    );
    expect(await fetched.json()).toEqual(invoice);
    const checked = await createHandler().fetch(
      new Request(`${base}/v1/check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer admin-key' },
        body: JSON.stringify({ reply: '{"total":1}', schemaRef: 'invoice' }),
      }),
      env,
    );
    expect(checked.status).toBe(200);
  });

  it('refuses without a configured key, with a wrong key, a bad name, a bad schema, or no store', async () => {
    const store = memoryStore();
    const noKey = await put('invoice', invoice, { SCHEMAS: store });
    expect(noKey.status).toBe(403);
    expect(
      (await put('invoice', invoice, { SCHEMAS: store, API_KEY: 'admin-key' }, 'wrong')).status,
    ).toBe(401);
    expect(
      await (await put('..%2Fx', invoice, { SCHEMAS: store, API_KEY: 'admin-key' })).json(),
    ).toMatchObject({ error: { field: 'name' } });
    expect(
      await (
        await put('invoice', { type: 'objekt' }, { SCHEMAS: store, API_KEY: 'admin-key' })
      ).json(),
    ).toMatchObject({ error: { code: 'SCHEMA_MALFORMED', issues: [{ path: '/type' }] } });
    expect(
      await (
        await put('invoice', '{"type":"object","type":"array"}', {
          SCHEMAS: store,
          API_KEY: 'admin-key',
        })
      ).json(),
    ).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    const noStore = await put('invoice', invoice, { API_KEY: 'admin-key' });
    expect(noStore.status).toBe(501);
    const noStoreBody = {
      error: { code: 'NO_SCHEMA_STORE', message: expect.stringMatching(/bind a KV namespace/) },
    };
    expect(await noStore.json()).toMatchObject(noStoreBody);
    const noStoreGet = await createHandler().fetch(new Request(`${base}/v1/schemas/invoice`), {});
    expect(noStoreGet.status).toBe(501);
    expect(await noStoreGet.json()).toMatchObject(noStoreBody);
    expect(store.data.size).toBe(0);
    const missing = await createHandler().fetch(new Request(`${base}/v1/schemas/none`), {
      SCHEMAS: store,
    });
    expect(missing.status).toBe(404);
  });
});

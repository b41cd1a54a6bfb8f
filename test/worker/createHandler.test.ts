import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { type HandlerConfig, createHandler } from '../../src/worker/index';

const demoHtml = '<!doctype html><title>demo</title>';
const base = 'http://127.0.0.1:8787';
const call = (path: string, init: RequestInit = {}, env: HandlerConfig = {}) =>
  createHandler({ demoHtml }).fetch(new Request(`${base}${path}`, init), env);
const post = (
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  env: HandlerConfig = {},
) =>
  call(
    path,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    },
    env,
  );

const expectError = async (response: Response, status: number, code: string) => {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/json');
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(5);
  return body.error;
};

describe('createHandler', () => {
  it('serves the demo (when given), health and the schema', async () => {
    const page = await call('/');
    expect(page.headers.get('content-type')).toContain('text/html');
    // The policy docs/rendering.md documents: media only from data: URLs, nothing framed.
    expect(page.headers.get('content-security-policy')).toBe(
      "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; media-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(await page.text()).toBe(demoHtml);
    expect(await (await call('/healthz')).json()).toEqual({ ok: true, upstream: 'scripted' });
    const schema = (await (await call('/v1/schema')).json()) as { $schema: string };
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    await expectError(await createHandler().fetch(new Request(`${base}/`)), 404, 'NOT_FOUND');
  });

  it('works unbound, with no env and no ctx', async () => {
    const { fetch } = createHandler();
    expect((await fetch(new Request(`${base}/healthz`))).status).toBe(200);
  });

  it('merges the bindings over the configuration given in code', async () => {
    const handler = createHandler({ API_KEY: 'from-code', MAX_BODY_BYTES: 10 });
    const check = (env?: unknown, key = 'from-code') =>
      handler.fetch(
        new Request(`${base}/v1/check`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain', authorization: `Bearer ${key}` },
          body: '{"segments":[]}',
        }),
        env,
      );
    await expectError(await check(), 413, 'BODY_TOO_LARGE');
    expect((await check({ MAX_BODY_BYTES: '1000' })).status).toBe(200);
    await expectError(
      await check({ MAX_BODY_BYTES: '1000', API_KEY: 'from-env' }),
      401,
      'UNAUTHORIZED',
    );
    expect((await check({ MAX_BODY_BYTES: '1000', API_KEY: 'from-env' }, 'from-env')).status).toBe(
      200,
    );
    // An unset binding does not erase the configured value.
    await expectError(
      await check({ MAX_BODY_BYTES: '1000', API_KEY: undefined }, 'nope'),
      401,
      'UNAUTHORIZED',
    );
  });

  it('500 with a clear message when misconfigured', async () => {
    await expectError(
      await call('/healthz', {}, { UPSTREAM_KIND: 'carrier-pigeon' }),
      500,
      'MISCONFIGURED',
    );
    await expectError(
      await call('/healthz', {}, { UPSTREAM_KIND: 'openai' }),
      500,
      'MISCONFIGURED',
    );
    await expectError(await call('/healthz', {}, { MAX_BODY_BYTES: '-1' }), 500, 'MISCONFIGURED');
    await expectError(await call('/healthz', {}, { BASE_PATH: 'no-slash' }), 500, 'MISCONFIGURED');
    await expectError(
      await call('/healthz', {}, { SCHEMAS: 'not a namespace' as never }),
      500,
      'MISCONFIGURED',
    );
  });
});

describe('mounted in hono', () => {
  it('lives under the mount prefix: hono strips it, routes answer below it', async () => {
    const app = new Hono();
    app.get('/', (c) => c.text('the host app'));
    app.mount('/replyguard', createHandler({ demoHtml }).fetch);
    expect(await (await app.request('/')).text()).toBe('the host app');
    expect(await (await app.request('/replyguard/healthz')).json()).toEqual({
      ok: true,
      upstream: 'scripted',
    });
    expect(await (await app.request('/replyguard/')).text()).toBe(demoHtml);
    const checked = await app.request('/replyguard/v1/check', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{"segments":[]}',
    });
    expect(await checked.json()).toMatchObject({ status: 'completed', value: { segments: [] } });
    const chat = await app.request('/replyguard/v1/chat/completions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'hello' }] }),
    });
    expect(chat.status).toBe(200);
    expect(await chat.json()).toMatchObject({
      object: 'chat.completion',
      replyguard: { status: 'completed' },
    });
    expect((await app.request('/v1/check', { method: 'POST' })).status).toBe(404);
  });

  it('strips BASE_PATH when the request still carries it (hono mount without rewriting)', async () => {
    const app = new Hono();
    app.mount('/replyguard', createHandler({ BASE_PATH: '/replyguard/' }).fetch, {
      replaceRequest: false,
    });
    expect((await app.request('/replyguard/healthz')).status).toBe(200);
    const unstripped = new Hono();
    unstripped.mount('/replyguard', createHandler().fetch, { replaceRequest: false });
    expect((await unstripped.request('/replyguard/healthz')).status).toBe(404);
    // A path that only starts with the same letters is not under the prefix.
    expect(
      (await createHandler({ BASE_PATH: '/rg' }).fetch(new Request(`${base}/rgx/healthz`))).status,
    ).toBe(404);
  });

  it("gets hono's env as bindings", async () => {
    const app = new Hono<{ Bindings: { API_KEY: string } }>();
    app.mount('/replyguard', createHandler().fetch);
    const env = { API_KEY: 'hono-key' };
    await expectError(await app.request('/replyguard/v1/schema', {}, env), 401, 'UNAUTHORIZED');
    expect(
      (
        await app.request(
          '/replyguard/v1/schema',
          { headers: { authorization: 'Bearer hono-key' } },
          env,
        )
      ).status,
    ).toBe(200);
  });
});

describe('the Worker refuses bad input clearly', () => {
  it('405 for a wrong method, 404 for an unknown path', async () => {
    await expectError(await call('/v1/check'), 405, 'METHOD_NOT_ALLOWED');
    await expectError(await call('/v1/schema', { method: 'POST' }), 405, 'METHOD_NOT_ALLOWED');
    await expectError(await call('/v1/schemas/x', { method: 'DELETE' }), 405, 'METHOD_NOT_ALLOWED');
    await expectError(await call('/nope'), 404, 'NOT_FOUND');
  });

  it('415 for a wrong content type', async () => {
    await expectError(
      await call('/v1/check', {
        method: 'POST',
        headers: { 'content-type': 'application/xml' },
        body: '<x/>',
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    await expectError(
      await call('/v1/chat/completions', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'hi',
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it('413 by Content-Length alone, before any of the body arrives', async () => {
    const env = { MAX_BODY_BYTES: '1000' };
    // The declared length is over the limit but the body is short: only the header can refuse it.
    await expectError(
      await call(
        '/v1/check',
        {
          method: 'POST',
          headers: { 'content-type': 'text/plain', 'content-length': '5000' },
          body: '{"segments":[]}',
        },
        env,
      ),
      413,
      'BODY_TOO_LARGE',
    );
    // A body that never comes: the answer may not wait for it.
    let cancelled = false;
    const never = new ReadableStream<Uint8Array>({
      pull: () => new Promise(() => undefined),
      cancel: () => void (cancelled = true),
    });
    const response = await call(
      '/v1/check',
      {
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'content-length': '5000' },
        body: never,
        duplex: 'half',
      } as RequestInit,
      env,
    );
    expect(response.status).toBe(413);
    await response.body!.cancel();
    expect(cancelled).toBe(true);
  });

  it('413 while streaming: refused after the limit, the rest drained (bounded), never held', async () => {
    const env = { MAX_BODY_BYTES: '1000' };
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 1000) controller.close();
        else controller.enqueue(new Uint8Array(512));
      },
    });
    const response = await call(
      '/v1/check',
      {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body,
        duplex: 'half',
      } as RequestInit,
      env,
    );
    expect(response.status).toBe(413);
    expect(pulled).toBeLessThan(10);
    // The error body ends once the rest of the request body was read and dropped, so a keep-alive
    // connection stays usable.
    await expectError(response, 413, 'BODY_TOO_LARGE');
    expect(pulled).toBe(1001);

    let endless = 0;
    let cancelled = false;
    const flood = new ReadableStream<Uint8Array>({
      pull: (controller) => void (endless++, controller.enqueue(new Uint8Array(65_536))),
      cancel: () => void (cancelled = true),
    });
    const refused = await call(
      '/v1/check',
      {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: flood,
        duplex: 'half',
      } as RequestInit,
      env,
    );
    await expectError(refused, 413, 'BODY_TOO_LARGE');
    expect(cancelled).toBe(true);
    expect(endless * 65_536).toBeLessThan(20 * 1024 * 1024);
  });

  it('drains a body left unread by an early 401, 404 or 415', async () => {
    for (const [path, headers, env] of [
      ['/v1/check', { 'content-type': 'text/plain' }, { API_KEY: 'k' }],
      ['/nope', { 'content-type': 'text/plain' }, {}],
      ['/v1/check', { 'content-type': 'application/xml' }, {}],
    ] as const) {
      let done = false;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new Uint8Array(100));
          controller.enqueue(new Uint8Array(100));
        },
        pull(controller) {
          done = true;
          controller.close();
        },
      });
      const response = await call(
        path,
        { method: 'POST', headers, body, duplex: 'half' } as RequestInit,
        env,
      );
      await response.text();
      expect(done, path).toBe(true);
    }
  });

  it('400 for malformed requests, naming the field', async () => {
    await expectError(await post('/v1/check', '{"reply":"a","reply":"b"}'), 400, 'BAD_REQUEST');
    const wrong = await expectError(await post('/v1/check', { reply: 1 }), 400, 'BAD_REQUEST');
    expect(wrong).toMatchObject({ field: 'reply' });
    expect(wrong.message).toContain('`reply`');
    expect(
      await expectError(await post('/v1/chat/completions', { messages: [] }), 400, 'BAD_REQUEST'),
    ).toMatchObject({ field: 'messages' });
    expect(
      await expectError(
        await post('/v1/chat/completions', { messages: [{ role: 'robot', content: 'x' }] }),
        400,
        'BAD_REQUEST',
      ),
    ).toMatchObject({ field: 'messages.0.role' });
    await expectError(
      await post('/v1/chat/completions', {
        messages: [{ role: 'system', content: 'only system' }],
      }),
      400,
      'BAD_REQUEST',
    );
  });
});

describe('the bearer key', () => {
  const key = 'rg-key-0123456789abcdef';
  const withKey = (given: string | undefined) =>
    post(
      '/v1/check',
      { reply: '{"segments":[]}' },
      given === undefined ? {} : { authorization: given },
      { API_KEY: key },
    );

  it('is required on the API when configured, not on health', async () => {
    await expectError(await withKey(undefined), 401, 'UNAUTHORIZED');
    await expectError(await withKey(`Basic ${key}`), 401, 'UNAUTHORIZED');
    expect((await withKey(`Bearer ${key}`)).status).toBe(200);
    expect((await withKey(`bearer   ${key}`)).status).toBe(200);
    expect((await call('/healthz', {}, { API_KEY: key })).status).toBe(200);
  });

  it('refuses a key that differs only in its last characters, or is longer or shorter', async () => {
    await expectError(await withKey(`Bearer ${key.slice(0, -1)}0`), 401, 'UNAUTHORIZED');
    await expectError(await withKey(`Bearer ${key.slice(0, -3)}xyz`), 401, 'UNAUTHORIZED');
    await expectError(await withKey(`Bearer ${key}0`), 401, 'UNAUTHORIZED');
    await expectError(await withKey(`Bearer ${key.slice(0, -1)}`), 401, 'UNAUTHORIZED');
  });

  it('compares the whole digest: a key whose SHA-256 shares the first bytes is refused', async () => {
    const digest = (text: string) => createHash('sha256').update(text).digest();
    const target = digest(key);
    let twin: string | undefined;
    for (let i = 0; i < 200_000 && twin === undefined; i++) {
      const candidate = `guess-${i}`;
      const d = digest(candidate);
      if (d[0] === target[0] && d[1] === target[1]) twin = candidate;
    }
    expect(twin).toBeDefined();
    await expectError(await withKey(`Bearer ${twin}`), 401, 'UNAUTHORIZED');
  });
});

describe('CORS', () => {
  const env = { CORS_ORIGINS: 'https://chat.example.com' };

  it('answers preflights for allowed origins only', async () => {
    const allowed = await call(
      '/v1/check',
      {
        method: 'OPTIONS',
        headers: { origin: 'https://chat.example.com', 'access-control-request-method': 'POST' },
      },
      env,
    );
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://chat.example.com');
    expect(allowed.headers.get('access-control-allow-headers')).toContain('authorization');
    const denied = await call(
      '/v1/check',
      { method: 'OPTIONS', headers: { origin: 'https://evil.example' } },
      env,
    );
    expect(denied.status).toBe(403);
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('adds the allow-origin header to answers for allowed origins, not others', async () => {
    const headers = { 'content-type': 'text/plain' };
    const ok = await call(
      '/v1/check',
      {
        method: 'POST',
        headers: { ...headers, origin: 'https://chat.example.com' },
        body: '{"segments":[]}',
      },
      env,
    );
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://chat.example.com');
    const other = await call(
      '/v1/check',
      {
        method: 'POST',
        headers: { ...headers, origin: 'https://evil.example' },
        body: '{"segments":[]}',
      },
      env,
    );
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import type { Env } from '../../worker/src/env';
import { handleRequest } from '../../worker/src/handleRequest';

const assets = { demoHtml: '<!doctype html><title>demo</title>' };
const base = 'http://127.0.0.1:8787';
const call = (path: string, init: RequestInit = {}, env: Env = {}) => handleRequest(new Request(`${base}${path}`, init), env, assets);
const post = (path: string, body: unknown, headers: Record<string, string> = {}, env: Env = {}) =>
  call(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) }, env);
const chat = (content: string, extra: object = {}) => ({ model: 'scripted', messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content }], ...extra });

describe('the Worker routes', () => {
  it('serves the demo, health, and the schema', async () => {
    const page = await call('/');
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await page.text()).toBe(assets.demoHtml);
    expect(await (await call('/healthz')).json()).toEqual({ ok: true, upstream: 'scripted' });
    const schema = (await (await call('/v1/schema')).json()) as { $schema: string };
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
  });

  it('checks a raw reply as text/plain or JSON with options: 200 deliverable, 422 not', async () => {
    const good = '{"segments":[{"type":"mention","data":{"target":"7"}}]}';
    const plain = await call('/v1/check', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: good });
    expect(plain.status).toBe(200);
    expect(await plain.json()).toMatchObject({ status: 'completed' });
    const refused = await post('/v1/check', { reply: good, mentions: ['8'] });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ status: 'validation_failed', issues: [{ code: 'MENTION_NOT_ALLOWED', path: '/segments/0/data/target' }], notice: { segments: [{ type: 'text' }] } });
    const masked = (await (await post('/v1/check', { reply: '{"segments":[{"type":"text","data":{"text":"my key: hunter2-staging"}}]}', leaks: { literals: ['hunter2-staging'] } })).json()) as { value: unknown };
    expect(JSON.stringify(masked.value)).not.toContain('hunter2');
  });

  it('answers chat completions with validated segments, corrected once when needed', async () => {
    for (const [content, attempts] of [['hello there', 1], ['please fence it', 2]] as const) {
      const response = await post('/v1/chat/completions', chat(content));
      expect(response.status).toBe(200);
      const body = (await response.json()) as { object: string; choices: { message: { content: string } }[]; replyguard: { status: string; meta: { attempts: number } } };
      expect(body.object).toBe('chat.completion');
      expect(body.replyguard).toMatchObject({ status: 'completed', meta: { attempts } });
      expect(JSON.parse(body.choices[0]!.message.content).segments.length).toBeGreaterThan(0);
    }
  });

  it('answers the fixed failure notice when the correction fails too', async () => {
    const response = await post('/v1/chat/completions', chat('make it invalid', { replyguard: { failure_notice: 'Not now.' } }));
    const body = (await response.json()) as { choices: { message: { content: string } }[]; replyguard: { status: string } };
    expect(body.replyguard.status).toBe('validation_failed');
    expect(JSON.parse(body.choices[0]!.message.content)).toEqual({ segments: [{ type: 'text', data: { text: 'Not now.' } }] });
  });

  it('masks leaks and refuses reasoning through the scripted model', async () => {
    const leak = (await (await post('/v1/chat/completions', chat('show me a leak'))).json()) as { choices: { message: { content: string } }[]; replyguard: { findings: { rule: string }[] } };
    expect(leak.choices[0]!.message.content).toContain('[REDACTED]');
    expect(leak.replyguard.findings[0]!.rule).toBe('github-token');
    const think = (await (await post('/v1/chat/completions', chat('think aloud'))).json()) as { replyguard: { status: string; meta: { attempts: number } } };
    expect(think.replyguard).toMatchObject({ status: 'completed', meta: { attempts: 2 } });
  });
});

describe('the Worker refuses bad input clearly', () => {
  const expectError = async (response: Response, status: number, code: string) => {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe(code);
    expect(body.error.message.length).toBeGreaterThan(5);
  };

  it('405 for a wrong method, 404 for an unknown path', async () => {
    await expectError(await call('/v1/check'), 405, 'METHOD_NOT_ALLOWED');
    await expectError(await call('/v1/schema', { method: 'POST' }), 405, 'METHOD_NOT_ALLOWED');
    await expectError(await call('/nope'), 404, 'NOT_FOUND');
  });

  it('415 for a wrong content type', async () => {
    await expectError(await call('/v1/check', { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<x/>' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    await expectError(await call('/v1/chat/completions', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hi' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('413 for a body over the limit, by Content-Length and while streaming', async () => {
    const env = { MAX_BODY_BYTES: '1000' };
    await expectError(await call('/v1/check', { method: 'POST', headers: { 'content-type': 'text/plain', 'content-length': '5000' }, body: 'x'.repeat(5000) }, env), 413, 'BODY_TOO_LARGE');
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 1000) controller.close();
        else controller.enqueue(new Uint8Array(512));
      },
    });
    const response = await call('/v1/check', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: stream, duplex: 'half' } as RequestInit, env);
    await expectError(response, 413, 'BODY_TOO_LARGE');
    expect(pulled).toBeLessThan(10);
  });

  it('400 for malformed requests: not strict JSON, wrong shape, streaming, tools', async () => {
    await expectError(await post('/v1/check', '{"reply":"a","reply":"b"}'), 400, 'BAD_REQUEST');
    await expectError(await post('/v1/check', { reply: 1 }), 400, 'BAD_REQUEST');
    await expectError(await post('/v1/chat/completions', { messages: [] }), 400, 'BAD_REQUEST');
    await expectError(await post('/v1/chat/completions', chat('hi', { stream: true })), 400, 'BAD_REQUEST');
    await expectError(await post('/v1/chat/completions', chat('hi', { tools: [{ type: 'function' }] })), 400, 'BAD_REQUEST');
    await expectError(await post('/v1/chat/completions', { messages: [{ role: 'system', content: 'only system' }] }), 400, 'BAD_REQUEST');
  });

  it('401 without the bearer key when one is configured; the key compare is by digest', async () => {
    const env = { API_KEY: 'k-123' };
    await expectError(await post('/v1/check', { reply: '{}' }, {}, env), 401, 'UNAUTHORIZED');
    await expectError(await post('/v1/check', { reply: '{}' }, { authorization: 'Bearer k-124' }, env), 401, 'UNAUTHORIZED');
    await expectError(await post('/v1/check', { reply: '{}' }, { authorization: 'Bearer k-123-longer' }, env), 401, 'UNAUTHORIZED');
    expect((await post('/v1/check', { reply: '{"segments":[]}' }, { authorization: 'Bearer k-123' }, env)).status).toBe(200);
    expect((await call('/healthz', {}, env)).status).toBe(200);
  });

  it('502 when the upstream fails and 504 when it times out', async () => {
    const failing = { UPSTREAM_KIND: 'openai', UPSTREAM_BASE_URL: 'http://127.0.0.1:9/v1', UPSTREAM_MODEL: 'm' };
    await expectError(await post('/v1/chat/completions', chat('hi'), {}, failing), 502, 'UPSTREAM_FAILED');
    const { createServer } = await import('node:http');
    const server = createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const slow = { UPSTREAM_KIND: 'openai', UPSTREAM_BASE_URL: `http://127.0.0.1:${port}/v1`, UPSTREAM_TIMEOUT_MS: '100' };
      await expectError(await post('/v1/chat/completions', chat('hi'), {}, slow), 504, 'UPSTREAM_TIMEOUT');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('500 with a clear message when misconfigured', async () => {
    await expectError(await call('/healthz', {}, { UPSTREAM_KIND: 'carrier-pigeon' }), 500, 'MISCONFIGURED');
    await expectError(await call('/healthz', {}, { UPSTREAM_KIND: 'openai' }), 500, 'MISCONFIGURED');
  });
});

describe('CORS', () => {
  const env = { CORS_ORIGINS: 'https://chat.example.com' };

  it('answers preflights for allowed origins only', async () => {
    const allowed = await call('/v1/check', { method: 'OPTIONS', headers: { origin: 'https://chat.example.com', 'access-control-request-method': 'POST' } }, env);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://chat.example.com');
    expect(allowed.headers.get('access-control-allow-headers')).toContain('authorization');
    const denied = await call('/v1/check', { method: 'OPTIONS', headers: { origin: 'https://evil.example' } }, env);
    expect(denied.status).toBe(403);
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('adds the allow-origin header to answers for allowed origins, not others', async () => {
    const headers = { 'content-type': 'text/plain' };
    const ok = await call('/v1/check', { method: 'POST', headers: { ...headers, origin: 'https://chat.example.com' }, body: '{"segments":[]}' }, env);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://chat.example.com');
    const other = await call('/v1/check', { method: 'POST', headers: { ...headers, origin: 'https://evil.example' }, body: '{"segments":[]}' }, env);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

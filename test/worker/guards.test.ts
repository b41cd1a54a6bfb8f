import { afterEach, describe, expect, it, vi } from 'vitest';
import { type HandlerConfig, createHandler } from '../../src/worker/index';

// Guards of issue 19 (section 5) that no test pinned: each was broken on purpose and the suite
// still passed. Each test here fails when its guard is broken.

const base = 'http://127.0.0.1:8787';
const call = (path: string, init: RequestInit = {}, env: HandlerConfig = {}) =>
  createHandler().fetch(new Request(`${base}${path}`, init), env);

describe('the bearer key compares every byte of the digest', () => {
  const key = 'rg-key-0123456789abcdef';
  const given = 'rg-key-the-other-one';
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Digests as if `given` hashed to `key`'s SHA-256 with its last byte changed by `delta`. */
  function digestsDifferingInTheLastByte(delta: number) {
    const real = crypto.subtle.digest.bind(crypto.subtle);
    vi.spyOn(crypto.subtle, 'digest').mockImplementation(async (algorithm, data) => {
      const text = new TextDecoder().decode(data);
      if (text !== given) return real(algorithm, data);
      const digest = new Uint8Array(await real(algorithm, new TextEncoder().encode(key)));
      digest[digest.length - 1] = (digest[digest.length - 1]! + delta) & 0xff;
      return digest.buffer;
    });
  }

  const check = () =>
    call(
      '/v1/check',
      {
        method: 'POST',
        headers: { 'content-type': 'text/plain', authorization: `Bearer ${given}` },
        body: '{"segments":[]}',
      },
      { API_KEY: key },
    );

  it('refuses a key whose digest differs only in its last byte (401)', async () => {
    digestsDifferingInTheLastByte(1);
    expect((await check()).status).toBe(401);
  });

  it('lets the same digest through (the stand-in digest is what the compare sees)', async () => {
    digestsDifferingInTheLastByte(0);
    expect((await check()).status).toBe(200);
  });
});

describe('CORS: a look-alike of an allowed origin is another origin', () => {
  const env = { CORS_ORIGINS: 'https://allowed.example.com' };
  const lookalikes = [
    'https://allowed.example.com.evil.net',
    'https://allowed.example.com:8443',
    'http://allowed.example.com',
    'https://allowed.example.co',
    'https://evil-allowed.example.com',
    'https://sub.allowed.example.com',
    'https://allowed.example.com/',
    'https://ALLOWED.example.com',
    'null',
  ];

  it.each(lookalikes)('%s: no allow-origin on an answer, and a 403 preflight', async (origin) => {
    const answer = await call(
      '/v1/check',
      {
        method: 'POST',
        headers: { 'content-type': 'text/plain', origin },
        body: '{"segments":[]}',
      },
      env,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await call(
      '/v1/check',
      { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } },
      env,
    );
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('the allowed origin itself still gets both (so the cases above test the match)', async () => {
    const origin = 'https://allowed.example.com';
    const preflight = await call('/v1/check', { method: 'OPTIONS', headers: { origin } }, env);
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
  });
});

describe('the body limit: exactly the limit is read, one byte more is 413', () => {
  const LIMIT = 1000;
  const env = { MAX_BODY_BYTES: String(LIMIT) };
  /** A valid body of exactly `size` bytes for a route (JSON padded with spaces). */
  const bodyOf = (route: string, size: number) => {
    const json =
      route === '/v1/check'
        ? '{"segments":[]}'
        : JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] });
    return json + ' '.repeat(size - json.length);
  };
  const contentType = (route: string) =>
    route === '/v1/check' ? 'text/plain' : 'application/json';
  const streamOf = (text: string) => {
    const bytes = new TextEncoder().encode(text);
    let at = 0;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(at, at + 128));
        at += 128;
      },
    });
  };
  const routes = ['/v1/check', '/v1/chat/completions'];

  it.each(routes)('%s by Content-Length', async (route) => {
    const body = bodyOf(route, LIMIT);
    expect(new TextEncoder().encode(body).length).toBe(LIMIT);
    const exact = await call(
      route,
      {
        method: 'POST',
        headers: { 'content-type': contentType(route), 'content-length': String(LIMIT) },
        body,
      },
      env,
    );
    expect(exact.status).toBe(200);
    await exact.body?.cancel();
    // One byte more declared: refused on the header alone (a body read would fail here).
    const unreadable = new ReadableStream<Uint8Array>({
      pull: (controller) => controller.error(new Error('the body was read')),
    });
    const over = await call(
      route,
      {
        method: 'POST',
        headers: { 'content-type': contentType(route), 'content-length': String(LIMIT + 1) },
        body: unreadable,
        duplex: 'half',
      } as RequestInit,
      env,
    );
    expect(over.status).toBe(413);
    await over.body?.cancel();
  });

  it.each(routes)('%s streamed, with no Content-Length', async (route) => {
    for (const [size, status] of [
      [LIMIT, 200],
      [LIMIT + 1, 413],
    ] as const) {
      const response = await call(
        route,
        {
          method: 'POST',
          headers: { 'content-type': contentType(route) },
          body: streamOf(bodyOf(route, size)),
          duplex: 'half',
        } as RequestInit,
        env,
      );
      expect(response.status, `${size} bytes`).toBe(status);
      await response.body?.cancel();
    }
  });
});

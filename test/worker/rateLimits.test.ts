import { describe, expect, it } from 'vitest';
import { createHandler } from '../../src/worker/index';
import {
  base,
  chat,
  keyStore,
  loggedHandler,
  postJson,
  rateLimiter,
  sha256,
} from './operatorStandIns';

// Rate limits per key on Cloudflare's rate-limiting binding (issue 31, item 2): the binding does
// the counting (here a stand-in that records what it was asked; the real binding runs in
// operatorsWorkerd.test.ts), the Worker answers 429 in each wire's error shape with retry-after.

const A = 'rg_limits-a-0123456789abcdefghijklmnopqrstuvwxyz';
const B = 'rg_limits-b-0123456789abcdefghijklmnopqrstuvwxyz';
const TIGHT = 'rg_limits-t-0123456789abcdefghijklmnopqrstuvwxyz';
const CLIENT_KEYS_JSON = JSON.stringify({
  [sha256(A)]: { name: 'team-a' },
  [sha256(B)]: { name: 'team-b' },
  [sha256(TIGHT)]: { name: 'tight', rateLimit: 'RATE_LIMIT_TIGHT' },
});
const auth = (key: string) => ({ authorization: `Bearer ${key}` });
const messages = (key: string) =>
  postJson(
    { model: 'claude-x', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] },
    { 'x-api-key': key },
  );

describe('RATE_LIMIT', () => {
  it('counts each key under its own name and answers 429 in each wire’s shape with retry-after', async () => {
    const RATE_LIMIT = rateLimiter(1);
    const { fetch, lines } = loggedHandler({ CLIENT_KEYS_JSON, RATE_LIMIT });
    expect((await fetch('/v1/chat/completions', postJson(chat('hi'), auth(A)))).status).toBe(200);
    expect((await fetch('/v1/check', postJson({ reply: '{"segments":[]}' }, auth(B)))).status).toBe(
      200,
    );
    const openAi = await fetch('/v1/chat/completions', postJson(chat('hi'), auth(A)));
    expect(openAi.status).toBe(429);
    expect(openAi.headers.get('retry-after')).toBe('60');
    expect(await openAi.json()).toEqual({
      error: {
        message: 'too many requests for this key; retry after 60 seconds',
        type: 'requests',
        param: null,
        code: 'RATE_LIMITED',
      },
    });
    const responses = await fetch('/v1/responses', postJson({ input: 'hi' }, auth(A)));
    expect([responses.status, (await responses.json()).error.type]).toEqual([429, 'requests']);
    const anthropic = await fetch('/v1/messages', messages(A));
    expect(anthropic.status).toBe(429);
    expect(await anthropic.json()).toMatchObject({
      type: 'error',
      error: { type: 'rate_limit_error', code: 'RATE_LIMITED' },
    });
    const own = await fetch('/v1/check', postJson({ reply: '{"segments":[]}' }, auth(B)));
    expect([own.status, (await own.json()).error.code]).toEqual([429, 'RATE_LIMITED']);
    expect(RATE_LIMIT.counted).toEqual([
      'key:team-a',
      'key:team-b',
      'key:team-a',
      'key:team-a',
      'key:team-a',
      'key:team-b',
    ]);
    expect(lines.map((line) => [line.key, line.status, line.code])).toEqual([
      ['team-a', 200, null],
      ['team-b', 200, null],
      ['team-a', 429, 'RATE_LIMITED'],
      ['team-a', 429, 'RATE_LIMITED'],
      ['team-a', 429, 'RATE_LIMITED'],
      ['team-b', 429, 'RATE_LIMITED'],
    ]);
  });

  it('sends RATE_LIMIT_PERIOD as retry-after; other periods are refused', async () => {
    const { fetch } = loggedHandler({ RATE_LIMIT: rateLimiter(0), RATE_LIMIT_PERIOD: '10' });
    const limited = await fetch('/v1/check', postJson({ reply: '{"segments":[]}' }));
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '10']);
    const { fetch: bad } = loggedHandler({ RATE_LIMIT: rateLimiter(0), RATE_LIMIT_PERIOD: 30 });
    expect((await bad('/v1/check', postJson({ reply: '{}' }))).status).toBe(500);
  });

  it('counts a keyless caller by its address, and never health, the demo or a preflight', async () => {
    const RATE_LIMIT = rateLimiter(5);
    const { fetch } = loggedHandler({ RATE_LIMIT, demoHtml: '<p>demo</p>', CORS_ORIGINS: '*' });
    const from = (ip?: string) =>
      fetch('/v1/check', postJson({ reply: '{}' }, ip ? { 'cf-connecting-ip': ip } : {}));
    await from();
    await fetch('/healthz');
    await fetch('/');
    await fetch('/v1/check', {
      method: 'OPTIONS',
      headers: { origin: 'https://x.example', 'access-control-request-method': 'POST' },
    });
    expect(RATE_LIMIT.counted).toEqual(['ip:unknown']);
  });

  it('trusts cf-connecting-ip only on Cloudflare (the request carries cf), else one bucket', async () => {
    const RATE_LIMIT = rateLimiter(1);
    const handler = createHandler({ RATE_LIMIT });
    const ask = (ip: string, cf?: object) => {
      const request = new Request(
        `${base}/v1/check`,
        postJson({ reply: '{}' }, { 'cf-connecting-ip': ip }),
      );
      if (cf) Object.defineProperty(request, 'cf', { value: cf });
      return handler.fetch(request);
    };
    // Off Cloudflare a client sets the header itself: a fresh one per request gets no fresh bucket.
    expect((await ask('198.51.100.1')).status).toBe(422);
    expect((await ask('198.51.100.2')).status).toBe(429);
    expect((await ask('198.51.100.3', { colo: 'AMS' })).status).toBe(422);
    expect((await ask('198.51.100.4', { colo: 'AMS' })).status).toBe(422);
    expect((await ask('198.51.100.4', { colo: 'AMS' })).status).toBe(429);
    expect(RATE_LIMIT.counted).toEqual([
      'ip:unknown',
      'ip:unknown',
      'ip:198.51.100.3',
      'ip:198.51.100.4',
      'ip:198.51.100.4',
    ]);
  });

  it("uses the host's clientAddress when it gives one (Node, Bun, Deno, hono)", async () => {
    const RATE_LIMIT = rateLimiter(100);
    const seen: Request[] = [];
    const { fetch } = loggedHandler({
      RATE_LIMIT,
      clientAddress: (request) => {
        seen.push(request);
        return request.headers.get('x-real-ip') ?? undefined;
      },
    });
    const ask = (headers: Record<string, string>) =>
      fetch('/v1/check', postJson({ reply: '{}' }, headers));
    await ask({ 'x-real-ip': '192.0.2.9', 'cf-connecting-ip': '203.0.113.1' });
    await ask({});
    await ask({ 'x-real-ip': 'x'.repeat(300) });
    expect(RATE_LIMIT.counted).toEqual(['ip:192.0.2.9', 'ip:unknown', `ip:${'x'.repeat(100)}`]);
    expect(seen.length).toBe(3);
    const { fetch: bad } = loggedHandler({ clientAddress: 'x-real-ip' as never });
    expect((await bad('/v1/check', postJson({ reply: '{}' }))).status).toBe(500);
  });

  it('is optional: unbound, nothing is counted', async () => {
    const { fetch } = loggedHandler();
    for (let i = 0; i < 3; i++)
      expect((await fetch('/v1/check', postJson({ reply: '{"segments":[]}' }))).status).toBe(200);
  });
});

describe('keys that are not known', () => {
  const made = (i: number) => `rg_guess-${i}-0123456789abcdefghijklmnopqrstuvwxyz`;

  it('are counted by address: past RATE_LIMIT, 429 and no more key store reads', async () => {
    const RATE_LIMIT = rateLimiter(1);
    const store = keyStore({ [sha256(A)]: JSON.stringify({ name: 'team-a' }) });
    const { fetch, lines } = loggedHandler({ CLIENT_KEYS: store, RATE_LIMIT });
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) {
      const response = await fetch('/v1/chat/completions', postJson(chat('hi'), auth(made(i))));
      statuses.push(response.status);
      if (response.status === 429) {
        expect(response.headers.get('retry-after')).toBe('60');
        expect((await response.json()).error).toMatchObject({
          code: 'RATE_LIMITED',
          type: 'requests',
        });
      }
    }
    expect(statuses).toEqual([401, ...Array.from({ length: 49 }, () => 429)]);
    // Two lookups: the first guess, and the one the binding first refused.
    expect(store.asked.length).toBe(2);
    expect(RATE_LIMIT.counted).toEqual(['ip:unknown', 'ip:unknown']);
    expect(lines.at(-1)).toMatchObject({ key: null, status: 429, code: 'RATE_LIMITED' });
  });

  it('missing, malformed and unknown keys of a secret are counted too; known keys are not held back', async () => {
    const RATE_LIMIT = rateLimiter(2);
    const { fetch } = loggedHandler({ CLIENT_KEYS_JSON, RATE_LIMIT, API_KEY: 'operator-key-1' });
    const ask = (headers: Record<string, string>) =>
      fetch('/v1/check', postJson({ reply: '{"segments":[]}' }, headers));
    expect((await ask({})).status).toBe(401);
    expect((await ask({ authorization: 'Token x' })).status).toBe(401);
    expect((await ask(auth(made(1)))).status).toBe(429);
    expect((await ask(auth('operator-key-2'))).status).toBe(429);
    expect((await ask(auth(A))).status).toBe(200);
    expect((await ask(auth('operator-key-1'))).status).toBe(200);
    expect(RATE_LIMIT.counted).toEqual([
      'ip:unknown',
      'ip:unknown',
      'ip:unknown',
      'ip:unknown',
      'key:team-a',
      'key:api-key',
    ]);
  });

  it('answer 503 when RATE_LIMIT cannot count them (never unlimited)', async () => {
    const RATE_LIMIT = rateLimiter(100);
    RATE_LIMIT.mode = 'throw';
    const { fetch } = loggedHandler({ CLIENT_KEYS_JSON, RATE_LIMIT });
    const refused = await fetch('/v1/messages', messages(made(1)));
    expect([refused.status, refused.headers.get('retry-after')]).toEqual([503, '1']);
  });
});

describe("a key's own rate limit", () => {
  it('is counted on top of RATE_LIMIT, under the key’s name', async () => {
    const RATE_LIMIT = rateLimiter(100);
    const RATE_LIMIT_TIGHT = rateLimiter(1);
    const { fetch } = loggedHandler({ CLIENT_KEYS_JSON, RATE_LIMIT, RATE_LIMIT_TIGHT });
    const ask = () => fetch('/v1/check', postJson({ reply: '{"segments":[]}' }, auth(TIGHT)));
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(429);
    expect((await fetch('/v1/check', postJson({ reply: '{}' }, auth(A)))).status).toBe(422);
    expect(RATE_LIMIT.counted).toEqual(['key:tight', 'key:tight', 'key:team-a']);
    expect(RATE_LIMIT_TIGHT.counted).toEqual(['key:tight', 'key:tight']);
  });

  it('refuses with 503 (not unlimited) when its binding is not bound', async () => {
    const { fetch, lines } = loggedHandler({ CLIENT_KEYS_JSON });
    const refused = await fetch('/v1/chat/completions', postJson(chat('hi'), auth(TIGHT)));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBeNull();
    expect(await refused.json()).toMatchObject({
      error: { code: 'RATE_LIMIT_UNAVAILABLE', type: 'server_error' },
    });
    expect(lines[0]).toMatchObject({ key: 'tight', status: 503, code: 'RATE_LIMIT_UNAVAILABLE' });
  });

  it('refuses with 503 and retry-after 1 when a binding throws, hangs or answers nonsense', async () => {
    for (const mode of ['throw', 'hang', 'odd'] as const) {
      const RATE_LIMIT = rateLimiter(100);
      RATE_LIMIT.mode = mode;
      const { fetch } = loggedHandler({ CLIENT_KEYS_JSON, RATE_LIMIT, ACCESS_TIMEOUT_MS: 20 });
      const refused = await fetch('/v1/messages', messages(A));
      expect([refused.status, refused.headers.get('retry-after')], mode).toEqual([503, '1']);
      expect(await refused.json()).toMatchObject({
        type: 'error',
        error: { type: 'api_error', code: 'RATE_LIMIT_UNAVAILABLE' },
      });
    }
  });

  it('refuses a RATE_LIMIT binding that is not a rate limiter (500 MISCONFIGURED)', async () => {
    const { fetch } = loggedHandler({ RATE_LIMIT: 'sixty' as never });
    expect((await fetch('/v1/check', postJson({ reply: '{}' }))).status).toBe(500);
  });
});

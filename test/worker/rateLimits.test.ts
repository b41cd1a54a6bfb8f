import { describe, expect, it } from 'vitest';
import { chat, loggedHandler, postJson, rateLimiter, sha256 } from './operatorStandIns';

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
    await from('203.0.113.7');
    await from();
    await fetch('/healthz');
    await fetch('/');
    await fetch('/v1/check', {
      method: 'OPTIONS',
      headers: { origin: 'https://x.example', 'access-control-request-method': 'POST' },
    });
    expect(RATE_LIMIT.counted).toEqual(['ip:203.0.113.7', 'ip:unknown']);
  });

  it('is optional: unbound, nothing is counted', async () => {
    const { fetch } = loggedHandler();
    for (let i = 0; i < 3; i++)
      expect((await fetch('/v1/check', postJson({ reply: '{"segments":[]}' }))).status).toBe(200);
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

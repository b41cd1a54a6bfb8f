import { describe, expect, it } from 'vitest';
import { findKeyEntry, readKeysJson } from '../../src/worker/keys/keysJson';
import { sameDigest } from '../../src/worker/keys/sameDigest';
import { chat, keyStore, loggedHandler, postJson, sha256 } from './operatorStandIns';

// Client keys (issue 31, item 1): many keys, each named with its own narrower settings, kept
// hashed in a KV namespace or a secret of JSON; the single API_KEY keeps working.

const TEAM_A = 'rg_team-a-0123456789abcdefghijklmnopqrstuvwxyzAB';
const TEAM_B = 'rg_team-b-0123456789abcdefghijklmnopqrstuvwxyzAB';
const OLD = 'rg_old-key-0123456789abcdefghijklmnopqrstuvwxyzAB';
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const keysJson = (entries: Record<string, object>) =>
  JSON.stringify(
    Object.fromEntries(Object.entries(entries).map(([key, value]) => [sha256(key), value])),
  );
const json = keysJson({
  [TEAM_A]: { name: 'team-a' },
  [TEAM_B]: { name: 'team-b', routes: ['/v1/check'] },
  [OLD]: { name: 'old', revoked: true },
});
const checkBody = postJson({ reply: '{"segments":[]}' });
const check = (headers: Record<string, string>) => postJson({ reply: '{"segments":[]}' }, headers);

async function errorOf(response: Response) {
  const body = (await response.json()) as {
    error: { code: string; message: string; type?: string };
    type?: string;
  };
  return { status: response.status, ...body.error, shape: body.type };
}

describe('keys in a CLIENT_KEYS_JSON secret', () => {
  it('lets each key in under its own name; unknown, revoked and missing keys get 401', async () => {
    const { fetch, lines } = loggedHandler({ CLIENT_KEYS_JSON: json });
    expect((await fetch('/v1/check', check(bearer(TEAM_A)))).status).toBe(200);
    expect((await fetch('/v1/check', check({ 'x-api-key': TEAM_B }))).status).toBe(200);
    expect(await errorOf(await fetch('/v1/check', check(bearer(`${TEAM_A}x`))))).toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
      message: 'the API key is not known',
    });
    const revoked = await fetch('/v1/check', check(bearer(OLD)));
    expect(revoked.headers.get('www-authenticate')).toBe('Bearer');
    expect(await errorOf(revoked)).toMatchObject({ status: 401, code: 'KEY_REVOKED' });
    expect(await errorOf(await fetch('/v1/check', checkBody))).toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
    });
    // A malformed Authorization header is refused, never passed over for x-api-key.
    const malformed = check({ authorization: `Token ${TEAM_A}`, 'x-api-key': TEAM_A });
    expect((await fetch('/v1/check', malformed)).status).toBe(401);
    expect(lines.map((line) => [line.key, line.keySource, line.status, line.code])).toEqual([
      ['team-a', 'json', 200, null],
      ['team-b', 'json', 200, null],
      [null, null, 401, 'UNAUTHORIZED'],
      ['old', null, 401, 'KEY_REVOKED'],
      [null, null, 401, 'UNAUTHORIZED'],
      [null, null, 401, 'UNAUTHORIZED'],
    ]);
  });

  it('keeps API_KEY working beside client keys, named api-key', async () => {
    const { fetch, lines } = loggedHandler({ CLIENT_KEYS_JSON: json, API_KEY: 'shared-key-1' });
    expect((await fetch('/v1/check', check(bearer('shared-key-1')))).status).toBe(200);
    expect((await fetch('/v1/check', check(bearer(TEAM_A)))).status).toBe(200);
    expect(lines.map((line) => line.key)).toEqual(['api-key', 'team-a']);
  });

  it('refuses a secret that is not JSON of hashes and valid settings (503, in the wire shape)', async () => {
    const bad = [
      '{"not-a-hash": {"name": "x"}}',
      `{"${sha256(TEAM_A)}": {"name": "x", "color": "red"}}`,
      `{"${sha256(TEAM_A)}": {"name": "has space"}}`,
      `{"${sha256(TEAM_A)}": {"name": "a"}, "${sha256(TEAM_A)}": {"name": "b"}}`,
      '[]',
      'not json',
    ];
    for (const secret of bad) {
      const { fetch } = loggedHandler({ CLIENT_KEYS_JSON: secret });
      const refused = await fetch('/v1/chat/completions', postJson(chat('hi'), bearer(TEAM_A)));
      expect(refused.headers.get('retry-after')).toBe('1');
      const body = (await refused.json()) as { error: Record<string, unknown> };
      expect([refused.status, body.error.code, body.error.type], secret).toEqual([
        503,
        'KEYS_UNAVAILABLE',
        'server_error',
      ]);
      expect(JSON.stringify(body)).not.toContain(sha256(TEAM_A));
    }
  });

  it('compares every entry: a digest that differs in its last byte matches none', () => {
    const entries = readKeysJson(json)!;
    const digest = Uint8Array.from(Buffer.from(sha256(TEAM_B), 'hex'));
    expect(findKeyEntry(entries, digest)?.name).toBe('team-b');
    digest[31] = digest[31]! ^ 1;
    expect(findKeyEntry(entries, digest)).toBeUndefined();
    expect(sameDigest(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(sameDigest(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
    expect(sameDigest(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2]))).toBe(false);
    expect(sameDigest(new Uint8Array([1, 2]), new Uint8Array([1, 2, 0]))).toBe(false);
  });
});

describe('keys in a CLIENT_KEYS KV namespace', () => {
  const entries = {
    [sha256(TEAM_A)]: JSON.stringify({ name: 'team-a' }),
    [sha256(OLD)]: JSON.stringify({ name: 'old', revoked: true }),
    [sha256(TEAM_B)]: '{"name": "team-b", "routes": ["/v1/everything"]}',
  };

  it('looks a key up by its SHA-256 only (the key itself never reaches the store)', async () => {
    const store = keyStore(entries);
    const { fetch, lines } = loggedHandler({ CLIENT_KEYS: store });
    expect((await fetch('/v1/check', check(bearer(TEAM_A)))).status).toBe(200);
    expect(store.asked).toEqual([{ key: sha256(TEAM_A), options: { type: 'text', cacheTtl: 60 } }]);
    expect(await errorOf(await fetch('/v1/check', check(bearer(OLD))))).toMatchObject({
      code: 'KEY_REVOKED',
    });
    expect((await fetch('/v1/check', check(bearer('rg_nobody')))).status).toBe(401);
    expect(JSON.stringify(store.asked)).not.toContain('rg_');
    expect(lines.map((line) => [line.key, line.keySource])).toEqual([
      ['team-a', 'kv'],
      ['old', null],
      [null, null],
    ]);
  });

  it('refuses with 403 a key whose stored entry is not valid settings, naming only the field', async () => {
    const store = keyStore({
      ...entries,
      [sha256('rg_broken')]: 'not json',
      [sha256('rg_secret-field')]: JSON.stringify({ name: 'x', 'sk-live-abcdef': 1 }),
    });
    const { fetch } = loggedHandler({ CLIENT_KEYS: store });
    expect(await errorOf(await fetch('/v1/check', check(bearer(TEAM_B))))).toMatchObject({
      status: 403,
      code: 'KEY_SETTINGS_INVALID',
      message: "this key's stored settings are not valid (routes); ask the operator",
    });
    expect(await errorOf(await fetch('/v1/check', check(bearer('rg_broken'))))).toMatchObject({
      status: 403,
      code: 'KEY_SETTINGS_INVALID',
    });
    const unknownField = await errorOf(await fetch('/v1/check', check(bearer('rg_secret-field'))));
    expect(unknownField.message).not.toContain('sk-live');
  });

  it('answers 503 (never 500) when the store throws or hangs, waiting at most ACCESS_TIMEOUT_MS', async () => {
    for (const mode of ['throw', 'hang'] as const) {
      const store = keyStore(entries);
      store.mode = mode;
      const { fetch, lines } = loggedHandler({ CLIENT_KEYS: store, ACCESS_TIMEOUT_MS: 20 });
      const messages = await fetch(
        '/v1/messages',
        postJson(
          { model: 'claude-x', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] },
          { 'x-api-key': TEAM_A },
        ),
      );
      expect(messages.status).toBe(503);
      expect(await messages.json()).toMatchObject({
        type: 'error',
        error: { type: 'api_error', code: 'KEYS_UNAVAILABLE' },
      });
      expect(lines[0]).toMatchObject({ status: 503, code: 'KEYS_UNAVAILABLE', key: null });
    }
  });

  it('refuses an over-long key without a lookup', async () => {
    const store = keyStore(entries);
    const { fetch } = loggedHandler({ CLIENT_KEYS: store });
    expect((await fetch('/v1/check', check(bearer('k'.repeat(513))))).status).toBe(401);
    expect(store.asked).toEqual([]);
  });
});

describe('when keys are asked for', () => {
  it('is keyless with no key configured, or with AUTH=off (npm start)', async () => {
    for (const env of [{}, { AUTH: 'off', API_KEY: 'k1', CLIENT_KEYS: keyStore({}) }]) {
      const { fetch, lines } = loggedHandler();
      expect((await fetch('/v1/check', checkBody, env)).status).toBe(200);
      expect(lines[0]).toMatchObject({ key: 'anonymous', keySource: 'none' });
    }
  });

  it('asks for a key as soon as CLIENT_KEYS is bound, even empty (closed, never open)', async () => {
    const { fetch } = loggedHandler({ CLIENT_KEYS: keyStore({}) });
    expect((await fetch('/v1/check', checkBody)).status).toBe(401);
    expect((await fetch('/healthz')).status).toBe(200);
  });

  it('refuses a bad AUTH, ACCESS_TIMEOUT_MS or CLIENT_KEYS binding (500 MISCONFIGURED)', async () => {
    for (const env of [
      { AUTH: 'maybe' },
      { ACCESS_TIMEOUT_MS: '0' },
      { ACCESS_TIMEOUT_MS: 'soon' },
      { CLIENT_KEYS: 'a-namespace-id' as never },
    ]) {
      const { fetch } = loggedHandler(env);
      expect((await errorOf(await fetch('/v1/check', checkBody))).code).toBe('MISCONFIGURED');
    }
  });

  it('lets a client key store schemas; with keys off, schema writes stay refused', async () => {
    const schema = { method: 'PUT', headers: { 'content-type': 'application/json' } };
    const saved = new Map<string, string>();
    const SCHEMAS = {
      get: (name: string) => Promise.resolve(saved.get(name) ?? null),
      put: (name: string, value: string) => Promise.resolve(void saved.set(name, value)),
    };
    const { fetch } = loggedHandler({ CLIENT_KEYS_JSON: json, SCHEMAS });
    const put = (headers: Record<string, string>, env: unknown = {}) =>
      fetch(
        '/v1/schemas/invoice',
        { ...schema, headers: { ...schema.headers, ...headers }, body: '{"type":"object"}' },
        env,
      );
    expect((await put(bearer(TEAM_A))).status).toBe(201);
    expect((await errorOf(await put({}, { AUTH: 'off' }))).code).toBe('FORBIDDEN');
  });
});

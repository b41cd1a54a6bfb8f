import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeUpstream } from './fakeUpstream';
import { chat, loggedHandler, postJson, sha256 } from './operatorStandIns';
import { sseEvents } from './sseEvents';

// A client key's settings narrow the Worker's own, never widen them (issue 31, item 1): routes,
// the upstream model, the body limit, progress events.

const KEY = 'rg_narrow-0123456789abcdefghijklmnopqrstuvwxyzABCD';
const REPLY = '{"segments":[{"type":"text","data":{"text":"ok"}}]}';
let upstream: Awaited<ReturnType<typeof fakeUpstream>>;
beforeAll(async () => {
  upstream = await fakeUpstream(() => ({ chunks: [REPLY], pauseMs: 1 }));
});
afterAll(async () => {
  await upstream?.close();
});

/** A handler whose one client key has `settings`, over an OpenAI-compatible upstream. */
function withKey(settings: object, env: Record<string, unknown> = {}) {
  return loggedHandler({
    UPSTREAM_KIND: 'openai',
    UPSTREAM_BASE_URL: upstream.baseUrl,
    UPSTREAM_MODEL: 'model-small',
    UPSTREAM_MODELS: 'model-large, model-vision',
    CLIENT_KEYS_JSON: JSON.stringify({ [sha256(KEY)]: { name: 'narrow', ...settings } }),
    ...env,
  });
}
const auth = { authorization: `Bearer ${KEY}` };
const lastModel = () => (upstream.calls.at(-1)!.body as unknown as { model: string }).model;

describe("a key's settings", () => {
  it('routes: only the routes listed (403 ROUTE_NOT_ALLOWED), /v1/models covering a model', async () => {
    const { fetch, lines } = withKey({ routes: ['/v1/check', '/v1/models'] });
    expect((await fetch('/v1/check', postJson({ reply: REPLY }, auth))).status).toBe(200);
    expect((await fetch('/v1/models', { headers: auth })).status).toBe(200);
    expect((await fetch('/v1/models/model-small', { headers: auth })).status).toBe(200);
    const refused = await fetch('/v1/chat/completions', postJson(chat('hi'), auth));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: { code: 'ROUTE_NOT_ALLOWED', type: 'invalid_request_error' },
    });
    expect((await fetch('/v1/schema', { headers: auth })).status).toBe(403);
    expect(lines.map((line) => line.route)).toEqual([
      '/v1/check',
      '/v1/models',
      '/v1/models/:id',
      '/v1/chat/completions',
      '/v1/schema',
    ]);
  });

  it('model: the key uses its model, one of the Worker’s; any other is refused (403)', async () => {
    const { fetch } = withKey({ model: 'model-large' });
    const body = (await (
      await fetch('/v1/chat/completions', postJson(chat('hi', { model: 'model-small' }), auth))
    ).json()) as { model: string };
    // The key's model is its only one: a request naming another still gets the key's.
    expect(lastModel()).toBe('model-large');
    expect(body.model).toBe('model-small');
    const models = (await (await fetch('/v1/models', { headers: auth })).json()) as {
      data: { id: string }[];
    };
    expect(models.data.map((model) => model.id)).toEqual(['model-large']);
    const { fetch: other } = withKey({ model: 'model-huge' });
    const refused = await other('/v1/chat/completions', postJson(chat('hi'), auth));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'KEY_SETTINGS_INVALID' } });
  });

  it('without a model: a request naming one of the Worker’s models gets it, any other the default', async () => {
    const { fetch } = withKey({});
    await fetch('/v1/chat/completions', postJson(chat('hi', { model: 'model-vision' }), auth));
    expect(lastModel()).toBe('model-vision');
    await fetch('/v1/chat/completions', postJson(chat('hi', { model: 'gpt-9' }), auth));
    expect(lastModel()).toBe('model-small');
  });

  it('maxBodyBytes: the smaller limit applies, the Worker’s or the key’s', async () => {
    const big = { reply: REPLY, failureNotice: 'x'.repeat(600) };
    const { fetch } = withKey({ maxBodyBytes: 500 }, { MAX_BODY_BYTES: 10_000 });
    expect((await fetch('/v1/check', postJson(big, auth))).status).toBe(413);
    expect((await fetch('/v1/check', postJson({ reply: REPLY }, auth))).status).toBe(200);
    const { fetch: wider } = withKey({ maxBodyBytes: 1_000_000 }, { MAX_BODY_BYTES: 300 });
    expect((await wider('/v1/check', postJson(big, auth))).status).toBe(413);
  });

  it('progress: false refuses replyguard.progress (403); true never turns on what PROGRESS=false turned off', async () => {
    const ask = chat('hi', { stream: true, replyguard: { progress: true } });
    const { fetch } = withKey({ progress: false });
    const refused = await fetch('/v1/chat/completions', postJson(ask, auth));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: { code: 'PROGRESS_DISABLED', param: 'replyguard.progress' },
    });
    const { fetch: off } = withKey({ progress: true }, { PROGRESS: 'false' });
    expect((await off('/v1/chat/completions', postJson(ask, auth))).status).toBe(403);
    const { fetch: on } = withKey({ progress: true });
    const streamed = await on('/v1/chat/completions', postJson(ask, auth));
    expect(streamed.status).toBe(200);
    expect(sseEvents(await streamed.text()).length).toBeGreaterThan(1);
  });

  it('PROGRESS=false refuses progress for everyone, API_KEY and keyless callers included', async () => {
    const ask = chat('hi', { stream: true, replyguard: { progress: true } });
    const { fetch } = loggedHandler({ PROGRESS: false });
    expect((await fetch('/v1/chat/completions', postJson(ask))).status).toBe(403);
    const { fetch: bad } = loggedHandler({ PROGRESS: 'maybe' });
    expect((await bad('/v1/chat/completions', postJson(ask))).status).toBe(500);
  });
});

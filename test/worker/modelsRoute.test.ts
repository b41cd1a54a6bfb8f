import { describe, expect, it } from 'vitest';
import { loggedHandler } from './operatorStandIns';

// GET /v1/models (issue 31, item 4): the configured models, in OpenAI's shape, or Anthropic's for
// a request carrying anthropic-version (every Anthropic SDK sends it). The real clients' list
// calls run against the Worker bundle in operatorsWorkerd.test.ts.

const env = { UPSTREAM_MODEL: 'm-default', UPSTREAM_MODELS: 'm-two, m-three,m-two,' };
const anthropic = { 'anthropic-version': '2023-06-01' };

describe('GET /v1/models', () => {
  it('lists UPSTREAM_MODEL then UPSTREAM_MODELS in OpenAI’s shape', async () => {
    const { fetch, lines } = loggedHandler(env);
    const response = await fetch('/v1/models');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      object: 'list',
      data: ['m-default', 'm-two', 'm-three'].map((id) => ({
        id,
        object: 'model',
        created: 0,
        owned_by: 'replyguard',
      })),
    });
    expect(lines[0]).toMatchObject({ route: '/v1/models', wire: 'models', status: 200 });
  });

  it('lists the scripted model by default', async () => {
    const { fetch } = loggedHandler();
    const body = (await (await fetch('/v1/models')).json()) as { data: { id: string }[] };
    expect(body.data.map((model) => model.id)).toEqual(['scripted']);
  });

  it('answers in Anthropic’s shape, paged by limit, after_id and before_id', async () => {
    const { fetch } = loggedHandler(env);
    const page = async (query = '') =>
      (await (await fetch(`/v1/models${query}`, { headers: anthropic })).json()) as {
        data: { id: string; type: string; display_name: string; created_at: string }[];
        has_more: boolean;
        first_id: string | null;
        last_id: string | null;
      };
    const all = await page();
    expect(all).toEqual({
      data: ['m-default', 'm-two', 'm-three'].map((id) => ({
        type: 'model',
        id,
        display_name: id,
        created_at: '1970-01-01T00:00:00Z',
      })),
      has_more: false,
      first_id: 'm-default',
      last_id: 'm-three',
    });
    const first = await page('?limit=2');
    expect([first.data.map((model) => model.id), first.has_more]).toEqual([
      ['m-default', 'm-two'],
      true,
    ]);
    const next = await page(`?limit=2&after_id=${first.last_id}`);
    expect([next.data.map((model) => model.id), next.has_more]).toEqual([['m-three'], false]);
    const back = await page('?limit=1&before_id=m-three');
    expect([back.data.map((model) => model.id), back.has_more]).toEqual([['m-two'], true]);
    const unknown = await page('?after_id=nope');
    expect([unknown.data, unknown.has_more, unknown.first_id]).toEqual([[], false, null]);
    const bad = await fetch('/v1/models?limit=0', { headers: anthropic });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      type: 'error',
      error: { type: 'invalid_request_error', field: 'limit' },
    });
  });

  it('GET /v1/models/:id: one model, or 404 in the client’s shape', async () => {
    const { fetch } = loggedHandler(env);
    expect(await (await fetch('/v1/models/m-two')).json()).toEqual({
      id: 'm-two',
      object: 'model',
      created: 0,
      owned_by: 'replyguard',
    });
    expect(await (await fetch('/v1/models/m-two', { headers: anthropic })).json()).toMatchObject({
      type: 'model',
      id: 'm-two',
    });
    const slashed = loggedHandler({ UPSTREAM_MODEL: 'models/gemini-2.0-flash' });
    expect((await slashed.fetch('/v1/models/models%2Fgemini-2.0-flash')).status).toBe(200);
    const missing = await fetch('/v1/models/gpt-9');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({
      error: { code: 'MODEL_NOT_FOUND', type: 'not_found_error' },
    });
    const missingAnthropic = await fetch('/v1/models/gpt-9', { headers: anthropic });
    expect(await missingAnthropic.json()).toMatchObject({
      type: 'error',
      error: { type: 'not_found_error' },
    });
  });

  it('needs the key like every API route, refused in the client’s shape', async () => {
    const { fetch } = loggedHandler({ ...env, API_KEY: 'models-key' });
    const openAi = await fetch('/v1/models');
    expect(openAi.status).toBe(401);
    expect(await openAi.json()).toMatchObject({ error: { type: 'authentication_error' } });
    const claude = await fetch('/v1/models', { headers: anthropic });
    expect(await claude.json()).toMatchObject({
      type: 'error',
      error: { type: 'authentication_error' },
    });
    const ok = await fetch('/v1/models', { headers: { authorization: 'Bearer models-key' } });
    expect(ok.status).toBe(200);
    const post = await fetch('/v1/models', {
      method: 'POST',
      headers: { authorization: 'Bearer models-key' },
    });
    expect(post.status).toBe(405);
  });
});

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Anthropic from '@anthropic-ai/sdk';
import { Miniflare } from 'miniflare';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuilt } from '../requireBuilt';

// The Worker bundle in workerd with the production bindings Miniflare really runs (issue 31): a
// KV namespace of client keys, Cloudflare's rate-limiting binding (Miniflare's `ratelimits`, as
// wrangler maps a `ratelimits` entry to it: a fixed window per period, counted per key), an
// Analytics Engine dataset, and the Worker's console as Workers Logs would read it; the real
// `openai` and `@anthropic-ai/sdk` clients on top.
//
// Miniflare 4.20260426's Analytics Engine binding accepts writeDataPoint and keeps nothing (its
// local dataset is a no-op), so what a point holds is tested with a recording stand-in that
// enforces Cloudflare's documented limits (requestLog.test.ts); here the real binding only shows
// that writing a point on every request costs the requests nothing.
requireBuilt('worker/dist/worker.js');
const script = readFileSync(new URL('../../worker/dist/worker.js', import.meta.url), 'utf8');
const sha256 = (key: string) => createHash('sha256').update(key).digest('hex');
const KEYS = {
  chat: 'rg_wd-chat-0123456789abcdefghijklmnopqrstuvwxyzABC',
  models: 'rg_wd-models-0123456789abcdefghijklmnopqrstuvwxyzA',
  // One per round of withinOneWindow: a round run again counts from zero.
  tight0: 'rg_wd-tight0-0123456789abcdefghijklmnopqrstuvwxyzA',
  tight1: 'rg_wd-tight1-0123456789abcdefghijklmnopqrstuvwxyzA',
  tight2: 'rg_wd-tight2-0123456789abcdefghijklmnopqrstuvwxyzA',
  burst0: 'rg_wd-burst0-0123456789abcdefghijklmnopqrstuvwxyzA',
  burst1: 'rg_wd-burst1-0123456789abcdefghijklmnopqrstuvwxyzA',
  burst2: 'rg_wd-burst2-0123456789abcdefghijklmnopqrstuvwxyzA',
  revoked: 'rg_wd-revoked-0123456789abcdefghijklmnopqrstuvwxy',
};
const WORKER_LIMIT = 8;
const logs: string[] = [];
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
    kvNamespaces: ['CLIENT_KEYS', 'SCHEMAS'],
    ratelimits: {
      RATE_LIMIT: { simple: { limit: WORKER_LIMIT, period: 60 } },
      RATE_LIMIT_TIGHT: { simple: { limit: 1, period: 60 } },
    },
    analyticsEngineDatasets: { ANALYTICS: { dataset: 'replyguard_requests' } },
    bindings: {
      UPSTREAM_KIND: 'scripted',
      UPSTREAM_MODELS: 'scripted-large',
      LOG_REQUESTS: 'true',
    },
    handleStructuredLogs: ({ message }: { message: string }) => {
      logs.push(message);
    },
  });
  base = await mf.ready;
  // Typed loosely here: the test's tsconfig has no Workers types.
  const store = (await mf.getKVNamespace('CLIENT_KEYS')) as unknown as {
    put(key: string, value: string): Promise<void>;
  };
  const settings: Record<keyof typeof KEYS, object> = {
    chat: { name: 'wd-chat' },
    models: { name: 'wd-models', routes: ['/v1/models'] },
    tight0: { name: 'wd-tight0', rateLimit: 'RATE_LIMIT_TIGHT' },
    tight1: { name: 'wd-tight1', rateLimit: 'RATE_LIMIT_TIGHT' },
    tight2: { name: 'wd-tight2', rateLimit: 'RATE_LIMIT_TIGHT' },
    burst0: { name: 'wd-burst0', routes: ['/v1/check'] },
    burst1: { name: 'wd-burst1', routes: ['/v1/check'] },
    burst2: { name: 'wd-burst2', routes: ['/v1/check'] },
    revoked: { name: 'wd-revoked', revoked: true },
  };
  for (const [which, key] of Object.entries(KEYS))
    await store.put(sha256(key), JSON.stringify(settings[which as keyof typeof KEYS]));
});
afterAll(async () => {
  await mf?.dispose();
});

const openai = (key: string) =>
  new OpenAI({ baseURL: new URL('/v1', base).href, apiKey: key, maxRetries: 0 });
const anthropic = (key: string) =>
  new Anthropic({ baseURL: base.href, apiKey: key, maxRetries: 0 });
const minute = () => Math.floor(Date.now() / 60_000);

/**
 * Runs `attempt` until it ran inside one window of the binding's 60 s period (a fixed window in
 * Miniflare): a run that crossed a window boundary started a fresh count, and is run again with
 * the next round's key, which nothing has counted yet.
 */
async function withinOneWindow<T>(attempt: (round: 0 | 1 | 2) => Promise<T>): Promise<T> {
  for (const round of [0, 1, 2] as const) {
    const before = minute();
    const result = await attempt(round);
    if (minute() === before || round === 2) return result;
  }
  throw new Error('unreachable');
}

describe('client keys in a real KV namespace', () => {
  it('the openai client calls with its key, named in the Worker’s log lines', async () => {
    const completion = await openai(KEYS.chat).chat.completions.create({
      model: 'scripted',
      messages: [{ role: 'user', content: 'hello' }],
    });
    expect(completion.choices[0]!.message.content).toContain('segments');
    const line = logs.find((text) => text.includes("key: 'wd-chat'"));
    expect(line).toBeDefined();
    expect(line).toContain("route: '/v1/chat/completions'");
    expect(line).toContain("turnStatus: 'completed'");
  });

  it('refuses a revoked and an unknown key through the clients’ own errors', async () => {
    const revoked = await openai(KEYS.revoked)
      .chat.completions.create({ model: 'scripted', messages: [{ role: 'user', content: 'hi' }] })
      .catch((error: unknown) => error);
    expect(revoked).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((revoked as InstanceType<typeof OpenAI.AuthenticationError>).code).toBe('KEY_REVOKED');
    const unknown = await anthropic('rg_not-a-key')
      .models.list()
      .catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(Anthropic.AuthenticationError);
  });
});

describe('GET /v1/models with the real clients', () => {
  it('openai models.list() and retrieve()', async () => {
    const client = openai(KEYS.models);
    const ids: string[] = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toEqual(['scripted', 'scripted-large']);
    expect(await client.models.retrieve('scripted-large')).toMatchObject({
      id: 'scripted-large',
      object: 'model',
    });
  });

  it('@anthropic-ai/sdk models.list() (paged) and retrieve()', async () => {
    const client = anthropic(KEYS.models);
    const ids: string[] = [];
    for await (const model of client.models.list({ limit: 1 })) ids.push(model.id);
    expect(ids).toEqual(['scripted', 'scripted-large']);
    expect(await client.models.retrieve('scripted')).toMatchObject({
      type: 'model',
      id: 'scripted',
      display_name: 'scripted',
    });
    const missing = await client.models.retrieve('claude-none').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(Anthropic.NotFoundError);
  });

  it('a key limited to /v1/models cannot chat (403 in OpenAI’s shape)', async () => {
    const refused = await openai(KEYS.models)
      .chat.completions.create({ model: 'scripted', messages: [{ role: 'user', content: 'hi' }] })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect((refused as InstanceType<typeof OpenAI.APIError>).code).toBe('ROUTE_NOT_ALLOWED');
  });
});

describe("Cloudflare's rate-limiting binding", () => {
  it('RATE_LIMIT: the request past the limit is a 429 with retry-after, counted per key', async () => {
    const statuses = await withinOneWindow(async (round) => {
      const seen: number[] = [];
      for (let i = 0; i <= WORKER_LIMIT; i++) {
        const response = await fetch(new URL('/v1/check', base), {
          method: 'POST',
          headers: {
            'content-type': 'text/plain',
            authorization: `Bearer ${KEYS[`burst${round}`]}`,
          },
          body: '{"segments":[]}',
        });
        seen.push(response.status);
        if (response.status === 429) {
          expect(response.headers.get('retry-after')).toBe('60');
          expect(await response.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
        } else await response.arrayBuffer();
      }
      return seen;
    });
    expect(statuses).toEqual([...Array.from({ length: WORKER_LIMIT }, () => 200), 429]);
    // Another key has its own count.
    const other = await openai(KEYS.chat).models.list();
    expect(other.data.length).toBe(2);
  });

  it('a key’s own binding: the clients raise their RateLimitError on the second request', async () => {
    const [first, second] = await withinOneWindow(async (round) => {
      const ask = () =>
        anthropic(KEYS[`tight${round}`])
          .messages.create({
            model: 'claude-x',
            max_tokens: 64,
            messages: [{ role: 'user', content: 'hi' }],
          })
          .catch((error: unknown) => error);
      return [await ask(), await ask()];
    });
    expect(first).toMatchObject({ type: 'message' });
    expect(second).toBeInstanceOf(Anthropic.RateLimitError);
    const limited = second as InstanceType<typeof Anthropic.RateLimitError>;
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(limited.error).toMatchObject({ error: { type: 'rate_limit_error' } });
  });
});

describe('what the Worker logged', () => {
  it('one line per API request, every key’s name and no key', () => {
    const lines = logs.filter((text) => text.includes("event: 'replyguard.request'"));
    expect(lines.length).toBeGreaterThanOrEqual(10);
    for (const name of ['wd-chat', 'wd-models', 'wd-tight0', 'wd-burst0', 'wd-revoked'])
      expect(
        lines.some((line) => line.includes(`key: '${name}'`)),
        name,
      ).toBe(true);
    const all = logs.join('\n');
    for (const key of Object.values(KEYS)) {
      expect(all).not.toContain(key);
      expect(all).not.toContain(sha256(key));
    }
  });
});

import { readFileSync } from 'node:fs';
import { Miniflare } from 'miniflare';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The real Worker bundle (worker/dist/worker.js, built by `npm run build`) in workerd, listening
// on 127.0.0.1: what `npm start` and a deployment run.
const script = readFileSync(new URL('../../worker/dist/worker.js', import.meta.url), 'utf8');
let mf: Miniflare;
let base: URL;

beforeAll(async () => {
  mf = new Miniflare({ modules: true, script, compatibilityDate: '2025-01-01', host: '127.0.0.1', port: 0, bindings: { UPSTREAM_KIND: 'scripted', API_KEY: 'test-key' } });
  base = await mf.ready;
});
afterAll(async () => {
  await mf?.dispose();
});

describe('the Worker bundle in workerd', () => {
  it('contains no eval, no Function constructor, and no Node built-ins', () => {
    expect(script).not.toMatch(/\beval\s*\(/);
    expect(script).not.toMatch(/new\s+Function\s*\(/);
    expect(script).not.toMatch(/from\s*["']node:|require\(\s*["'](node:)?[a-z_]+["']\)/);
    expect(script).not.toMatch(/\bprocess\.env|\bBuffer\.from/);
  });

  it('serves the demo and health over HTTP on 127.0.0.1', async () => {
    expect(base.hostname).toBe('127.0.0.1');
    const page = await fetch(new URL('/', base));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>replyguard');
    expect(await (await fetch(new URL('/healthz', base))).json()).toEqual({ ok: true, upstream: 'scripted' });
  });

  it('checks replies and guards the API with the bearer key', async () => {
    const unauthorized = await fetch(new URL('/v1/check', base), { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{"segments":[]}' });
    expect(unauthorized.status).toBe(401);
    const checked = await fetch(new URL('/v1/check', base), { method: 'POST', headers: { 'content-type': 'text/plain', authorization: 'Bearer test-key' }, body: '{"segments":[],"segments":[]}' });
    expect(checked.status).toBe(422);
    expect(await checked.json()).toMatchObject({ status: 'validation_failed', issues: [{ code: 'DUPLICATE_KEY' }] });
  });

  it('gives the official openai client validated segments from /v1/chat/completions', async () => {
    const client = new OpenAI({ baseURL: new URL('/v1', base).href, apiKey: 'test-key', maxRetries: 0 });
    const completion = await client.chat.completions.create({ model: 'scripted', messages: [{ role: 'system', content: 'Be kind.' }, { role: 'user', content: 'hello, please fence it' }] });
    const content = JSON.parse(completion.choices[0]!.message.content!);
    expect(content.segments[0]).toMatchObject({ type: 'markdown' });
    expect((completion as unknown as { replyguard: { status: string; meta: { attempts: number } } }).replyguard).toMatchObject({ status: 'completed', meta: { attempts: 2 } });
    expect(completion.usage?.total_tokens).toBeGreaterThan(0);

    const refused = await client.chat.completions.create({ model: 'scripted', messages: [{ role: 'user', content: 'be invalid' }] });
    expect(JSON.parse(refused.choices[0]!.message.content!)).toEqual({ segments: [{ type: 'text', data: { text: 'Sorry, I could not produce a valid reply. Please try again.' } }] });

    const wrongKey = new OpenAI({ baseURL: new URL('/v1', base).href, apiKey: 'nope', maxRetries: 0 });
    await expect(wrongKey.chat.completions.create({ model: 'scripted', messages: [{ role: 'user', content: 'hi' }] })).rejects.toMatchObject({ status: 401 });
  });
});

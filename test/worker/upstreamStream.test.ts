import { readFileSync } from 'node:fs';
import { Miniflare } from 'miniflare';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type UpstreamCall, chunksOf, fakeUpstream } from './fakeUpstream';
import { sseFrames } from './sseFrames';
import { waitFor } from '../waitFor';

// The Worker bundle in workerd in front of a real (local) OpenAI-compatible upstream that streams
// slowly: what the Worker cancels, and when, is seen from the upstream's side of the connection.
const script = readFileSync(new URL('../../worker/dist/worker.js', import.meta.url), 'utf8');
const PAUSE = 50;
const valid = JSON.stringify({
  segments: [
    { type: 'text', data: { text: `A long and valid reply, ${'slowly written '.repeat(30)}` } },
  ],
});
const corrected = '{"segments":[{"type":"text","data":{"text":"Fixed."}}]}';
// The unknown field comes first; everything after it would be paid for and never delivered.
const invalid = `{"segments":[{"type":"text","data":{"always_invalid":true,"text":"${'and so on '.repeat(40)}"}}]}`;
const INVALID_CHUNKS = chunksOf(invalid, 8);
/** The chunk that completes the unknown member name: from there the reply is provably invalid. */
const VIOLATING = INVALID_CHUNKS.findIndex((_, i) =>
  INVALID_CHUNKS.slice(0, i + 1)
    .join('')
    .includes('"always_invalid"'),
);

let upstream: Awaited<ReturnType<typeof fakeUpstream>>;
let mf: Miniflare;
let base: URL;

beforeAll(async () => {
  upstream = await fakeUpstream((call: UpstreamCall) => {
    const last = call.body.messages[call.body.messages.length - 1]!.content;
    if (last.includes('<<<ANSWER')) return { chunks: chunksOf(corrected, 8), pauseMs: 2 };
    if (last.includes('invalid')) return { chunks: INVALID_CHUNKS, pauseMs: PAUSE };
    if (last.includes('slow')) return { chunks: chunksOf(valid, 8), pauseMs: PAUSE };
    return { chunks: chunksOf(valid, 16), pauseMs: 1 };
  });
  mf = new Miniflare({
    modules: true,
    script,
    compatibilityDate: '2025-01-01',
    compatibilityFlags: ['enable_request_signal'],
    host: '127.0.0.1',
    port: 0,
    bindings: {
      UPSTREAM_KIND: 'openai',
      UPSTREAM_BASE_URL: upstream.baseUrl,
      UPSTREAM_MODEL: 'fake',
    },
  });
  base = await mf.ready;
});
afterAll(async () => {
  await mf?.dispose();
  await upstream?.close();
});

const chat = (content: string, extra: object = {}) =>
  fetch(new URL('/v1/chat/completions', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ role: 'user', content }], ...extra }),
  });

/** Waits (bounded) until the upstream saw the call end one way or the other. */
async function settled(call: () => UpstreamCall | undefined): Promise<UpstreamCall> {
  for (let i = 0; i < 200; i++) {
    const found = call();
    if (found && (found.ended || found.closedEarlyAt !== undefined)) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the upstream call did not end');
}

describe('the Worker streams from a real upstream', { timeout: 20_000 }, () => {
  it('asks the upstream for a stream, also for a client that does not stream, and relays the same content', async () => {
    const before = upstream.calls.length;
    const whole = (await (await chat('hello')).json()) as {
      choices: { message: { content: string } }[];
    };
    const client = new OpenAI({
      baseURL: new URL('/v1', base).href,
      apiKey: 'none',
      maxRetries: 0,
    });
    let joined = '';
    for await (const chunk of await client.chat.completions.create({
      model: 'fake',
      messages: [{ role: 'user', content: 'hello' }],
      stream: true,
    }))
      joined += chunk.choices[0]?.delta?.content ?? '';
    expect(joined).toBe(whole.choices[0]!.message.content);
    expect(JSON.parse(joined)).toEqual(JSON.parse(valid));
    expect(upstream.calls.slice(before).map((call) => call.body.stream)).toEqual([true, true]);
  });

  // A non-streaming client that hangs up is not noticed by local workerd until it writes the answer
  // (it reads nothing more from the connection); the handler test covers its request.signal.
  it('a streaming client that disconnects mid-stream aborts the upstream request', async () => {
    for (const extra of [{ stream: true, replyguard: { progress: true } }, { stream: true }]) {
      const before = upstream.calls.length;
      const client = new AbortController();
      const pending = fetch(new URL('/v1/chat/completions', base), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ role: 'user', content: 'slow, please' }], ...extra }),
        signal: client.signal,
      });
      const response = await pending.catch(() => undefined);
      if (response) await response.body?.getReader().read();
      await waitFor(
        () => (upstream.calls[before]?.writes.length ?? 0) >= 3,
        'the upstream is writing',
      );
      client.abort();
      const call = await settled(() => upstream.calls[before]);
      expect(call.ended, JSON.stringify(extra)).toBe(false);
      expect(call.closedEarlyAt).toBeDefined();
      expect(call.writes.length).toBeLessThan(chunksOf(valid, 8).length / 2);
    }
  });

  // Early reject: the push parser and the segment judge decide while the upstream still writes.
  it('cancels the upstream at once when the reply turns provably invalid, then corrects it', async () => {
    const delays: number[] = [];
    for (const extra of [{}, { stream: true, replyguard: { progress: true } }]) {
      const before = upstream.calls.length;
      const response = await chat('be invalid', extra);
      expect(response.status).toBe(200);
      const text = await response.text();
      const first = await settled(() => upstream.calls[before]);
      expect(first.closedEarlyAt).toBeDefined();
      // Closed before the next few chunks would have been written (one every PAUSE ms).
      expect(first.writes.length).toBeLessThanOrEqual(VIOLATING + 1 + 3);
      delays.push(first.closedEarlyAt! - first.writes[VIOLATING]!);
      expect(upstream.calls.length).toBe(before + 2);
      const correction = upstream.calls[before + 1]!;
      expect(
        correction.body.messages.find((message) => message.role === 'user')!.content,
      ).toContain('always_invalid');
      if (extra.stream) {
        const frames = sseFrames(text);
        const rejected = frames.chunks.find((chunk) => chunk.replyguard?.event === 'rejected')!;
        expect(rejected.replyguard).toMatchObject({
          attempt: 1,
          stage: 'model',
          issue: { code: expect.any(String) },
        });
        expect(rejected.replyguard.offset).toBeLessThan(invalid.length / 2);
        expect(
          frames.chunks
            .filter((chunk) => chunk.replyguard?.event === 'attempt')
            .map((chunk) => chunk.replyguard.stage),
        ).toEqual(['model', 'correction']);
        expect(JSON.parse(frames.content)).toEqual(JSON.parse(corrected));
      } else {
        const body = JSON.parse(text) as {
          choices: { message: { content: string } }[];
          replyguard: { meta: { attempts: number; history: { rejectedAt?: number }[] } };
        };
        expect(JSON.parse(body.choices[0]!.message.content)).toEqual(JSON.parse(corrected));
        expect(body.replyguard.meta.attempts).toBe(2);
        expect(body.replyguard.meta.history[0]!.rejectedAt).toBeLessThan(invalid.length / 2);
      }
    }
    console.info(
      `upstream closed ${delays.map((d) => d.toFixed(0)).join(' ms, ')} ms after the violating chunk (chunks every ${PAUSE} ms)`,
    );
  });
});

import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeUpstream } from './fakeUpstream';
import {
  anthropicBlockStart,
  anthropicBlockStop,
  anthropicDelta,
  anthropicEnd,
  anthropicStart,
  openAiChunk,
  openAiDone,
  openAiUsageChunk,
  pieces,
  replyText,
} from './wireShapes';

// The streaming transports bundled alone and run in workerd (no nodejs_compat), against a local
// upstream: the SSE parser, the body reader and the cancellation are the runtime's own there.
let mf: Miniflare;

beforeAll(async () => {
  const entry = `
    import { openAiChatProvider } from './src/providers/openAiChatProvider.ts';
    import { anthropicProvider } from './src/providers/anthropicProvider.ts';
    export default {
      async fetch(request) {
        const { kind, baseUrl, stopAfter, probe } = await request.json();
        const provider = kind === 'anthropic' ? anthropicProvider({ baseUrl, model: 'c' }) : openAiChatProvider({ baseUrl, model: 'm' });
        const events = [];
        try {
          for await (const event of provider.stream({ system: 's', messages: [{ role: 'user', content: 'hi' }], schema: kind === 'anthropic' ? { name: 'segment_reply', jsonSchema: { type: 'object' } } : undefined }, { signal: new AbortController().signal })) {
            events.push(event);
            if (events.length === stopAfter) break;
          }
        } catch (error) {
          return Response.json({ events, error: error.name + ': ' + error.message });
        }
        // Asked from inside the still-running handler: workerd would close the connection itself once it returns.
        if (probe) return Response.json({ events, probe: await (await fetch(baseUrl + '/probe')).json() });
        return Response.json({ events });
      },
    };`;
  const out = await build({
    stdin: { contents: entry, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    write: false,
  });
  mf = new Miniflare({
    modules: true,
    script: out.outputFiles[0]!.text,
    compatibilityDate: '2025-01-01',
    host: '127.0.0.1',
  });
}, 60_000);

afterAll(async () => {
  await mf?.dispose();
});

async function run(body: Record<string, unknown>) {
  const response = await mf.dispatchFetch('http://worker/', {
    method: 'POST',
    body: JSON.stringify(body),
  });
  return (await response.json()) as {
    events: { type: string; text?: string }[];
    error?: string;
    probe?: { closed: boolean };
  };
}

describe('stream() in workerd', { timeout: 20_000 }, () => {
  it('reads OpenAI and Anthropic streams, and fails on a cut one', async () => {
    const server = await fakeUpstream([
      {
        kind: 'sse',
        frames: [
          ...pieces(replyText).map((p) => openAiChunk({ content: p })),
          openAiChunk({}, 'stop'),
          openAiUsageChunk,
          openAiDone,
        ],
      },
      {
        kind: 'sse',
        frames: [
          anthropicStart,
          anthropicBlockStart(0, { type: 'tool_use', id: 't', name: 'segment_reply', input: {} }),
          ...pieces(replyText).map((p) =>
            anthropicDelta(0, { type: 'input_json_delta', partial_json: p }),
          ),
          anthropicBlockStop(0),
          ...anthropicEnd(),
        ],
      },
      { kind: 'sse', frames: [openAiChunk({ content: '{"se' })], then: 'end' },
    ]);
    try {
      for (const kind of ['openai', 'anthropic']) {
        const { events, error } = await run({ kind, baseUrl: server.baseUrl });
        expect(error).toBeUndefined();
        expect(events.map((e) => e.text ?? '').join('')).toBe(replyText);
        expect(events.at(-1)).toMatchObject({ type: 'usage' });
      }
      expect((await run({ kind: 'openai', baseUrl: server.baseUrl })).error).toBe(
        'ProviderError: the stream ended before its finish_reason or [DONE]',
      );
    } finally {
      await server.close();
    }
  });

  it('closes the upstream connection when the iteration stops early', async () => {
    const server = await fakeUpstream([
      {
        kind: 'sse',
        frames: pieces(replyText).map((p) => openAiChunk({ content: p })),
        then: 'hang',
      },
      { kind: 'probe', request: 0, waitMs: 3_000 },
    ]);
    try {
      const { events, probe } = await run({
        kind: 'openai',
        baseUrl: server.baseUrl,
        stopAfter: 2,
        probe: true,
      });
      expect(events).toHaveLength(2);
      expect(probe).toEqual({ closed: true });
    } finally {
      await server.close();
    }
  });
});

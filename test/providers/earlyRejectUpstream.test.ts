import { afterEach, describe, expect, it } from 'vitest';
import { anthropicProvider } from '../../src/providers/anthropicProvider';
import type { ModelProvider } from '../../src/providers/modelProvider';
import { openAiChatProvider } from '../../src/providers/openAiChatProvider';
import { enforceReply } from '../../src/reply/enforceReply';
import { fakeUpstream } from './fakeUpstream';
import {
  anthropicBlockStart,
  anthropicBlockStop,
  anthropicDelta,
  anthropicEnd,
  anthropicStart,
  openAiChunk,
  openAiDone,
  pieces,
  replyText,
} from './wireShapes';

// A real transport end to end: the upstream streams an answer that turns invalid and then goes
// silent. Waiting for it would stall the turn until its timeout; early reject must instead cancel
// the upstream request at the violating chunk and start the correction.
const invalid = '{"segments":[{"type":"html","data":{"html":"<b>x</b>"}}]}';
const user = [{ role: 'user' as const, content: 'hi' }];

let upstream: Awaited<ReturnType<typeof fakeUpstream>> | undefined;
afterEach(async () => {
  await upstream?.close();
  upstream = undefined;
});

const providers: {
  name: string;
  make: (baseUrl: string) => ModelProvider;
  frames: (text: string) => string[];
  end: string[];
}[] = [
  {
    name: 'OpenAI-compatible',
    make: (baseUrl) => openAiChatProvider({ baseUrl, model: 'm' }),
    frames: (text) => pieces(text, 8).map((piece) => openAiChunk({ content: piece })),
    end: [openAiChunk({}, 'stop'), openAiDone],
  },
  {
    name: 'Anthropic',
    make: (baseUrl) => anthropicProvider({ baseUrl, model: 'm' }),
    frames: (text) => [
      anthropicStart,
      anthropicBlockStart(0, { type: 'tool_use', id: 't', name: 'segment_reply', input: {} }),
      ...pieces(text, 8).map((piece) =>
        anthropicDelta(0, { type: 'input_json_delta', partial_json: piece }),
      ),
    ],
    end: [anthropicBlockStop(0), ...anthropicEnd()],
  },
];

describe.each(providers)('early reject through $name', { timeout: 10_000 }, (p) => {
  it('cancels the upstream at the violating chunk and corrects, without waiting for the rest', async () => {
    upstream = await fakeUpstream([
      { kind: 'sse', frames: p.frames(invalid), then: 'hang' },
      { kind: 'sse', frames: [...p.frames(replyText), ...p.end] },
    ]);
    const result = await enforceReply({
      provider: p.make(upstream.baseUrl),
      messages: user,
      timeoutMs: 5_000,
    });
    expect(result).toMatchObject({
      status: 'completed',
      meta: { attempts: 2, stage: 'correction' },
    });
    expect(result.meta.history?.[0]).toMatchObject({ issues: [{ code: 'UNKNOWN_SEGMENT_TYPE' }] });
    expect(result.meta.history?.[0]?.rejectedAt).toBeLessThan(invalid.length);
    // The first request's connection was closed by us, before the upstream ended it.
    expect(await upstream.requests[0]!.disconnected).toBe(true);
    // The cut attempt never got the provider's usage: it is estimated, never silently 0.
    expect(result.usage.estimated).toBe(true);
    expect(result.usage.inputTokens).toBeGreaterThan(100);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { anthropicProvider } from '../../src/providers/anthropicProvider';
import { geminiProvider } from '../../src/providers/geminiProvider';
import {
  type ModelProvider,
  type ModelRequest,
  type ModelStreamEvent,
  ProviderError,
} from '../../src/providers/modelProvider';
import { openAiChatProvider } from '../../src/providers/openAiChatProvider';
import { segmentJsonSchema } from '../../src/segments/segmentJsonSchema';
import { collectEvents, fakeUpstreamPerTest } from './fakeUpstream';
import {
  anthropicBlockStart,
  anthropicBlockStop,
  anthropicDelta,
  anthropicEnd,
  anthropicEvent,
  anthropicPing,
  anthropicStart,
  geminiChunk,
  openAiAnswer,
  openAiChunk,
  openAiDone,
  openAiUsageChunk,
  pieces,
  replyText,
  sse,
} from './wireShapes';

const request: ModelRequest = {
  system: 'sys',
  messages: [{ role: 'user', content: 'hi' }],
  schema: { name: 'segment_reply', jsonSchema: segmentJsonSchema() },
};
const serve = fakeUpstreamPerTest(afterEach);

const textOf = (events: readonly ModelStreamEvent[]) =>
  events.map((e) => (e.type === 'text' ? e.text : '')).join('');

/** Each provider's stream: how to make it, the frames of a reply (with reasoning mixed in), its terminal frames and its error frame. */
interface Case {
  readonly name: string;
  readonly make: (baseUrl: string, stallTimeoutMs?: number) => ModelProvider;
  readonly path: string;
  /** The frames up to the reply's last delta, with reasoning and chatter the reader must skip. */
  readonly head: (text: string) => string[];
  /** What ends the stream properly (finish reason, usage, terminal event). */
  readonly tail: string[];
  readonly errorFrame: string;
  readonly usage: { inputTokens: number; outputTokens: number };
}

const cases: Case[] = [
  {
    name: 'OpenAI-compatible',
    make: (baseUrl, stallTimeoutMs) =>
      openAiChatProvider({
        baseUrl: `${baseUrl}/v1`,
        apiKey: 'sk',
        model: 'gpt-4o-mini',
        stallTimeoutMs,
      }),
    path: '/v1/chat/completions',
    head: (text) => [
      openAiChunk({ role: 'assistant', content: '', refusal: null }),
      openAiChunk({ reasoning_content: 'Let me think: {"segments": []}' }),
      openAiChunk({ reasoning: 'more thought' }),
      ...pieces(text).flatMap((piece, i) => [
        openAiChunk({ content: piece }),
        ...(i % 5 === 0 ? [openAiChunk({ reasoning_content: '} not json {' })] : []),
      ]),
    ],
    tail: [openAiChunk({}, 'stop'), openAiUsageChunk, openAiDone],
    errorFrame: sse({
      error: {
        message: 'The server had an error while processing your request.',
        type: 'server_error',
        param: null,
        code: null,
      },
    }),
    usage: { inputTokens: 120, outputTokens: 30 },
  },
  {
    name: 'Anthropic',
    make: (baseUrl, stallTimeoutMs) =>
      anthropicProvider({
        baseUrl: `${baseUrl}/v1`,
        apiKey: 'ak',
        model: 'claude-sonnet-4-5',
        stallTimeoutMs,
      }),
    path: '/v1/messages',
    head: (text) => [
      anthropicStart,
      anthropicBlockStart(0, { type: 'thinking', thinking: '' }),
      anthropicDelta(0, { type: 'thinking_delta', thinking: 'The reply is {"segments": []}' }),
      anthropicDelta(0, { type: 'signature_delta', signature: 'EqQBCgIYAhIM' }),
      anthropicBlockStop(0),
      anthropicPing,
      anthropicBlockStart(1, { type: 'text', text: '' }),
      anthropicDelta(1, { type: 'text_delta', text: 'Let me answer.' }),
      anthropicBlockStop(1),
      anthropicBlockStart(2, {
        type: 'tool_use',
        id: 'toolu_01',
        name: 'segment_reply',
        input: {},
      }),
      anthropicDelta(2, { type: 'input_json_delta', partial_json: '' }),
      ...pieces(text).map((piece) =>
        anthropicDelta(2, { type: 'input_json_delta', partial_json: piece }),
      ),
    ],
    tail: [anthropicBlockStop(2), ...anthropicEnd()],
    errorFrame: anthropicEvent('error', {
      error: { type: 'overloaded_error', message: 'Overloaded' },
    }),
    usage: { inputTokens: 200, outputTokens: 40 },
  },
  {
    name: 'Gemini',
    make: (baseUrl, stallTimeoutMs) =>
      geminiProvider({
        baseUrl: `${baseUrl}/v1beta`,
        apiKey: 'gk',
        model: 'gemini-2.5-flash',
        stallTimeoutMs,
      }),
    path: '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
    head: (text) => [
      geminiChunk([{ text: 'Planning the reply {"segments": [', thought: true }]),
      ...pieces(text).map((piece, i) =>
        geminiChunk(
          i === 0 ? [{ text: 'a thought', thought: true }, { text: piece }] : [{ text: piece }],
        ),
      ),
    ],
    tail: [geminiChunk([{ text: '' }], 'STOP')],
    errorFrame: sse(
      {
        error: {
          code: 503,
          message: 'The model is overloaded. Please try again later.',
          status: 'UNAVAILABLE',
        },
      },
      undefined,
      '\r\n',
    ),
    usage: { inputTokens: 80, outputTokens: 20 },
  },
];

describe.each(cases)('$name stream()', { timeout: 5_000 }, (c) => {
  it('yields the reply text from many small deltas, never reasoning, then the usage', async () => {
    const server = await serve({ kind: 'sse', frames: [...c.head(replyText), ...c.tail] });
    const events = await collectEvents(
      c.make(server.baseUrl).stream!(request, { signal: new AbortController().signal }),
    );
    expect(textOf(events)).toBe(replyText);
    expect(events.filter((e) => e.type === 'text').length).toBeGreaterThan(10);
    expect(events.filter((e) => e.type === 'tool_call')).toEqual([]);
    expect(events.filter((e) => e.type === 'usage')).toEqual([{ type: 'usage', usage: c.usage }]);
    expect(events.at(-1)?.type).toBe('usage');
    expect(server.requests[0]!.url).toBe(c.path);
    expect(server.requests[0]!.headers.accept).toBe('text/event-stream');
  });

  it.each([
    ['ends cleanly before its terminal event', 'end'],
    ['drops the connection mid-stream', 'cut'],
  ] as const)('fails when the stream %s', async (_name, then) => {
    const server = await serve({ kind: 'sse', frames: c.head(replyText), then });
    const seen: ModelStreamEvent[] = [];
    const reading = (async () => {
      for await (const event of c.make(server.baseUrl).stream!(request, {
        signal: new AbortController().signal,
      }))
        seen.push(event);
    })();
    await expect(reading).rejects.toBeInstanceOf(ProviderError);
    if (then === 'end') await expect(reading).rejects.toThrow(/the stream ended before/);
    expect(textOf(seen)).toBe(replyText);
  });

  it('fails on a frame whose data is not JSON', async () => {
    const server = await serve({
      kind: 'sse',
      frames: [...c.head('{"seg'), 'data: {"choices": [{"delta": {"content": "x"\n\n', ...c.tail],
    });
    await expect(
      collectEvents(
        c.make(server.baseUrl).stream!(request, { signal: new AbortController().signal }),
      ),
    ).rejects.toThrow(/not JSON: \{"choices"/);
  });

  it('fails on an error event, naming it', async () => {
    const server = await serve({
      kind: 'sse',
      frames: [...c.head('{"seg'), c.errorFrame, ...c.tail],
    });
    const reading = collectEvents(
      c.make(server.baseUrl).stream!(request, { signal: new AbortController().signal }),
    );
    await expect(reading).rejects.toBeInstanceOf(ProviderError);
    await expect(reading).rejects.toThrow(
      /the stream sent an error: (The server had an error|Overloaded|The model is overloaded)/,
    );
  });

  it('fails as stalled when the upstream goes silent, and closes the connection', async () => {
    // 250 ms: long enough that a loaded machine still sends the headers and first frame in time
    // (with 50 the request itself could stall first), short enough to keep the test quick.
    const server = await serve({ kind: 'sse', frames: c.head('{"seg'), then: 'hang' });
    const reading = collectEvents(
      c.make(server.baseUrl, 250).stream!(request, { signal: new AbortController().signal }),
    );
    await expect(reading).rejects.toThrow(/the stream stalled: nothing arrived for 250 ms/);
    expect(await server.requests[0]!.disconnected).toBe(true);
  });

  it('fails with the status and a short quote of the body on a non-2xx answer', async () => {
    const server = await serve({
      kind: 'json',
      status: 429,
      body: { error: { message: `Rate limit reached ${'x'.repeat(400)}` } },
    });
    const error = await collectEvents(
      c.make(server.baseUrl).stream!(request, { signal: new AbortController().signal }),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      status: 429,
      // Masked, then shortened at a boundary (issue 26): the run of x the cut would split is
      // left out whole.
      message: 'upstream answered 429: {"error":{"message":"Rate limit reached …',
    });
    expect((error as Error).message.length).toBeLessThan(160);
  });

  it('aborting the signal mid-stream throws the abort and closes the upstream connection', async () => {
    const server = await serve({ kind: 'sse', frames: c.head(replyText), then: 'hang' });
    const controller = new AbortController();
    const seen: ModelStreamEvent[] = [];
    const reading = (async () => {
      for await (const event of c.make(server.baseUrl).stream!(request, {
        signal: controller.signal,
      })) {
        seen.push(event);
        // Abort while the reader waits for the next frame, not between two events.
        if (textOf(seen) === replyText) setTimeout(() => controller.abort(), 0);
      }
    })();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    expect(await server.requests[0]!.disconnected).toBe(true);
  });

  it('breaking out of the iteration closes the upstream connection', async () => {
    const server = await serve({ kind: 'sse', frames: c.head(replyText), then: 'hang' });
    let texts = 0;
    for await (const event of c.make(server.baseUrl).stream!(request, {
      signal: new AbortController().signal,
    })) {
      if (event.type === 'text' && ++texts === 3) break;
    }
    expect(texts).toBe(3);
    expect(await server.requests[0]!.disconnected).toBe(true);
  });
});

describe('stream() transport failures', { timeout: 5_000 }, () => {
  const provider = (baseUrl: string, stallTimeoutMs?: number) =>
    openAiChatProvider({ baseUrl, model: 'm', stallTimeoutMs });

  it('fails as stalled when the upstream sends no headers', async () => {
    const server = await serve({ kind: 'hang' });
    await expect(
      collectEvents(
        provider(server.baseUrl, 50).stream!(request, { signal: new AbortController().signal }),
      ),
    ).rejects.toThrow(/the request stalled/);
    expect(await server.requests[0]!.disconnected).toBe(true);
  });

  it('fails when a 200 answers JSON instead of an event stream', async () => {
    const server = await serve({ kind: 'json', body: openAiAnswer(replyText) });
    await expect(
      collectEvents(
        provider(server.baseUrl).stream!(request, { signal: new AbortController().signal }),
      ),
    ).rejects.toThrow(/answered JSON where an event stream was asked for: \{"id":"chatcmpl-123"/);
  });

  it('fails as a ProviderError when the upstream cannot be reached', async () => {
    const server = await serve({ kind: 'hang' });
    const baseUrl = server.baseUrl;
    await server.close();
    await expect(
      collectEvents(provider(baseUrl).stream!(request, { signal: new AbortController().signal })),
    ).rejects.toThrow(/^the request failed: /);
  });

  it('does not call the upstream when the signal is already aborted', async () => {
    const server = await serve({ kind: 'sse', frames: [openAiDone] });
    const controller = new AbortController();
    controller.abort(new Error('already gone'));
    await expect(
      collectEvents(provider(server.baseUrl).stream!(request, { signal: controller.signal })),
    ).rejects.toThrow('already gone');
    expect(server.requests).toHaveLength(0);
  });

  it('reports a usage repeated in every chunk once, the last', async () => {
    const chunk = (content: string, completion: number, finish: string | null = null) =>
      sse({
        object: 'chat.completion.chunk',
        choices: [{ index: 0, delta: { content }, finish_reason: finish }],
        usage: { prompt_tokens: 9, completion_tokens: completion },
      });
    const server = await serve({
      kind: 'sse',
      frames: [chunk('a', 1), chunk('b', 2), chunk('', 3, 'stop'), openAiDone],
    });
    expect(
      await collectEvents(
        provider(server.baseUrl).stream!(request, { signal: new AbortController().signal }),
      ),
    ).toEqual([
      { type: 'text', text: 'a' },
      { type: 'text', text: 'b' },
      { type: 'finish', reason: 'stop', raw: 'stop' },
      { type: 'usage', usage: { inputTokens: 9, outputTokens: 3 } },
    ]);
  });

  it('accepts an OpenAI-compatible stream that ends after its finish_reason without [DONE]', async () => {
    const server = await serve({
      kind: 'sse',
      frames: [openAiChunk({ content: 'ok' }), openAiChunk({}, 'stop')],
    });
    expect(
      await collectEvents(
        provider(server.baseUrl).stream!(request, { signal: new AbortController().signal }),
      ),
    ).toEqual([
      { type: 'text', text: 'ok' },
      { type: 'finish', reason: 'stop', raw: 'stop' },
    ]);
  });
});

describe('streamed request bodies', { timeout: 5_000 }, () => {
  it('OpenAI asks for the usage chunk; JSON-as-text sends no response_format', async () => {
    const frames = [openAiChunk({ content: replyText }), openAiChunk({}, 'stop'), openAiDone];
    const server = await serve({ kind: 'sse', frames }, { kind: 'sse', frames });
    await collectEvents(
      openAiChatProvider({ baseUrl: server.baseUrl, model: 'gpt' }).stream!(request, {
        signal: new AbortController().signal,
      }),
    );
    const events = await collectEvents(
      openAiChatProvider({ baseUrl: server.baseUrl, model: 'MiniMax-M2', structuredOutput: false })
        .stream!(request, { signal: new AbortController().signal }),
    );
    expect(textOf(events)).toBe(replyText);
    expect(server.requests[0]!.body).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
      response_format: { type: 'json_schema' },
    });
    expect(server.requests[1]!.body).toMatchObject({
      model: 'MiniMax-M2',
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(server.requests[1]!.body.response_format).toBeUndefined();
  });

  it('Anthropic streams the forced tool call; Gemini sends the same body as generateContent', async () => {
    const server = await serve(
      { kind: 'sse', frames: [anthropicStart, ...anthropicEnd()] },
      { kind: 'sse', frames: [geminiChunk([{ text: '{}' }], 'STOP')] },
    );
    await collectEvents(
      anthropicProvider({ baseUrl: server.baseUrl, model: 'c' }).stream!(request, {
        signal: new AbortController().signal,
      }),
    );
    await collectEvents(
      geminiProvider({ baseUrl: server.baseUrl, model: 'g' }).stream!(request, {
        signal: new AbortController().signal,
      }),
    );
    expect(server.requests[0]!.body).toMatchObject({
      stream: true,
      tool_choice: { type: 'tool', name: 'segment_reply' },
    });
    expect(server.requests[1]!.body.stream).toBeUndefined();
    expect(server.requests[1]!.body.generationConfig).toMatchObject({
      responseMimeType: 'application/json',
    });
  });

  it('Anthropic without a reply schema streams its text blocks as the reply', async () => {
    const server = await serve({
      kind: 'sse',
      frames: [
        anthropicStart,
        anthropicBlockStart(0, { type: 'text', text: '' }),
        ...pieces('plain answer').map((p) => anthropicDelta(0, { type: 'text_delta', text: p })),
        anthropicBlockStop(0),
        ...anthropicEnd('end_turn'),
      ],
    });
    const events = await collectEvents(
      anthropicProvider({ baseUrl: server.baseUrl, model: 'c' }).stream!(
        { system: 's', messages: request.messages },
        { signal: new AbortController().signal },
      ),
    );
    expect(textOf(events)).toBe('plain answer');
  });
});

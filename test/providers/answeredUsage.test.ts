import { afterEach, describe, expect, it } from 'vitest';
import { anthropicProvider } from '../../src/providers/anthropicProvider';
import { geminiProvider } from '../../src/providers/geminiProvider';
import { type ModelProvider, ProviderError } from '../../src/providers/modelProvider';
import { openAiChatProvider } from '../../src/providers/openAiChatProvider';
import { openAiResponsesProvider } from '../../src/providers/openAiResponsesProvider';
import { enforceReply } from '../../src/reply/enforceReply';
import { fakeUpstreamPerTest } from './fakeUpstream';
import {
  anthropicBlockStart,
  anthropicDelta,
  anthropicEvent,
  anthropicStart,
  geminiChunk,
  openAiChunk,
  sse,
} from './wireShapes';

// Issue 29, item 3: an attempt that fails after the upstream began its answer was billed, so it
// reports usage — estimated when nothing said what it cost — and never 0/0, on every wire, even
// when no reply text had arrived (the model was writing a tool call's arguments, or thinking).
// A stream whose first frame is the upstream's own error report generated nothing.

const serve = fakeUpstreamPerTest(afterEach);
const user = [{ role: 'user' as const, content: 'Weather in Oslo?' }];

interface Wire {
  readonly name: string;
  readonly make: (baseUrl: string, stallTimeoutMs?: number) => ModelProvider;
  readonly tools: unknown[];
  /** The first frames of an answer that writes no reply text (a call's arguments, or thoughts). */
  readonly begun: string[];
  /** The upstream's error report as the stream's first frame. */
  readonly errorFirst: string;
}

const connection = (baseUrl: string, stallTimeoutMs?: number) => ({
  baseUrl,
  apiKey: 'k',
  model: 'm',
  ...(stallTimeoutMs ? { stallTimeoutMs } : {}),
});

const wires: Wire[] = [
  {
    name: 'OpenAI chat',
    make: (baseUrl, stall) => openAiChatProvider(connection(baseUrl, stall)),
    tools: [{ type: 'function', function: { name: 'weather', parameters: { type: 'object' } } }],
    begun: [
      openAiChunk({ role: 'assistant', content: null }),
      openAiChunk({
        tool_calls: [
          { index: 0, id: 'c1', type: 'function', function: { name: 'weather', arguments: '' } },
        ],
      }),
      openAiChunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":"Os' } }] }),
    ],
    errorFirst: sse({ error: { message: 'The server is overloaded', type: 'server_error' } }),
  },
  {
    name: 'OpenAI Responses',
    make: (baseUrl, stall) => openAiResponsesProvider(connection(baseUrl, stall)),
    tools: [{ type: 'function', name: 'weather', parameters: { type: 'object' } }],
    begun: [
      sse(
        { type: 'response.created', response: { id: 'resp_1', status: 'in_progress' } },
        'response.created',
      ),
      sse(
        {
          type: 'response.output_item.added',
          output_index: 0,
          item: { type: 'function_call', call_id: 'c1', name: 'weather', arguments: '' },
        },
        'response.output_item.added',
      ),
      sse(
        { type: 'response.function_call_arguments.delta', output_index: 0, delta: '{"city":"Os' },
        'response.function_call_arguments.delta',
      ),
    ],
    errorFirst: sse(
      { type: 'error', code: 'server_error', message: 'The server is overloaded' },
      'error',
    ),
  },
  {
    name: 'Anthropic',
    make: (baseUrl, stall) => anthropicProvider(connection(baseUrl, stall)),
    tools: [{ name: 'weather', input_schema: { type: 'object' } }],
    begun: [
      anthropicStart,
      anthropicBlockStart(0, { type: 'tool_use', id: 'toolu_1', name: 'weather', input: {} }),
      anthropicDelta(0, { type: 'input_json_delta', partial_json: '{"city":"Os' }),
    ],
    errorFirst: anthropicEvent('error', {
      error: { type: 'overloaded_error', message: 'Overloaded' },
    }),
  },
  {
    name: 'Gemini',
    make: (baseUrl, stall) => geminiProvider(connection(baseUrl, stall)),
    tools: [{ functionDeclarations: [{ name: 'weather', parameters: { type: 'object' } }] }],
    begun: [geminiChunk([{ text: 'Looking up the forecast first.', thought: true }])],
    errorFirst: sse(
      { error: { code: 503, message: 'The model is overloaded', status: 'UNAVAILABLE' } },
      undefined,
      '\r\n',
    ),
  },
];

describe.each(wires)('$name', (wire) => {
  it('a stream cut after the answer began, with no reply text yet, reports estimated usage', async () => {
    const server = await serve({ kind: 'sse', frames: wire.begun, then: 'cut' });
    const result = await enforceReply({
      provider: wire.make(server.baseUrl),
      messages: user,
      tools: wire.tools,
    });
    expect(result).toMatchObject({ status: 'error', issues: [{ code: 'MODEL_FAILED' }] });
    // What was sent, estimated; nothing of the reply was read.
    expect(result.usage).toMatchObject({ outputTokens: 0, estimated: true });
    expect(result.usage.inputTokens).toBeGreaterThan(0);
  });

  it('a stream that stalls after the answer began reports estimated usage', async () => {
    const server = await serve({ kind: 'sse', frames: wire.begun, then: 'hang' });
    const result = await enforceReply({
      provider: wire.make(server.baseUrl, 600),
      messages: user,
      tools: wire.tools,
    });
    expect(result).toMatchObject({ status: 'error', issues: [{ code: 'MODEL_FAILED' }] });
    expect(result.issues[0]!.message).toMatch(/the stream stalled/);
    expect(result.usage).toMatchObject({ estimated: true });
    expect(result.usage.inputTokens).toBeGreaterThan(0);
  });

  it("a stream whose first frame is the upstream's error report generated nothing: no usage", async () => {
    const server = await serve({ kind: 'sse', frames: [wire.errorFirst] });
    const provider = wire.make(server.baseUrl);
    const result = await enforceReply({ provider, messages: user, tools: wire.tools });
    expect(result).toMatchObject({ status: 'error', issues: [{ code: 'MODEL_FAILED' }] });
    expect(result.issues[0]!.message).toMatch(/overloaded/i);
    expect(result.usage).toEqual({ inputTokens: 0, outputTokens: 0 });
  });

  it('the error a broken stream throws says the answer had begun; an HTTP error does not', async () => {
    const server = await serve(
      { kind: 'sse', frames: wire.begun, then: 'cut' },
      { kind: 'json', status: 429, body: { error: { message: 'Rate limit reached' } } },
    );
    const provider = wire.make(server.baseUrl);
    const request = { system: 's', messages: user, tools: wire.tools };
    const drain = async () => {
      for await (const _event of provider.stream!(request, {
        signal: new AbortController().signal,
      }));
    };
    const broken = await drain().catch((error: unknown) => error);
    expect(broken).toBeInstanceOf(ProviderError);
    expect(broken).toMatchObject({ answered: true, usage: undefined });
    const refused = await drain().catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 429, answered: false });
  });
});

describe('whole answers that cannot be read', () => {
  it('report the usage their body carries, exactly', async () => {
    const server = await serve({
      kind: 'json',
      body: {
        choices: [{ index: 0, message: { role: 'assistant', content: [{ type: 'image_url' }] } }],
        usage: { prompt_tokens: 61, completion_tokens: 7, total_tokens: 68 },
      },
    });
    const result = await enforceReply({
      provider: openAiChatProvider({ ...connection(server.baseUrl), streaming: false }),
      messages: user,
    });
    expect(result).toMatchObject({ status: 'error', issues: [{ code: 'MODEL_FAILED' }] });
    expect(result.usage).toEqual({ inputTokens: 61, outputTokens: 7 });
  });

  it('a body without a usage block (an error body sent with 200) reports none', async () => {
    const server = await serve({ kind: 'json', body: { error: { message: 'no capacity' } } });
    const result = await enforceReply({
      provider: anthropicProvider({ ...connection(server.baseUrl), streaming: false }),
      messages: user,
    });
    expect(result).toMatchObject({ status: 'error', issues: [{ code: 'MODEL_FAILED' }] });
    expect(result.usage).toEqual({ inputTokens: 0, outputTokens: 0 });
  });
});

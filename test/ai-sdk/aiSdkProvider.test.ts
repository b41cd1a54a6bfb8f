import type { LanguageModelV3FunctionTool } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { aiSdkProvider } from '../../src/ai-sdk/aiSdkProvider';
import type { ModelStreamEvent } from '../../src/providers/modelProvider';
import { enforceReply } from '../../src/reply/enforceReply';
import type { ReplyEvent } from '../../src/reply/replyEvent';
import { streamReply } from '../../src/reply/streamReply';
import { generating, promptOf, streaming } from './mockModels';

const good = '{"segments":[{"type":"text","data":{"text":"Hello"}}]}';
const tools: LanguageModelV3FunctionTool[] = [
  {
    type: 'function',
    name: 'lookup',
    inputSchema: { type: 'object', properties: { id: { type: 'string' } } },
  },
];
const signal = new AbortController().signal;

async function events(iterable: AsyncIterable<ModelStreamEvent>) {
  const seen: ModelStreamEvent[] = [];
  for await (const event of iterable) seen.push(event);
  return seen;
}

describe('aiSdkProvider', () => {
  it('drives enforceReply: schema as the response format, tools and settings passed, usage read', async () => {
    const model = generating(['```json\n' + good + '\n```', good]);
    const provider = aiSdkProvider(model, {
      settings: { temperature: 0.2, maxOutputTokens: 300 },
      toolChoice: { type: 'auto' },
      transport: 'generate',
    });
    expect(provider).toMatchObject({
      name: 'ai-sdk:mock/scripted',
      enforcement: 'provider_schema',
    });
    const result = await enforceReply({
      provider,
      system: 'Be kind.',
      messages: [{ role: 'user', content: 'hi' }],
      tools,
    });
    expect(result).toMatchObject({
      status: 'completed',
      value: JSON.parse(good),
      usage: { inputTokens: 20, outputTokens: 10 },
      meta: { attempts: 2, enforcement: 'provider_schema' },
    });
    const [first, correction] = model.doGenerateCalls;
    expect(first).toMatchObject({
      temperature: 0.2,
      maxOutputTokens: 300,
      tools,
      toolChoice: { type: 'auto' },
      responseFormat: { type: 'json', name: 'segment_reply' },
    });
    expect(promptOf(first!).system).toMatch(/^Be kind\.\n\nAnswer with exactly one JSON object/);
    expect(first!.abortSignal).toBeInstanceOf(AbortSignal);
    // The correction carries neither the tools nor the tool choice.
    expect(correction!.tools).toBeUndefined();
    expect(correction!.toolChoice).toBeUndefined();
  });

  it('is streamed by enforceReply through doStream, correction included', async () => {
    const { model } = streaming(['```json\n' + good + '\n```', good], 5);
    const result = await enforceReply({
      provider: aiSdkProvider(model),
      messages: [{ role: 'user', content: 'hi' }],
    });
    // Usage counts what finished: an answer cut off early reports none.
    expect(result).toMatchObject({
      status: 'completed',
      value: JSON.parse(good),
      meta: { attempts: 2, stage: 'correction' },
    });
    expect(result.usage.inputTokens).toBeGreaterThanOrEqual(10);
    expect(model.doStreamCalls).toHaveLength(2);
  });

  it('is cut off at once by streamReply when provably invalid, and the correction starts', async () => {
    const fenced = '```json\n' + good + '\n```';
    const { model, state } = streaming([fenced, good], 2);
    const seen: ReplyEvent[] = [];
    for await (const event of streamReply({
      provider: aiSdkProvider(model),
      messages: [{ role: 'user', content: 'hi' }],
    }))
      seen.push(event);
    const rejected = seen.find((event) => event.type === 'rejected');
    expect(rejected).toMatchObject({ attempt: 1, issue: { code: 'CODE_FENCE' } });
    expect((rejected as { offset: number }).offset).toBeLessThan(fenced.length);
    expect(state.cancelled).toBe(1);
    expect(seen.at(-1)).toMatchObject({
      type: 'final',
      result: { status: 'completed', meta: { attempts: 2, stage: 'correction' } },
    });
    expect(model.doStreamCalls).toHaveLength(2);
  });

  it('writes the core’s messages as an AI SDK prompt, tool steps included', async () => {
    const model = generating([good]);
    await aiSdkProvider(model).generate(
      {
        system: 'sys',
        messages: [
          { role: 'user', content: 'where is A7?' },
          {
            role: 'assistant',
            content: '',
            toolCalls: [{ id: 'c1', name: 'lookup', arguments: '{"id":"A7"}' }],
          },
          { role: 'tool', toolCallId: 'c1', name: 'lookup', content: '{"state":"shipped"}' },
        ],
      },
      { signal },
    );
    expect(model.doGenerateCalls[0]!.prompt).toEqual([
      { role: 'system', content: 'sys' },
      { role: 'user', content: [{ type: 'text', text: 'where is A7?' }] },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'lookup', input: { id: 'A7' } }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'lookup',
            output: { type: 'text', value: '{"state":"shipped"}' },
          },
        ],
      },
    ]);
    expect(model.doGenerateCalls[0]!.responseFormat).toBeUndefined();
  });

  it('reads text parts only: reasoning is never reply text', async () => {
    const model = generating([
      [
        { type: 'reasoning', text: 'thinking {"segments":[]}' },
        { type: 'text', text: good },
      ],
    ]);
    expect(await aiSdkProvider(model).generate({ system: '', messages: [] }, { signal })).toEqual({
      text: good,
      usage: { inputTokens: 10, outputTokens: 5 },
      finishReason: 'stop',
      rawFinishReason: 'raw-finish',
    });
  });

  it('returns business tool calls without reply text, and skips calls the provider ran itself', async () => {
    const model = generating([
      [
        { type: 'text', text: 'One moment.' },
        {
          type: 'tool-call',
          toolCallId: 'web-1',
          toolName: 'web_search',
          input: '{}',
          providerExecuted: true,
        },
        { type: 'tool-call', toolCallId: 'c1', toolName: 'lookup', input: '{"id":"A7"}' },
      ],
    ]);
    const records: unknown[] = [];
    const answer = await aiSdkProvider(model, {
      onCall: (record) => records.push(record),
    }).generate({ system: '', messages: [], tools }, { signal });
    expect(answer).toEqual({
      toolCalls: [{ id: 'c1', name: 'lookup', arguments: '{"id":"A7"}' }],
      usage: { inputTokens: 10, outputTokens: 5 },
      finishReason: 'tool_calls',
      rawFinishReason: 'raw-finish',
    });
    expect(records).toMatchObject([
      {
        toolCalls: [{ toolCallId: 'c1' }],
        finishReason: { unified: 'tool-calls' },
        response: { modelId: 'scripted-1' },
      },
    ]);
  });

  it('ends a tool-call answer as interrupted under enforceReply, never as a checked reply', async () => {
    const model = generating([
      [
        { type: 'text', text: 'not json' },
        { type: 'tool-call', toolCallId: 'c1', toolName: 'lookup', input: '{}' },
      ],
    ]);
    const result = await enforceReply({
      provider: aiSdkProvider(model, { transport: 'generate' }),
      messages: [{ role: 'user', content: 'hi' }],
      tools,
    });
    expect(result).toMatchObject({
      status: 'interrupted',
      toolCalls: [{ id: 'c1', name: 'lookup', arguments: '{}' }],
      issues: [{ code: 'TOOL_CALLS_RETURNED' }],
    });
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  it('streams text deltas, tool calls and usage; reasoning deltas are dropped', async () => {
    const { model } = streaming([
      [
        { type: 'reasoning', text: 'hmm, secret plan' },
        { type: 'text', text: good },
        { type: 'tool-call', toolCallId: 'c1', toolName: 'lookup', input: '{}' },
      ],
    ]);
    const seen = await events(
      aiSdkProvider(model).stream!({ system: '', messages: [] }, { signal }),
    );
    expect(
      seen
        .filter((event) => event.type === 'text')
        .map((event) => (event as { text: string }).text)
        .join(''),
    ).toBe(good);
    expect(seen.filter((event) => event.type !== 'text')).toEqual([
      { type: 'tool_call', call: { id: 'c1', name: 'lookup', arguments: '{}' } },
      { type: 'finish', reason: 'tool_calls', raw: 'raw-finish' },
      { type: 'usage', usage: { inputTokens: 10, outputTokens: 5 } },
    ]);
    expect(JSON.stringify(seen)).not.toContain('secret plan');
  });

  it('throws on an error part of the stream', async () => {
    const { model } = streaming([
      [
        { type: 'text', text: '{"segm' },
        { type: 'error', error: new Error('overloaded') } as never,
      ],
    ]);
    await expect(
      events(aiSdkProvider(model).stream!({ system: '', messages: [] }, { signal })),
    ).rejects.toThrow('overloaded');
  });

  it('cancels the model’s stream when the consumer stops early or the signal aborts', async () => {
    const stopped = streaming([good], 2);
    for await (const event of aiSdkProvider(stopped.model).stream!(
      { system: '', messages: [] },
      { signal },
    )) {
      if (event.type === 'text') break;
    }
    expect(stopped.state.cancelled).toBe(1);

    const aborted = streaming([good], 2);
    const controller = new AbortController();
    const iteration = (async () => {
      for await (const event of aiSdkProvider(aborted.model).stream!(
        { system: '', messages: [] },
        { signal: controller.signal },
      )) {
        if (event.type === 'text') controller.abort(new Error('turn ended'));
      }
    })();
    await expect(iteration).rejects.toThrow('turn ended');
    expect(aborted.state.cancelled).toBe(1);
    expect(aborted.state.delivered).toBeLessThan(good.length / 2);
  });

  it('cancels a stream whose signal aborted while the model was still opening it', async () => {
    const controller = new AbortController();
    let cancelled = 0;
    const model = {
      ...streaming([good]).model,
      doStream: () => {
        controller.abort(new Error('left before the first part'));
        // A stream that would wait forever: only a cancel ends it.
        const stream = new ReadableStream({ cancel: () => void cancelled++ });
        return Promise.resolve({ stream });
      },
    } as unknown as Parameters<typeof aiSdkProvider>[0];
    await expect(
      events(aiSdkProvider(model).stream!({ system: '', messages: [] }, controller)),
    ).rejects.toThrow('left before the first part');
    expect(cancelled).toBe(1);
  });

  it('offers transports: generate only, or every call through doStream', async () => {
    expect(aiSdkProvider(generating([])).stream).toBeTypeOf('function');
    expect(aiSdkProvider(generating([]), { transport: 'generate' }).stream).toBeUndefined();
    const { model } = streaming([good]);
    const answer = await aiSdkProvider(model, { transport: 'stream' }).generate(
      { system: '', messages: [] },
      { signal },
    );
    expect(answer).toEqual({
      text: good,
      usage: { inputTokens: 10, outputTokens: 5 },
      finishReason: 'stop',
      rawFinishReason: 'raw-finish',
    });
    expect(model.doStreamCalls).toHaveLength(1);
  });

  it('sends no response format with prompt_only enforcement', async () => {
    const model = generating([good]);
    const result = await enforceReply({
      provider: aiSdkProvider(model, { enforcement: 'prompt_only', transport: 'generate' }),
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(result.meta.enforcement).toBe('prompt_only');
    expect(model.doGenerateCalls[0]!.responseFormat).toBeUndefined();
  });
});

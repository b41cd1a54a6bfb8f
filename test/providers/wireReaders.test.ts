import { describe, expect, it } from 'vitest';
import { anthropicFinishReason } from '../../src/providers/anthropicFinishReason';
import { readAnthropicAnswer } from '../../src/providers/readAnthropicAnswer';
import { readAnthropicStream } from '../../src/providers/anthropicStream';
import { readAnthropicUsage } from '../../src/providers/anthropicUsage';
import { readContentParts } from '../../src/providers/contentParts';
import { geminiFinishReason } from '../../src/providers/geminiFinishReason';
import { readGeminiStream } from '../../src/providers/geminiStream';
import { createPartialCall, parsePath } from '../../src/providers/geminiPartialCall';
import { readGeminiUsage } from '../../src/providers/geminiUsage';
import { ProviderError } from '../../src/providers/modelProvider';
import { readOpenAiChatAnswer } from '../../src/providers/readOpenAiChatAnswer';
import { readOpenAiChatStream } from '../../src/providers/openAiChatStream';
import { openAiFinishReason } from '../../src/providers/openAiFinishReason';
import { readOpenAiUsage } from '../../src/providers/openAiUsage';
import { tokenCount } from '../../src/providers/tokenCount';
import { collectEvents } from './fakeUpstream';

// The shared readers the transports use, on the edge cases a recorded response rarely shows.

describe('readContentParts', () => {
  it('a string is the answer; null or nothing is none', () => {
    expect(readContentParts('hi', 'c')).toEqual({ text: 'hi', unknown: [] });
    expect(readContentParts('', 'c')).toEqual({ text: '', unknown: [] });
    expect(readContentParts(null, 'c')).toEqual({ unknown: [] });
    expect(readContentParts(undefined, 'c')).toEqual({ unknown: [] });
  });

  it('joins text parts, skips reasoning parts, keeps refusals apart, lists the rest', () => {
    expect(
      readContentParts(
        [
          { type: 'thinking', thinking: [{ type: 'text', text: 'no' }] },
          { type: 'text', text: 'a' },
          { type: 'reasoning', text: 'no' },
          { type: 'redacted_thinking', data: 'x' },
          { type: 'reasoning_text', text: 'no' },
          { type: 'output_text', text: 'b' },
          { type: 'refusal', refusal: 'r' },
          { type: 'image_url', image_url: { url: 'u' } },
          'bare',
          { text: 'untyped' },
        ],
        'c',
      ),
    ).toEqual({ text: 'ab', refusal: 'r', unknown: ['image_url', '(a string)', '(an object)'] });
    expect(readContentParts([], 'c')).toEqual({ unknown: [] });
  });

  it('throws a ProviderError naming the place for content of another kind', () => {
    expect(() => readContentParts(42, 'delta.content')).toThrow(
      new ProviderError('delta.content is a number, not text or an array of parts'),
    );
    expect(() => readContentParts({ text: 'x' }, 'm')).toThrow(/m is an object/);
    expect(() => readContentParts([{ type: 'text', text: { value: 'x' } }], 'm')).toThrow(
      /m has a text part whose text is an object/,
    );
  });
});

describe('usage readers', () => {
  it('tokenCount takes non-negative finite numbers only', () => {
    expect([3, 0, 2.9, -1, Number.NaN, Infinity, '3', null].map(tokenCount)).toEqual([
      3,
      0,
      2,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('OpenAI: reasoning inside completion_tokens, or apart when the total or the counts say so', () => {
    const details = (reasoning: unknown) => ({ reasoning_tokens: reasoning });
    // OpenAI, DeepSeek, OpenRouter: inside.
    expect(
      readOpenAiUsage({
        prompt_tokens: 10,
        completion_tokens: 50,
        total_tokens: 60,
        completion_tokens_details: details(40),
      }),
    ).toEqual({ inputTokens: 10, outputTokens: 50, reasoningTokens: 40 });
    // xAI: total = prompt + completion + reasoning.
    expect(
      readOpenAiUsage({
        prompt_tokens: 10,
        completion_tokens: 50,
        total_tokens: 100,
        completion_tokens_details: details(40),
      }),
    ).toEqual({ inputTokens: 10, outputTokens: 90, reasoningTokens: 40 });
    // No total, but more reasoning than completion: it cannot be inside.
    expect(
      readOpenAiUsage({
        prompt_tokens: 1,
        completion_tokens: 5,
        completion_tokens_details: details(9),
      }),
    ).toEqual({ inputTokens: 1, outputTokens: 14, reasoningTokens: 9 });
    // A top-level reasoning_tokens is read too; a string one is not.
    expect(
      readOpenAiUsage({ prompt_tokens: 1, completion_tokens: 5, reasoning_tokens: 2 }),
    ).toEqual({
      inputTokens: 1,
      outputTokens: 5,
      reasoningTokens: 2,
    });
    expect(
      readOpenAiUsage({
        prompt_tokens: 1,
        completion_tokens: 5,
        completion_tokens_details: details('2'),
      }),
    ).toEqual({ inputTokens: 1, outputTokens: 5 });
  });

  it('OpenAI: no block, or one with neither count readable, is no usage', () => {
    for (const usage of [
      undefined,
      null,
      'x',
      [],
      {},
      { prompt_tokens: '5', completion_tokens: -1 },
    ])
      expect(readOpenAiUsage(usage)).toBeUndefined();
    expect(readOpenAiUsage({ completion_tokens: 3 })).toEqual({ inputTokens: 0, outputTokens: 3 });
  });

  it('Anthropic: cache reads and writes are input; message_delta keeps what it leaves out', () => {
    const start = readAnthropicUsage({
      input_tokens: 12,
      cache_creation_input_tokens: 100,
      cache_read_input_tokens: 2000,
      output_tokens: 1,
    });
    expect(start).toEqual({ inputTokens: 2112, outputTokens: 1 });
    expect(readAnthropicUsage({ output_tokens: 97 }, start)).toEqual({
      inputTokens: 2112,
      outputTokens: 97,
    });
    expect(readAnthropicUsage({ input_tokens: 20, output_tokens: 97 }, start)).toEqual({
      inputTokens: 20,
      outputTokens: 97,
    });
    expect(readAnthropicUsage({ server_tool_use: { web_search_requests: 1 } }, start)).toBe(start);
    expect(readAnthropicUsage({ output_tokens: 'many' })).toBeUndefined();
    expect(readAnthropicUsage(null, start)).toBe(start);
  });

  it('Gemini: thoughts are output and reasoning; tool-use prompt tokens are input', () => {
    expect(
      readGeminiUsage({
        promptTokenCount: 9,
        candidatesTokenCount: 11,
        thoughtsTokenCount: 150,
        toolUsePromptTokenCount: 4,
        cachedContentTokenCount: 3,
        totalTokenCount: 174,
      }),
    ).toEqual({ inputTokens: 13, outputTokens: 161, reasoningTokens: 150 });
    expect(readGeminiUsage({ promptTokenCount: 9 })).toEqual({ inputTokens: 9, outputTokens: 0 });
    expect(readGeminiUsage({ trafficType: 'ON_DEMAND' })).toBeUndefined();
    expect(readGeminiUsage([])).toBeUndefined();
  });
});

describe('finish reasons', () => {
  it('map each wire to the same few reasons', () => {
    expect(
      [
        'stop',
        'length',
        'model_length',
        'content_filter',
        'tool_calls',
        'function_call',
        'x',
        '',
        3,
      ].map(openAiFinishReason),
    ).toEqual([
      'stop',
      'length',
      'length',
      'content_filter',
      'tool_calls',
      'tool_calls',
      'other',
      undefined,
      undefined,
    ]);
    expect(() => openAiFinishReason('error')).toThrow(/finish_reason "error"/);
    expect(
      [
        'end_turn',
        'stop_sequence',
        'max_tokens',
        'model_context_window_exceeded',
        'tool_use',
        'refusal',
        'pause_turn',
        null,
      ].map(anthropicFinishReason),
    ).toEqual(['stop', 'stop', 'length', 'length', 'tool_calls', 'refusal', 'other', undefined]);
    expect(
      [
        'STOP',
        'MAX_TOKENS',
        'SAFETY',
        'RECITATION',
        'SPII',
        'MALFORMED_FUNCTION_CALL',
        'LANGUAGE',
      ].map(geminiFinishReason),
    ).toEqual([
      'stop',
      'length',
      'content_filter',
      'content_filter',
      'content_filter',
      'other',
      'other',
    ]);
  });
});

describe('Gemini streamed function-call arguments', () => {
  it('parses the JSONPath forms that name one place, and nothing else', () => {
    expect(parsePath('$.a.b')).toEqual(['a', 'b']);
    expect(parsePath('$[\'a b\'][0]["c\\"d"]')).toEqual(['a b', 0, 'c"d']);
    expect(parsePath('$.items[12].name')).toEqual(['items', 12, 'name']);
    expect(parsePath('$')).toEqual([]);
    for (const path of [
      'a.b',
      '$..a',
      '$.a[*]',
      '$.*',
      '$[?@.a]',
      '$.a[-1]',
      '$.a[01]',
      "$['a",
      '$.a[1:2]',
    ])
      expect(parsePath(path), path).toBeUndefined();
  });

  it('joins string pieces of a path, sets other values, and builds nested places', () => {
    const call = createPartialCall('f', { keep: 1 }, 'id-1', 'sig');
    call.add([{ jsonPath: '$.s', stringValue: 'Zü', willContinue: true }]);
    call.add([
      { jsonPath: '$.s', stringValue: 'rich' },
      { jsonPath: '$.n', numberValue: 2.5 },
    ]);
    call.add(undefined);
    call.add([{ jsonPath: '$.o.list[0]', boolValue: false }]);
    call.add([{ jsonPath: '$.o.list[1]', nullValue: 'NULL_VALUE' }, { jsonPath: '$.empty' }]);
    expect(JSON.parse(call.argumentsText())).toEqual({
      keep: 1,
      s: 'Zürich',
      n: 2.5,
      o: { list: [false, null] },
    });
    expect(call).toMatchObject({ name: 'f', id: 'id-1', signature: 'sig' });
  });

  it('keeps __proto__ a plain key, never a prototype', () => {
    const call = createPartialCall('f', undefined, undefined, undefined);
    call.add([{ jsonPath: "$['__proto__'].polluted", boolValue: true }]);
    expect(call.argumentsText()).toBe('{"__proto__":{"polluted":true}}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a path it cannot place, naming the call and the path', () => {
    const call = createPartialCall('get_forecast', undefined, undefined, undefined);
    call.add([{ jsonPath: '$.a', stringValue: 'x' }]);
    expect(() => call.add([{ jsonPath: '$.a.b', numberValue: 1 }])).toThrow(
      /function call "get_forecast" sent an argument path that conflicts with the arguments so far: \$\.a\.b/,
    );
    expect(() => call.add([{ jsonPath: '$.list[0]', numberValue: 1 }])).not.toThrow();
    // Array places fill in order: a gap is refused rather than padded.
    expect(() => call.add([{ jsonPath: '$.list[2]', numberValue: 1 }])).toThrow(/conflicts/);
    expect(() => call.add([{ jsonPath: '$.x[*]', numberValue: 1 }])).toThrow(
      /cannot place: \$\.x\[\*\]/,
    );
    expect(() => call.add([{ stringValue: 'no path' }])).toThrow(/cannot place: undefined/);
    expect(() => call.add({ jsonPath: '$.a' })).toThrow(/partialArgs that are not a list/);
  });
});

describe('calls without a name are failures, never calls with empty names', () => {
  const frames = (...data: unknown[]) =>
    (async function* () {
      for (const item of data)
        yield { data: JSON.stringify(item), event: undefined, id: undefined };
    })();
  const choice = (delta: unknown, finish: string | null = null) => ({
    choices: [{ index: 0, delta, finish_reason: finish }],
  });

  it('OpenAI: whole and streamed', async () => {
    expect(() =>
      readOpenAiChatAnswer({
        choices: [{ message: { tool_calls: [{ id: 'c', function: { arguments: '{}' } }] } }],
      }),
    ).toThrow(/a tool call without a name/);
    await expect(
      collectEvents(
        readOpenAiChatStream(
          frames(
            choice({ tool_calls: [{ index: 0, function: { arguments: '{}' } }] }),
            choice({}, 'tool_calls'),
          ),
        ),
      ),
    ).rejects.toThrow(/tool call 0 without a name/);
  });

  it('Anthropic: whole and streamed', async () => {
    expect(() =>
      readAnthropicAnswer({ content: [{ type: 'tool_use', id: 't', input: {} }] }, 'segment_reply'),
    ).toThrow(/tool_use block without a name/);
    await expect(
      collectEvents(
        readAnthropicStream(
          frames(
            { type: 'message_start', message: { usage: { input_tokens: 1 } } },
            { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 't' } },
          ),
          'segment_reply',
        ),
      ),
    ).rejects.toThrow(/tool_use block without a name/);
  });

  it('Gemini: a call started inside another one', async () => {
    const part = (functionCall: unknown) => ({
      candidates: [{ content: { parts: [{ functionCall }] } }],
    });
    await expect(
      collectEvents(
        readGeminiStream(
          frames(part({ name: 'a', willContinue: true }), part({ name: 'b', willContinue: true })),
          0,
        ),
      ),
    ).rejects.toThrow(/started function call "b" before "a" ended/);
    await expect(
      collectEvents(readGeminiStream(frames(part({ name: 'a', willContinue: true })), 0)),
    ).rejects.toThrow(/ended before a finishReason/);
  });
});

describe('Anthropic streams', () => {
  it('skip event types they do not know, and report no usage when none was sent', async () => {
    const events = await collectEvents(
      readAnthropicStream(
        (async function* () {
          for (const data of [
            { type: 'message_start', message: { content: [] } },
            { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
            {
              type: 'content_block_delta',
              index: 0,
              delta: { type: 'citations_delta', citation: {} },
            },
            { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Grüße' } },
            { type: 'brand_new_event', payload: 1 },
            { type: 'content_block_stop', index: 0 },
            { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: {} },
            { type: 'message_stop' },
          ])
            yield { data: JSON.stringify(data), event: data.type, id: undefined };
        })(),
        undefined,
      ),
    );
    expect(events).toEqual([
      { type: 'text', text: 'Grüße' },
      { type: 'finish', reason: 'stop', raw: 'end_turn' },
    ]);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { anthropicBody } from '../../src/providers/anthropicBody';
import { anthropicProvider } from '../../src/providers/anthropicProvider';
import { geminiBody } from '../../src/providers/geminiBody';
import { geminiProvider } from '../../src/providers/geminiProvider';
import type { ChatMessage, ModelRequest } from '../../src/providers/modelProvider';
import { openAiChatBody } from '../../src/providers/openAiChatBody';
import { openAiChatProvider } from '../../src/providers/openAiChatProvider';
import { segmentJsonSchema } from '../../src/segments/segmentJsonSchema';
import { collectEvents, fakeUpstreamPerTest } from './fakeUpstream';
import {
  anthropicAnswer,
  anthropicBlockStart,
  anthropicBlockStop,
  anthropicDelta,
  anthropicEnd,
  anthropicStart,
  geminiAnswer,
  geminiChunk,
  openAiAnswer,
  openAiChunk,
  openAiDone,
  openAiUsageChunk,
  pieces,
  reply,
  replyText,
} from './wireShapes';

const schema = { name: 'segment_reply', jsonSchema: segmentJsonSchema() };
const question: ChatMessage = { role: 'user', content: 'Where are my orders 17 and 18?' };
// Two tool steps: two calls answered together, then one more call and its answer.
const conversation: ChatMessage[] = [
  question,
  {
    role: 'assistant',
    content: 'Checking both.',
    toolCalls: [
      { id: 'call_1', name: 'lookup_order', arguments: '{"id":17}' },
      { id: 'call_2', name: 'lookup_order', arguments: '{"id":18}' },
    ],
  },
  { role: 'tool', toolCallId: 'call_1', name: 'lookup_order', content: '{"status":"shipped"}' },
  { role: 'tool', toolCallId: 'call_2', name: 'lookup_order', content: 'not found' },
  {
    role: 'assistant',
    content: '',
    toolCalls: [{ id: 'call_3', name: 'track_parcel', arguments: '{"order":17}' }],
  },
  { role: 'tool', toolCallId: 'call_3', name: 'track_parcel', content: '["Berlin","Paris"]' },
];
const request: ModelRequest = { system: 'sys', messages: conversation };

const serve = fakeUpstreamPerTest(afterEach);

const signal = () => new AbortController().signal;

describe('tool steps written in each wire format', () => {
  it('OpenAI: assistant tool_calls, then one tool message a call', () => {
    expect(openAiChatBody('gpt', request, true).messages).toEqual([
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'Where are my orders 17 and 18?' },
      {
        role: 'assistant',
        content: 'Checking both.',
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'lookup_order', arguments: '{"id":17}' },
          },
          {
            id: 'call_2',
            type: 'function',
            function: { name: 'lookup_order', arguments: '{"id":18}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '{"status":"shipped"}' },
      { role: 'tool', tool_call_id: 'call_2', content: 'not found' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_3',
            type: 'function',
            function: { name: 'track_parcel', arguments: '{"order":17}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_3', content: '["Berlin","Paris"]' },
    ]);
  });

  it('Anthropic: tool_use blocks with parsed input, the results of one step in one user message', () => {
    expect(anthropicBody({ model: 'c' }, request).messages).toEqual([
      { role: 'user', content: 'Where are my orders 17 and 18?' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Checking both.' },
          { type: 'tool_use', id: 'call_1', name: 'lookup_order', input: { id: 17 } },
          { type: 'tool_use', id: 'call_2', name: 'lookup_order', input: { id: 18 } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'call_1', content: '{"status":"shipped"}' },
          { type: 'tool_result', tool_use_id: 'call_2', content: 'not found' },
        ],
      },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'call_3', name: 'track_parcel', input: { order: 17 } }],
      },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'call_3', content: '["Berlin","Paris"]' }],
      },
    ]);
  });

  it('Gemini: functionCall parts, then one user turn of functionResponse parts with object responses', () => {
    expect(geminiBody(request).contents).toEqual([
      { role: 'user', parts: [{ text: 'Where are my orders 17 and 18?' }] },
      {
        role: 'model',
        parts: [
          { text: 'Checking both.' },
          { functionCall: { name: 'lookup_order', args: { id: 17 } } },
          { functionCall: { name: 'lookup_order', args: { id: 18 } } },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'lookup_order', response: { status: 'shipped' } } },
          { functionResponse: { name: 'lookup_order', response: { result: 'not found' } } },
        ],
      },
      { role: 'model', parts: [{ functionCall: { name: 'track_parcel', args: { order: 17 } } }] },
      {
        role: 'user',
        parts: [
          {
            functionResponse: { name: 'track_parcel', response: { result: '["Berlin","Paris"]' } },
          },
        ],
      },
    ]);
  });

  it('arguments that are not a JSON object are replayed as an empty input where the format wants an object', () => {
    const broken: ModelRequest = {
      system: 's',
      messages: [
        question,
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: 'c', name: 'f', arguments: '{"id": 17' }],
        },
      ],
    };
    expect(anthropicBody({ model: 'c' }, broken).messages).toContainEqual({
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'c', name: 'f', input: {} }],
    });
    expect(geminiBody(broken).contents).toContainEqual({
      role: 'model',
      parts: [{ functionCall: { name: 'f', args: {} } }],
    });
    expect(openAiChatBody('m', broken, false).messages).toContainEqual({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{"id": 17' } }],
    });
  });

  it('Anthropic lets the model choose among the reply tool and business tools, and forces the reply tool without them', () => {
    const tools = [{ name: 'lookup_order', input_schema: { type: 'object' } }];
    expect(anthropicBody({ model: 'c' }, { ...request, schema, tools })).toMatchObject({
      tool_choice: { type: 'any' },
      tools: [{ name: 'segment_reply' }, { name: 'lookup_order' }],
    });
    expect(anthropicBody({ model: 'c' }, { ...request, schema, tools: [] })).toMatchObject({
      tool_choice: { type: 'tool', name: 'segment_reply' },
      tools: [{ name: 'segment_reply' }],
    });
    const plain = anthropicBody({ model: 'c' }, { ...request, tools });
    expect(plain.tools).toEqual(tools);
    expect(plain.tool_choice).toBeUndefined();
  });
});

const orderCalls = [
  { id: 'call_1', name: 'lookup_order', arguments: '{"id":17}' },
  { id: 'call_2', name: 'lookup_order', arguments: '{"id":18}' },
];

describe('tool calls in whole answers', () => {
  it('OpenAI: message.tool_calls', async () => {
    const toolCalls = orderCalls.map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: call.arguments },
    }));
    const server = await serve(
      { kind: 'json', body: openAiAnswer(null, { tool_calls: toolCalls }) },
      { kind: 'json', body: openAiAnswer(replyText) },
    );
    const provider = openAiChatProvider({ baseUrl: server.baseUrl, model: 'm' });
    expect(await provider.generate(request, { signal: signal() })).toEqual({
      toolCalls: orderCalls,
      finishReason: 'stop',
      rawFinishReason: 'stop',
      usage: { inputTokens: 120, outputTokens: 30 },
    });
    expect(await provider.generate(request, { signal: signal() })).toEqual({
      text: replyText,
      finishReason: 'stop',
      rawFinishReason: 'stop',
      usage: { inputTokens: 120, outputTokens: 30 },
    });
    expect(server.requests[0]!.body.messages).toHaveLength(7);
  });

  it('Anthropic: business tool_use blocks, beside the reply tool or not', async () => {
    const server = await serve(
      {
        kind: 'json',
        body: anthropicAnswer([
          { type: 'thinking', thinking: 'lookup both', signature: 'sig' },
          { type: 'tool_use', id: 'call_1', name: 'lookup_order', input: { id: 17 } },
          { type: 'tool_use', id: 'call_2', name: 'lookup_order', input: { id: 18 } },
        ]),
      },
      {
        kind: 'json',
        body: anthropicAnswer([
          { type: 'tool_use', id: 'toolu_9', name: 'segment_reply', input: reply },
          { type: 'tool_use', id: 'call_1', name: 'lookup_order', input: { id: 17 } },
        ]),
      },
    );
    const provider = anthropicProvider({ baseUrl: server.baseUrl, model: 'c' });
    const withTools = {
      ...request,
      schema,
      tools: [{ name: 'lookup_order', input_schema: { type: 'object' } }],
    };
    expect(await provider.generate(withTools, { signal: signal() })).toEqual({
      toolCalls: orderCalls,
      finishReason: 'tool_calls',
      rawFinishReason: 'tool_use',
      usage: { inputTokens: 200, outputTokens: 40 },
    });
    expect(await provider.generate(withTools, { signal: signal() })).toEqual({
      object: reply,
      toolCalls: [orderCalls[0]],
      finishReason: 'tool_calls',
      rawFinishReason: 'tool_use',
      usage: { inputTokens: 200, outputTokens: 40 },
    });
    expect(server.requests[0]!.body.tool_choice).toEqual({ type: 'any' });
  });

  it('Gemini: functionCall parts with ids synthesised after the calls the conversation holds, or kept', async () => {
    const calls = [
      { functionCall: { name: 'lookup_order', args: { id: 17 } } },
      { functionCall: { name: 'lookup_order', args: { id: 18 } } },
    ];
    const server = await serve(
      { kind: 'json', body: geminiAnswer([{ text: 'plan', thought: true }, ...calls]) },
      {
        kind: 'json',
        body: geminiAnswer([{ functionCall: { id: 'fc-7', name: 'lookup_order', args: {} } }]),
      },
    );
    const provider = geminiProvider({ baseUrl: server.baseUrl, model: 'g' });
    expect(await provider.generate(request, { signal: signal() })).toEqual({
      toolCalls: [
        { id: 'gemini_call_3', name: 'lookup_order', arguments: '{"id":17}' },
        { id: 'gemini_call_4', name: 'lookup_order', arguments: '{"id":18}' },
      ],
      finishReason: 'stop',
      rawFinishReason: 'STOP',
      usage: { inputTokens: 80, outputTokens: 20 },
    });
    expect(
      (await provider.generate({ system: 's', messages: [question] }, { signal: signal() }))
        .toolCalls,
    ).toEqual([{ id: 'fc-7', name: 'lookup_order', arguments: '{}' }]);
  });
});

describe('tool calls in streamed answers', () => {
  it('OpenAI: pieces gathered by index, reported whole at finish_reason tool_calls', async () => {
    const frames = [
      openAiChunk({
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            index: 0,
            id: 'call_1',
            type: 'function',
            function: { name: 'lookup_order', arguments: '' },
          },
        ],
      }),
      openAiChunk({
        tool_calls: [
          {
            index: 1,
            id: 'call_2',
            type: 'function',
            function: { name: 'lookup_order', arguments: '' },
          },
        ],
      }),
      openAiChunk({ reasoning_content: 'both orders' }),
      ...pieces('{"id":17}', 2).flatMap((piece, i) => [
        openAiChunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] }),
        openAiChunk({
          tool_calls: [{ index: 1, function: { arguments: pieces('{"id":18}', 2)[i] } }],
        }),
      ]),
      openAiChunk({}, 'tool_calls'),
      openAiUsageChunk,
      openAiDone,
    ];
    const server = await serve(
      { kind: 'sse', frames },
      {
        kind: 'sse',
        frames: [
          openAiChunk({
            tool_calls: [
              {
                index: 0,
                id: 'call_9',
                type: 'function',
                function: { name: 'ping', arguments: '' },
              },
            ],
          }),
          openAiDone,
        ],
      },
    );
    const provider = openAiChatProvider({ baseUrl: server.baseUrl, model: 'm' });
    expect(await collectEvents(provider.stream!(request, { signal: signal() }))).toEqual([
      { type: 'tool_call', call: orderCalls[0] },
      { type: 'tool_call', call: orderCalls[1] },
      { type: 'finish', reason: 'tool_calls', raw: 'tool_calls' },
      { type: 'usage', usage: { inputTokens: 120, outputTokens: 30 } },
    ]);
    // A call still open at [DONE] is reported then; a call without arguments has `{}`.
    expect(await collectEvents(provider.stream!(request, { signal: signal() }))).toEqual([
      { type: 'tool_call', call: { id: 'call_9', name: 'ping', arguments: '{}' } },
    ]);
    expect(server.requests[0]!.body.messages[2].tool_calls).toHaveLength(2);
  });

  it('Anthropic: business tool_use blocks reported at content_block_stop, the reply tool as text', async () => {
    const frames = [
      anthropicStart,
      anthropicBlockStart(0, { type: 'thinking', thinking: '' }),
      anthropicDelta(0, { type: 'thinking_delta', thinking: 'look up both' }),
      anthropicBlockStop(0),
      anthropicBlockStart(1, { type: 'tool_use', id: 'call_1', name: 'lookup_order', input: {} }),
      ...pieces('{"id":17}', 2).map((piece) =>
        anthropicDelta(1, { type: 'input_json_delta', partial_json: piece }),
      ),
      anthropicBlockStop(1),
      anthropicBlockStart(2, { type: 'tool_use', id: 'call_2', name: 'lookup_order', input: {} }),
      ...pieces('{"id":18}', 4).map((piece) =>
        anthropicDelta(2, { type: 'input_json_delta', partial_json: piece }),
      ),
      anthropicBlockStop(2),
      anthropicBlockStart(3, { type: 'tool_use', id: 'call_3', name: 'list_orders', input: {} }),
      anthropicBlockStop(3),
      anthropicBlockStart(4, { type: 'tool_use', id: 'toolu_r', name: 'segment_reply', input: {} }),
      ...pieces(replyText, 7).map((piece) =>
        anthropicDelta(4, { type: 'input_json_delta', partial_json: piece }),
      ),
      anthropicBlockStop(4),
      ...anthropicEnd(),
    ];
    const server = await serve({ kind: 'sse', frames });
    const withTools = {
      ...request,
      schema,
      tools: [{ name: 'lookup_order', input_schema: { type: 'object' } }],
    };
    const events = await collectEvents(
      anthropicProvider({ baseUrl: server.baseUrl, model: 'c' }).stream!(withTools, {
        signal: signal(),
      }),
    );
    expect(events.filter((e) => e.type !== 'text')).toEqual([
      { type: 'tool_call', call: orderCalls[0] },
      { type: 'tool_call', call: orderCalls[1] },
      { type: 'tool_call', call: { id: 'call_3', name: 'list_orders', arguments: '{}' } },
      { type: 'finish', reason: 'tool_calls', raw: 'tool_use' },
      { type: 'usage', usage: { inputTokens: 200, outputTokens: 40 } },
    ]);
    expect(events.map((e) => (e.type === 'text' ? e.text : '')).join('')).toBe(replyText);
    expect(server.requests[0]!.body).toMatchObject({ stream: true, tool_choice: { type: 'any' } });
  });

  it('Gemini: functionCall parts as whole calls with synthesised ids', async () => {
    const server = await serve({
      kind: 'sse',
      frames: [
        geminiChunk([{ text: 'which orders', thought: true }]),
        geminiChunk([{ functionCall: { name: 'lookup_order', args: { id: 17 } } }]),
        geminiChunk([{ functionCall: { name: 'lookup_order', args: { id: 18 } } }], 'STOP'),
      ],
    });
    const events = await collectEvents(
      geminiProvider({ baseUrl: server.baseUrl, model: 'g' }).stream!(
        { system: 's', messages: [question] },
        { signal: signal() },
      ),
    );
    expect(events).toEqual([
      {
        type: 'tool_call',
        call: { id: 'gemini_call_0', name: 'lookup_order', arguments: '{"id":17}' },
      },
      {
        type: 'tool_call',
        call: { id: 'gemini_call_1', name: 'lookup_order', arguments: '{"id":18}' },
      },
      { type: 'finish', reason: 'stop', raw: 'STOP' },
      { type: 'usage', usage: { inputTokens: 80, outputTokens: 20 } },
    ]);
  });
});

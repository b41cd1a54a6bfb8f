import { afterEach, describe, expect, it } from 'vitest';
import { anthropicProvider } from '../../src/providers/anthropicProvider';
import { geminiProvider } from '../../src/providers/geminiProvider';
import type { ModelProvider } from '../../src/providers/modelProvider';
import { openAiChatProvider } from '../../src/providers/openAiChatProvider';
import { openAiResponsesProvider } from '../../src/providers/openAiResponsesProvider';
import { enforceReply } from '../../src/reply/enforceReply';
import { type Behaviour, fakeUpstreamPerTest } from './fakeUpstream';
import {
  anthropicAnswer,
  anthropicBlockStart,
  anthropicBlockStop,
  anthropicDelta,
  anthropicEnd,
  anthropicStart,
  geminiAnswer,
  openAiAnswer,
  reply,
  replyText,
} from './wireShapes';

// The tools-off summary on each provider's real wire (issue 29, item 1): a turn whose model keeps
// calling tools, maxToolSteps 1, served by a local upstream. The summary request carries the tool
// steps that ran, the same reply schema, and no tool the model may call — written as each API
// needs it: OpenAI chat and Responses accept tool history without tools, so none are sent;
// Anthropic refuses `tool_use` blocks without tools defined, so they stay listed and the reply
// tool is forced (`tool_choice: none` without a schema); Gemini keeps its declarations under
// `functionCallingConfig.mode: NONE`.

const serve = fakeUpstreamPerTest(afterEach);
const user = [{ role: 'user' as const, content: 'Weather in Oslo?' }];
const json = (body: unknown): Behaviour => ({ kind: 'json', body });
const connection = (baseUrl: string) => ({ baseUrl, apiKey: 'k', model: 'm', streaming: false });

async function turn(
  provider: ModelProvider,
  tools: unknown[],
  extra: { schema?: false } = {},
): Promise<{ ran: string[]; result: Awaited<ReturnType<typeof enforceReply>> }> {
  const ran: string[] = [];
  const result = await enforceReply({
    provider,
    messages: user,
    tools,
    runTool: (call) => {
      ran.push(call.id);
      return { celsius: 3 };
    },
    maxToolSteps: 1,
    ...extra,
  });
  return { ran, result };
}

describe('OpenAI chat', () => {
  const tools = [
    { type: 'function', function: { name: 'weather', parameters: { type: 'object' } } },
  ];
  const asks = (id: string) =>
    openAiAnswer(null, {
      tool_calls: [{ id, type: 'function', function: { name: 'weather', arguments: '{}' } }],
    });

  it('sends no tools with the summary, the tool history and the same response_format', async () => {
    const server = await serve(json(asks('c1')), json(asks('c2')), json(openAiAnswer(replyText)));
    const { ran, result } = await turn(openAiChatProvider(connection(server.baseUrl)), tools);
    expect(ran).toEqual(['c1']);
    expect(result).toMatchObject({ status: 'completed', value: reply });
    expect(result.meta.toolBudgetExhausted).toBe(true);
    const [first, second, summary] = server.requests.map((request) => request.body);
    expect(second.tools).toEqual(tools);
    expect(summary.tools).toBeUndefined();
    expect(summary.tool_choice).toBeUndefined();
    expect(summary.response_format).toEqual(first.response_format);
    expect(summary.messages.slice(1)).toEqual(second.messages.slice(1));
    expect(summary.messages.map((m: { role: string }) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
    ]);
    expect(summary.messages[0].content).toMatch(/tool budget of this turn is spent/);
  });
});

describe('OpenAI Responses', () => {
  const tools = [{ type: 'function', name: 'weather', parameters: { type: 'object' } }];
  const asks = (id: string) => ({
    status: 'completed',
    output: [{ type: 'function_call', call_id: id, name: 'weather', arguments: '{}' }],
    usage: { input_tokens: 30, output_tokens: 5 },
  });
  const answers = {
    status: 'completed',
    output: [{ type: 'message', content: [{ type: 'output_text', text: replyText }] }],
    usage: { input_tokens: 40, output_tokens: 9 },
  };

  it('sends no tools with the summary, the function_call items and the same text.format', async () => {
    const server = await serve(json(asks('c1')), json(asks('c2')), json(answers));
    const { ran, result } = await turn(openAiResponsesProvider(connection(server.baseUrl)), tools);
    expect(ran).toEqual(['c1']);
    expect(result).toMatchObject({ status: 'completed', value: reply });
    const [first, second, summary] = server.requests.map((request) => request.body);
    expect(second.tools).toEqual(tools);
    expect(summary.tools).toBeUndefined();
    expect(summary.tool_choice).toBeUndefined();
    expect(summary.text).toEqual(first.text);
    expect(summary.input).toEqual(second.input);
    expect(summary.input.map((item: { type?: string }) => item.type)).toContain(
      'function_call_output',
    );
    expect(summary.instructions).toMatch(/tool budget of this turn is spent/);
  });
});

describe('Anthropic', () => {
  const tools = [{ name: 'weather', input_schema: { type: 'object' } }];
  const asks = (id: string) =>
    anthropicAnswer([{ type: 'tool_use', id, name: 'weather', input: {} }]);

  it('lists the tools (tool_use blocks need them) and forces the reply tool', async () => {
    const server = await serve(
      json(asks('toolu_1')),
      json(asks('toolu_2')),
      json(anthropicAnswer([{ type: 'tool_use', id: 'r', name: 'segment_reply', input: reply }])),
    );
    const { ran, result } = await turn(anthropicProvider(connection(server.baseUrl)), tools);
    expect(ran).toEqual(['toolu_1']);
    expect(result).toMatchObject({ status: 'completed', value: reply });
    const [first, second, summary] = server.requests.map((request) => request.body);
    expect(second.tool_choice).toEqual({ type: 'any' });
    expect(summary.tools).toEqual(first.tools);
    expect(summary.tool_choice).toEqual({ type: 'tool', name: 'segment_reply' });
    expect(JSON.stringify(summary.messages)).toContain('"tool_result"');
    expect(summary.system).toMatch(/tool budget of this turn is spent/);
  });

  it('without a schema (plain text), tool_choice none', async () => {
    const server = await serve(
      json(asks('toolu_1')),
      json(asks('toolu_2')),
      json(anthropicAnswer([{ type: 'text', text: 'Oslo is 3 °C.' }])),
    );
    const { result } = await turn(anthropicProvider(connection(server.baseUrl)), tools, {
      schema: false,
    });
    expect(result).toMatchObject({
      status: 'completed',
      value: { segments: [{ type: 'text', data: { text: 'Oslo is 3 °C.' } }] },
    });
    const summary = server.requests[2]!.body;
    expect(summary.tools).toEqual(tools);
    expect(summary.tool_choice).toEqual({ type: 'none' });
  });

  it('streamed: every call is an event stream, the summary judged as it streams', async () => {
    const streamedAsk = (id: string): Behaviour => ({
      kind: 'sse',
      frames: [
        anthropicStart,
        anthropicBlockStart(0, { type: 'tool_use', id, name: 'weather', input: {} }),
        anthropicBlockStop(0),
        ...anthropicEnd(),
      ],
    });
    const server = await serve(streamedAsk('toolu_1'), streamedAsk('toolu_2'), {
      kind: 'sse',
      frames: [
        anthropicStart,
        anthropicBlockStart(0, { type: 'tool_use', id: 'r', name: 'segment_reply', input: {} }),
        anthropicDelta(0, { type: 'input_json_delta', partial_json: replyText }),
        anthropicBlockStop(0),
        ...anthropicEnd(),
      ],
    });
    const provider = anthropicProvider({ ...connection(server.baseUrl), streaming: true });
    const { ran, result } = await turn(provider, tools);
    expect(ran).toEqual(['toolu_1']);
    expect(result).toMatchObject({
      status: 'completed',
      value: reply,
      meta: { toolBudgetExhausted: true },
    });
    expect(server.requests[2]!.body).toMatchObject({
      stream: true,
      tools: [{ name: 'segment_reply' }, ...tools],
      tool_choice: { type: 'tool', name: 'segment_reply' },
    });
  });
});

describe('Gemini', () => {
  const declared = { functionDeclarations: [{ name: 'weather', parameters: { type: 'object' } }] };
  const asks = () => geminiAnswer([{ functionCall: { name: 'weather', args: {} } }]);

  it('keeps the declarations, with functionCallingConfig NONE; built-in tools are not sent', async () => {
    const server = await serve(
      json(asks()),
      json(asks()),
      json(geminiAnswer([{ text: replyText }])),
    );
    const { ran, result } = await turn(geminiProvider(connection(server.baseUrl)), [
      declared,
      { googleSearch: {} },
    ]);
    expect(ran).toEqual(['gemini_call_0']);
    expect(result).toMatchObject({ status: 'completed', value: reply });
    const [first, second, summary] = server.requests.map((request) => request.body);
    expect(second.tools).toEqual([declared, { googleSearch: {} }]);
    expect(second.toolConfig).toBeUndefined();
    expect(summary.tools).toEqual([declared]);
    expect(summary.toolConfig).toEqual({ functionCallingConfig: { mode: 'NONE' } });
    expect(summary.generationConfig).toEqual(first.generationConfig);
    expect(JSON.stringify(summary.contents)).toContain('functionResponse');
    expect(summary.systemInstruction.parts[0].text).toMatch(/tool budget of this turn is spent/);
  });

  it('with built-in tools only, the summary sends no tools and no calling config', async () => {
    const server = await serve(
      json(asks()),
      json(asks()),
      json(geminiAnswer([{ text: replyText }])),
    );
    const { result } = await turn(geminiProvider(connection(server.baseUrl)), [
      { googleSearch: {} },
    ]);
    expect(result.status).toBe('completed');
    const summary = server.requests[2]!.body;
    expect(summary.tools).toBeUndefined();
    expect(summary.toolConfig).toBeUndefined();
  });
});

import type { LanguageModelV3CallOptions, LanguageModelV3FunctionTool } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { aiSdkProvider } from '../../src/ai-sdk/aiSdkProvider';
import { replyguardMiddleware } from '../../src/ai-sdk/replyguardMiddleware';
import { enforceReply } from '../../src/reply/enforceReply';
import type { ReplyEvent } from '../../src/reply/replyEvent';
import { streamReply } from '../../src/reply/streamReply';
import { type Answer, generating, promptOf, streaming } from './mockModels';
import {
  MockLanguageModel,
  generateText,
  jsonSchema,
  simulateReadableStream,
  stepCountIs,
  tool,
  wrapLanguageModel,
} from './sdk';

// Issue 29 on the AI SDK paths, for AI SDK 6 and 7 alike (vitest.config.ts runs this file in
// every project). aiSdkProvider under the core's tool loop: the tools-off summary is an AI SDK
// call with the tools listed and `toolChoice: { type: 'none' }`, the same response format. The
// middleware under the SDK's own loop: a step with `toolChoice: none` (a host's summary on its
// last step) is a tools-off turn, whose tool calls are never handed to the SDK to run. And a
// stream that reports an error after its answer began reports estimated usage, never 0/0.

const good = '{"segments":[{"type":"text","data":{"text":"Order A7 has shipped."}}]}';
const user = [{ role: 'user' as const, content: 'where is A7?' }];
const tools: LanguageModelV3FunctionTool[] = [
  { type: 'function', name: 'lookup', inputSchema: { type: 'object' } },
];
const asks = (id: string) => [
  { type: 'tool-call' as const, toolCallId: id, toolName: 'lookup', input: '{"id":"A7"}' },
];
/** A model that calls `lookup` whenever it may, and answers `final` when the tools are off. */
const looping =
  (final: string): Answer =>
  (options: LanguageModelV3CallOptions) =>
    options.toolChoice?.type === 'none' || !options.tools
      ? [{ type: 'text', text: final }]
      : asks('c1');

describe('aiSdkProvider: the tools-off summary', () => {
  it('whole: the summary lists the tools with toolChoice none and the same response format', async () => {
    const model = generating([looping(good), looping(good), looping(good)]);
    const ran: string[] = [];
    const result = await enforceReply({
      provider: aiSdkProvider(model, { toolChoice: { type: 'required' }, transport: 'generate' }),
      messages: user,
      tools,
      runTool: (call) => {
        ran.push(call.name);
        return { state: 'shipped' };
      },
      maxToolSteps: 1,
    });
    expect(ran).toEqual(['lookup']);
    expect(result).toMatchObject({
      status: 'completed',
      value: JSON.parse(good),
      meta: { attempts: 1, toolBudgetExhausted: true },
    });
    const [first, step, summary] = model.doGenerateCalls;
    expect(model.doGenerateCalls).toHaveLength(3);
    expect(step).toMatchObject({ tools, toolChoice: { type: 'required' } });
    expect(summary).toMatchObject({ tools, toolChoice: { type: 'none' } });
    expect(summary!.responseFormat).toEqual(first!.responseFormat);
    const prompt = promptOf(summary!);
    expect(prompt.system).toMatch(/tool budget of this turn is spent/);
    expect(prompt.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
  });

  it('streamed: the summary is judged as it streams, cut at once when invalid, then corrected', async () => {
    const fenced = '```json\n' + good + '\n```';
    const { model, state } = streaming([asks('c1'), asks('c2'), fenced, good], 3);
    const seen: ReplyEvent[] = [];
    for await (const event of streamReply({
      provider: aiSdkProvider(model),
      messages: user,
      tools,
      runTool: () => 'shipped',
      maxToolSteps: 1,
    }))
      seen.push(event);
    expect(seen.filter((event) => event.type === 'tool_calls')).toHaveLength(1);
    expect(seen.find((event) => event.type === 'rejected')).toMatchObject({
      attempt: 1,
      issue: { code: 'CODE_FENCE' },
    });
    expect(state.cancelled).toBe(1);
    expect(model.doStreamCalls[2]).toMatchObject({ tools, toolChoice: { type: 'none' } });
    // The correction carries neither tools nor a tool choice.
    expect(model.doStreamCalls[3]!.tools).toBeUndefined();
    expect(model.doStreamCalls[3]!.toolChoice).toBeUndefined();
    expect(seen.at(-1)).toMatchObject({
      type: 'final',
      result: { status: 'completed', meta: { attempts: 2, toolBudgetExhausted: true } },
    });
  });

  it('a summary the model answers with tool calls anyway: never run, no final message', async () => {
    const model = generating([asks('c1'), asks('c2'), asks('c3'), asks('c4')]);
    let ran = 0;
    const result = await enforceReply({
      provider: aiSdkProvider(model, { transport: 'generate' }),
      messages: user,
      tools,
      runTool: () => ran++,
      maxToolSteps: 1,
    });
    expect(ran).toBe(1);
    expect(result).toMatchObject({
      status: 'validation_failed',
      issues: [{ code: 'NO_FINAL_MESSAGE' }],
      meta: { toolBudgetExhausted: true },
    });
    expect(result.notice).toBeDefined();
  });
});

describe('replyguardMiddleware: a step with toolChoice none is a tools-off turn', () => {
  const lookup = tool({
    inputSchema: jsonSchema<{ id: string }>({
      type: 'object',
      properties: { id: { type: 'string' } },
      required: ['id'],
    }),
    execute: async ({ id }) => {
      executed.push(id);
      return { id, state: 'shipped' };
    },
  });
  const executed: string[] = [];

  it('the SDK’s last step, asked tools-off by prepareStep, is judged and its calls never run', async () => {
    executed.length = 0;
    // The model ignores toolChoice none on the last step (a misbehaving upstream), then the
    // correction (offered no tools) answers.
    const inner = generating([asks('c1'), asks('c2'), asks('c3'), good]);
    const model = wrapLanguageModel({ model: inner, middleware: replyguardMiddleware() });
    const result = await generateText({
      model,
      prompt: 'where is A7?',
      tools: { lookup },
      stopWhen: stepCountIs(3),
      prepareStep: ({ stepNumber }) => (stepNumber === 2 ? { toolChoice: 'none' } : {}),
    });
    expect(executed).toEqual(['A7', 'A7']);
    expect(result.steps).toHaveLength(3);
    expect(result.steps[2]!.toolCalls).toEqual([]);
    expect(JSON.parse(result.text)).toEqual(JSON.parse(good));
    const [, , summary, correction] = inner.doGenerateCalls;
    expect(summary).toMatchObject({ toolChoice: { type: 'none' } });
    expect(summary!.tools).toHaveLength(1);
    expect(correction!.tools).toBeUndefined();
    expect(
      (result.providerMetadata as { replyguard: { meta: unknown } }).replyguard.meta,
    ).toMatchObject({ attempts: 2, stage: 'correction' });
  });
});

describe('aiSdkProvider: usage of a stream that fails after it began', () => {
  const failing = (before: readonly unknown[]) =>
    new MockLanguageModel({
      provider: 'mock',
      modelId: 'failing',
      doStream: async () => ({
        stream: simulateReadableStream({
          chunks: [
            { type: 'stream-start', warnings: [] },
            ...before,
            { type: 'error', error: { message: 'upstream overloaded', code: 'overloaded' } },
          ] as never[],
          initialDelayInMs: null,
          chunkDelayInMs: null,
        }),
      }),
    });

  it('an error part after parts of the answer (reasoning, no text): estimated usage', async () => {
    const model = failing([
      { type: 'response-metadata', id: 'r1', modelId: 'failing-1' },
      { type: 'reasoning-start', id: 'p0' },
      { type: 'reasoning-delta', id: 'p0', delta: 'Let me think.' },
    ]);
    const result = await enforceReply({ provider: aiSdkProvider(model), messages: user });
    expect(result).toMatchObject({ status: 'error', issues: [{ code: 'MODEL_FAILED' }] });
    expect(result.issues[0]!.message).toMatch(/upstream overloaded \(overloaded\)/);
    expect(result.usage).toMatchObject({ outputTokens: 0, estimated: true });
    expect(result.usage.inputTokens).toBeGreaterThan(0);
  });

  it('an error part before any of the answer: no usage', async () => {
    const result = await enforceReply({ provider: aiSdkProvider(failing([])), messages: user });
    expect(result).toMatchObject({ status: 'error', issues: [{ code: 'MODEL_FAILED' }] });
    expect(result.usage).toEqual({ inputTokens: 0, outputTokens: 0 });
  });
});

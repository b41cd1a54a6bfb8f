import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { ModelStreamEvent } from '../../src/providers/modelProvider';
import { enforceReply } from '../../src/reply/enforceReply';
import { failureNotice } from '../../src/reply/failureNotice';
import type { ReplyEvent } from '../../src/reply/replyEvent';
import type { ToolInvocation } from '../../src/reply/runToolCalls';
import { streamReply } from '../../src/reply/streamReply';
import type { AttemptRecord, ReplyResult } from '../../src/results/replyResult';
import { segmentInstruction } from '../../src/segments/segmentInstruction';
import { collectEvents } from '../providers/fakeUpstream';
import { chunks, scripted, streaming } from './scriptedProvider';

// Issue 29, item 1: the IM seed's "final tools-off summary after budget exhaustion uses the same
// message schema". When the model asks for tools past maxToolSteps, one more call is made with
// the tools off, the tool results so far in its context, the same schema bound; its answer is
// checked like any other, and no tool ever runs past the budget.

const good = '{"segments":[{"type":"text","data":{"text":"Oslo is 3 °C, Rome 18 °C."}}]}';
const user = [{ role: 'user' as const, content: 'Weather in Oslo and Rome?' }];
const tools = [{ type: 'function', function: { name: 'weather', parameters: { type: 'object' } } }];
const call = (id: string, args = '{}'): ModelStreamEvent => ({
  type: 'tool_call',
  call: { id, name: 'weather', arguments: args },
});
/** A model that asks for a tool on every call it is offered tools, `times` times. */
const loop = (times: number) =>
  Array.from({ length: times }, (_, index) => [call(`c${index + 1}`, `{"n":${index + 1}}`)]);

function finalOf(events: ReplyEvent[]): ReplyResult<unknown> {
  const last = events.at(-1);
  expect(last?.type).toBe('final');
  return (last as Extract<ReplyEvent, { type: 'final' }>).result;
}

/** A runTool that records what it ran. */
function recorder(answer: (call: ToolInvocation) => unknown = (c) => ({ ran: c.id })) {
  const ran: string[] = [];
  return {
    ran,
    runTool: (invocation: ToolInvocation) => {
      ran.push(invocation.id);
      return answer(invocation);
    },
  };
}

describe('the tools-off summary (default)', () => {
  it('makes one more call with the tools off, the results so far in context, the same schema', async () => {
    const { provider, requests } = streaming([...loop(3), chunks(good, 9)]);
    const { ran, runTool } = recorder();
    const records: AttemptRecord[] = [];
    const events = await collectEvents(
      streamReply({
        provider,
        system: 'You are a weather bot.',
        messages: user,
        tools,
        runTool,
        maxToolSteps: 2,
        onAttempt: (record) => records.push(record),
      }),
    );
    // Two steps ran; the third ask was never run, nor announced as tool_calls.
    expect(ran).toEqual(['c1', 'c2']);
    expect(events.filter((event) => event.type === 'tool_calls')).toMatchObject([
      { step: 1, calls: [{ id: 'c1' }] },
      { step: 2, calls: [{ id: 'c2' }] },
    ]);
    expect(events.filter((event) => event.type === 'attempt')).toHaveLength(1);
    expect(requests).toHaveLength(4);
    const [firstCall, , third, summary] = requests;
    expect(summary!.toolChoice).toBe('none');
    expect(third!.toolChoice).toBeUndefined();
    // The same schema bound, the tools listed for the wire only.
    expect(summary!.schema).toEqual(firstCall!.schema);
    expect(summary!.tools).toEqual(tools);
    // The steps that ran, with their results; the unrun third ask is not part of it.
    expect(summary!.messages).toEqual(third!.messages);
    expect(summary!.messages.filter((m) => m.role === 'tool').map((m) => m.content)).toEqual([
      '{"ran":"c1"}',
      '{"ran":"c2"}',
    ]);
    expect(JSON.stringify(summary!.messages)).not.toContain('c3');
    // The host's prompt first, the note, the format instruction last.
    expect(summary!.system.startsWith('You are a weather bot.\n\n')).toBe(true);
    expect(summary!.system).toMatch(/tool budget of this turn is spent/);
    expect(summary!.system.endsWith(segmentInstruction())).toBe(true);
    expect(firstCall!.system).not.toMatch(/tool budget/);
    expect(finalOf(events)).toMatchObject({
      status: 'completed',
      value: JSON.parse(good),
      meta: {
        attempts: 1,
        stage: 'model',
        toolBudgetExhausted: true,
        history: [{ attempt: 1, toolSteps: 2, issues: [] }],
      },
    });
    expect(records).toEqual([{ attempt: 1, stage: 'model', issues: [], toolSteps: 2 }]);
  });

  it('judges the summary while it streams: an early reject, then the one correction', async () => {
    const { provider, requests } = streaming([...loop(2), ['```json', '{"segments"'], [good]]);
    const { ran, runTool } = recorder();
    const events = await collectEvents(
      streamReply({
        provider,
        messages: user,
        tools,
        runTool,
        maxToolSteps: 1,
        streamProgress: true,
      }),
    );
    expect(ran).toEqual(['c1']);
    expect(events.find((event) => event.type === 'rejected')).toMatchObject({
      attempt: 1,
      stage: 'model',
      issue: { code: 'CODE_FENCE' },
    });
    // The correction carries no tools and no conversation.
    expect(requests[3]!.tools).toBeUndefined();
    expect(requests[3]!.toolChoice).toBeUndefined();
    expect(requests[3]!.messages).toHaveLength(1);
    expect(finalOf(events)).toMatchObject({
      status: 'completed',
      meta: { attempts: 2, stage: 'correction', toolBudgetExhausted: true },
    });
  });

  it('shows the summary as progress while it streams, as any text step', async () => {
    const { provider } = streaming([...loop(2), chunks(good, 6)]);
    const events = await collectEvents(
      streamReply({
        provider,
        messages: user,
        tools,
        runTool: () => 'ok',
        maxToolSteps: 1,
        streamProgress: true,
      }),
    );
    const shown = events.filter((event) => event.type === 'progress');
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.at(-1)).toMatchObject({ attempt: 1, provisional: true });
    expect(finalOf(events).status).toBe('completed');
  });

  it('a summary answered with tool calls only is no final message: never run, then the notice', async () => {
    // The summary asks for tools anyway; so does the correction (offered none).
    const { provider, requests } = streaming([...loop(2), [call('c9')], [call('c10')]]);
    const { ran, runTool } = recorder();
    const events = await collectEvents(
      streamReply({ provider, messages: user, tools, runTool, maxToolSteps: 1 }),
    );
    expect(ran).toEqual(['c1']);
    expect(events.filter((event) => event.type === 'tool_calls')).toHaveLength(1);
    expect(requests).toHaveLength(4);
    const result = finalOf(events);
    expect(result).toMatchObject({
      status: 'validation_failed',
      issues: [{ code: 'NO_FINAL_MESSAGE' }],
      notice: failureNotice(),
      meta: { attempts: 2, toolBudgetExhausted: true },
    });
    expect(result.status === 'interrupted' ? result.toolCalls : undefined).toBeUndefined();
  });

  it('a summary with text beside its calls is judged on its text; the calls never run', async () => {
    const { provider } = scripted([
      { toolCalls: [{ id: 'c1', name: 'weather', arguments: '{}' }] },
      { text: good, toolCalls: [{ id: 'c2', name: 'weather', arguments: '{}' }] },
    ]);
    const { ran, runTool } = recorder();
    const result = await enforceReply({
      provider,
      messages: user,
      tools,
      runTool,
      maxToolSteps: 0,
    });
    expect(ran).toEqual([]);
    expect(result).toMatchObject({ status: 'completed', meta: { toolBudgetExhausted: true } });
  });

  it('an empty summary is refused, corrected once, then the notice; no tool runs again', async () => {
    const { provider, requests } = scripted([
      { toolCalls: [{ id: 'c1', name: 'weather', arguments: '{}' }] },
      { toolCalls: [{ id: 'c2', name: 'weather', arguments: '{}' }] },
      '',
      '',
    ]);
    const { ran, runTool } = recorder();
    const result = await enforceReply({
      provider,
      messages: user,
      tools,
      runTool,
      maxToolSteps: 1,
    });
    expect(ran).toEqual(['c1']);
    expect(requests).toHaveLength(4);
    expect(requests[2]!.toolChoice).toBe('none');
    expect(result).toMatchObject({
      status: 'validation_failed',
      notice: failureNotice(),
      meta: { attempts: 2, stage: 'correction', toolBudgetExhausted: true },
    });
    expect(result.issues.length).toBeGreaterThan(0);
  });

  it('a budget of 0 runs no tool: the first ask goes straight to the summary', async () => {
    const { provider, requests } = streaming([[call('c1')], chunks(good, 11)]);
    const { ran, runTool } = recorder();
    const result = await enforceReply({
      provider,
      messages: user,
      tools,
      runTool,
      maxToolSteps: 0,
    });
    expect(ran).toEqual([]);
    expect(requests[1]).toMatchObject({ toolChoice: 'none', messages: user, tools });
    expect(result).toMatchObject({
      status: 'completed',
      meta: { toolBudgetExhausted: true, history: [{ attempt: 1, issues: [] }] },
    });
    expect(result.meta.history?.[0]?.toolSteps).toBeUndefined();
  });

  it('a tool that throws on the last step: its error is in the summary, and nothing runs after', async () => {
    const { provider, requests } = streaming([...loop(3), chunks(good, 10)]);
    const { ran, runTool } = recorder((invocation) => {
      if (invocation.id === 'c2') throw new Error('weather backend down');
      return { celsius: 3 };
    });
    const result = await enforceReply({
      provider,
      messages: user,
      tools,
      runTool,
      maxToolSteps: 2,
    });
    expect(ran).toEqual(['c1', 'c2']);
    expect(requests[3]!.toolChoice).toBe('none');
    expect(requests[3]!.messages.at(-1)).toMatchObject({
      role: 'tool',
      toolCallId: 'c2',
      content: 'Error: weather backend down',
    });
    expect(result).toMatchObject({ status: 'completed', meta: { toolBudgetExhausted: true } });
  });

  it('a refused summary ends REFUSED, not corrected', async () => {
    const { provider, requests } = scripted([
      { toolCalls: [{ id: 'c1', name: 'weather', arguments: '{}' }] },
      { refusal: 'I cannot help with that.', finishReason: 'refusal' },
    ]);
    const result = await enforceReply({
      provider,
      messages: user,
      tools,
      runTool: () => 'ok',
      maxToolSteps: 0,
    });
    expect(requests).toHaveLength(2);
    expect(result).toMatchObject({
      status: 'validation_failed',
      issues: [{ code: 'REFUSED' }],
      meta: { toolBudgetExhausted: true },
    });
  });

  it('an abort during the summary is interrupted', async () => {
    const controller = new AbortController();
    const { provider } = scripted([
      { toolCalls: [{ id: 'c1', name: 'weather', arguments: '{}' }] },
      () => {
        controller.abort();
        return new Promise(() => undefined);
      },
    ]);
    const result = await enforceReply({
      provider,
      messages: user,
      tools,
      runTool: () => 'ok',
      maxToolSteps: 0,
      signal: controller.signal,
    });
    expect(result).toMatchObject({
      status: 'interrupted',
      issues: [{ code: 'ABORTED' }],
      meta: { toolBudgetExhausted: true },
    });
  });

  it('without runTool the calls are handed back, whatever the budget: no summary', async () => {
    const { provider, requests } = streaming([[call('c1')]]);
    const result = await enforceReply({ provider, messages: user, tools, maxToolSteps: 0 });
    expect(requests).toHaveLength(1);
    expect(result).toMatchObject({ status: 'interrupted', toolCalls: [{ id: 'c1' }] });
    expect(result.meta.toolBudgetExhausted).toBeUndefined();
  });

  it('a turn that stays within its budget says nothing of it', async () => {
    const { provider } = streaming([...loop(2), chunks(good, 9)]);
    const result = await enforceReply({
      provider,
      messages: user,
      tools,
      runTool: () => 'ok',
      maxToolSteps: 2,
    });
    expect(result.status).toBe('completed');
    expect(result.meta.toolBudgetExhausted).toBeUndefined();
  });

  it('plain-text mode: the summary is plain text, with the tools off', async () => {
    const { provider, requests } = scripted([
      { toolCalls: [{ id: 'c1', name: 'weather', arguments: '{}' }] },
      'Oslo is 3 °C.',
    ]);
    const result = await enforceReply({
      provider,
      messages: user,
      tools,
      runTool: () => 'ok',
      maxToolSteps: 0,
      schema: false,
    });
    expect(requests[1]).toMatchObject({ toolChoice: 'none' });
    expect(requests[1]!.schema).toBeUndefined();
    expect(result).toMatchObject({
      status: 'completed',
      value: { segments: [{ type: 'text', data: { text: 'Oslo is 3 °C.' } }] },
      meta: { toolBudgetExhausted: true },
    });
  });
});

describe('custom schemas follow the same option', () => {
  const schema = v.strictObject({ city: v.string(), celsius: v.number() });

  it('summarize by default: the summary is validated against the custom schema, with its retries', async () => {
    const { provider, requests } = scripted([
      { toolCalls: [{ id: 'c1', name: 'weather', arguments: '{}' }] },
      { toolCalls: [{ id: 'c2', name: 'weather', arguments: '{}' }] },
      '{"city":"Oslo"}',
      '{"city":"Oslo","celsius":3}',
    ]);
    const { ran, runTool } = recorder();
    const result = await enforceReply({
      provider,
      messages: user,
      tools,
      runTool,
      maxToolSteps: 1,
      schema,
    });
    expect(ran).toEqual(['c1']);
    expect(requests[2]!.toolChoice).toBe('none');
    expect(requests[2]!.schema).toEqual(requests[0]!.schema);
    expect(result).toMatchObject({
      status: 'completed',
      value: { city: 'Oslo', celsius: 3 },
      meta: { attempts: 2, stage: 'correction', toolBudgetExhausted: true },
    });
  });

  it("'error' keeps the old ending for a custom schema too", async () => {
    const { provider, requests } = scripted([
      { toolCalls: [{ id: 'c1', name: 'weather', arguments: '{}' }] },
      { toolCalls: [{ id: 'c2', name: 'weather', arguments: '{}' }] },
    ]);
    const { ran, runTool } = recorder();
    const result = await enforceReply({
      provider,
      messages: user,
      tools,
      runTool,
      maxToolSteps: 1,
      schema,
      onToolBudgetExhausted: 'error',
    });
    expect(ran).toEqual(['c1']);
    expect(requests).toHaveLength(2);
    expect(result).toMatchObject({
      status: 'error',
      issues: [{ code: 'TOOL_STEPS_EXCEEDED' }],
      meta: { toolBudgetExhausted: true },
    });
    expect(result.notice).toBeUndefined();
  });
});

describe("a tools-off turn from the start (toolChoice: 'none')", () => {
  it('lists the tools for the wire only: judged as it streams, calls never run or handed back', async () => {
    const { provider, requests } = streaming([['```json'], [call('c1')]]);
    const { ran, runTool } = recorder();
    const events = await collectEvents(
      streamReply({ provider, messages: user, tools, runTool, toolChoice: 'none' }),
    );
    expect(requests[0]).toMatchObject({ tools, toolChoice: 'none' });
    expect(events.find((event) => event.type === 'rejected')).toMatchObject({ attempt: 1 });
    expect(ran).toEqual([]);
    expect(events.some((event) => event.type === 'tool_calls')).toBe(false);
    const result = finalOf(events);
    expect(result).toMatchObject({
      status: 'validation_failed',
      issues: [{ code: 'NO_FINAL_MESSAGE' }],
    });
    // The host chose it: no budget ran out.
    expect(result.meta.toolBudgetExhausted).toBeUndefined();
  });

  it('without runTool, calls in the answer are not handed back either', async () => {
    const { provider } = scripted([
      { text: good, toolCalls: [{ id: 'c1', name: 'weather', arguments: '{}' }] },
    ]);
    const result = await enforceReply({ provider, messages: user, tools, toolChoice: 'none' });
    expect(result).toMatchObject({ status: 'completed', value: JSON.parse(good) });
  });
});

import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { AttemptRecord, ReplyResult } from '../../src/results/replyResult';
import { failureNotice } from '../../src/reply/failureNotice';
import { enforceReply } from '../../src/reply/enforceReply';
import type { ReplyEvent } from '../../src/reply/replyEvent';
import { streamReply } from '../../src/reply/streamReply';
import { chunks, scripted, streaming } from './scriptedProvider';
import { collectEvents } from '../providers/fakeUpstream';

const good = '{"segments":[{"type":"text","data":{"text":"Hello"}}]}';
const user = [{ role: 'user' as const, content: 'hi' }];
const tools = [{ type: 'function', function: { name: 'weather', parameters: { type: 'object' } } }];
// A GitHub token shape the leak scanner masks (generated, not a real key).
const secret = `ghp_${'aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5'.slice(0, 36)}`;

const collect = (events: AsyncIterable<ReplyEvent>) => collectEvents(events);

function finalOf(events: ReplyEvent[]): ReplyResult<unknown> {
  const finals = events.filter((event) => event.type === 'final');
  expect(finals).toHaveLength(1);
  expect(events.at(-1)?.type).toBe('final');
  return (finals[0] as Extract<ReplyEvent, { type: 'final' }>).result;
}

describe('streamReply events', () => {
  it('yields attempt then final, and no reply text before validation by default', async () => {
    const { provider } = streaming([chunks(good, 7)]);
    const events = await collect(streamReply({ provider, messages: user }));
    expect(events.map((event) => event.type)).toEqual(['attempt', 'final']);
    expect(events[0]).toEqual({ type: 'attempt', attempt: 1, stage: 'model' });
    expect(finalOf(events)).toMatchObject({
      status: 'completed',
      value: JSON.parse(good),
      meta: { attempts: 1, stage: 'model' },
    });
  });

  it('streams provisional deltas only when asked, and they join to the answer', async () => {
    const { provider } = streaming([chunks(good, 5)]);
    const events = await collect(streamReply({ provider, messages: user, streamDeltas: true }));
    const deltas = events.filter((event) => event.type === 'delta');
    expect(deltas.length).toBe(Math.ceil(good.length / 5));
    expect(
      deltas.every(
        (event) => event.type === 'delta' && event.provisional === true && event.attempt === 1,
      ),
    ).toBe(true);
    expect(deltas.map((event) => (event.type === 'delta' ? event.text : '')).join('')).toBe(good);
    expect(finalOf(events).status).toBe('completed');
  });

  it('gives the same result streamed as whole', async () => {
    const whole = await enforceReply({ provider: scripted([good]).provider, messages: user });
    const streamed = await enforceReply({
      provider: streaming([chunks(good, 3)]).provider,
      messages: user,
    });
    expect({ ...streamed, meta: { ...streamed.meta, durationMs: 0 }, usage: whole.usage }).toEqual({
      ...whole,
      meta: { ...whole.meta, durationMs: 0 },
    });
  });

  it('corrects once and reports each attempt in meta.history and to onAttempt', async () => {
    const seen: AttemptRecord[] = [];
    const { provider, requests } = streaming([['not json'], chunks(good, 9)]);
    const events = await collect(
      streamReply({ provider, messages: user, onAttempt: (record) => seen.push(record) }),
    );
    expect(events.filter((event) => event.type === 'attempt')).toEqual([
      { type: 'attempt', attempt: 1, stage: 'model' },
      { type: 'attempt', attempt: 2, stage: 'correction' },
    ]);
    const result = finalOf(events);
    expect(result).toMatchObject({
      status: 'completed',
      meta: { attempts: 2, stage: 'correction' },
    });
    expect(
      result.meta.history?.map((entry) => [entry.attempt, entry.stage, entry.issues.length > 0]),
    ).toEqual([
      [1, 'model', true],
      [2, 'correction', false],
    ]);
    expect(seen).toEqual(result.meta.history);
    expect(requests[1]!.tools).toBeUndefined();
    expect(requests[1]!.messages).toHaveLength(1);
  });

  it('a throwing onAttempt hook changes nothing', async () => {
    const { provider } = streaming([chunks(good, 9)]);
    const result = await enforceReply({
      provider,
      messages: user,
      onAttempt: () => {
        throw new Error('log sink down');
      },
    });
    expect(result.status).toBe('completed');
  });

  it('breaking out of the loop cancels the model call', async () => {
    const { provider, sentBeforeAbort } = streaming([[...chunks(good, 2)]]);
    for await (const event of streamReply({ provider, messages: user, streamDeltas: true })) {
      if (event.type === 'delta') break;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(sentBeforeAbort[0]).toBeLessThan(chunks(good, 2).length);
  });

  it('an aborted turn mid-stream is interrupted, never completed', async () => {
    const controller = new AbortController();
    const { provider } = streaming([chunks(good, 1)]);
    const events: ReplyEvent[] = [];
    for await (const event of streamReply({
      provider,
      messages: user,
      signal: controller.signal,
      streamDeltas: true,
    })) {
      events.push(event);
      if (event.type === 'delta' && events.length === 5) controller.abort();
    }
    expect(finalOf(events)).toMatchObject({ status: 'interrupted', issues: [{ code: 'ABORTED' }] });
  });

  it('a stream that fails is an error with the notice', async () => {
    const provider = { ...streaming([]).provider };
    const result = await enforceReply({ provider, messages: user });
    expect(result).toMatchObject({ status: 'error', issues: [{ code: 'MODEL_FAILED' }] });
    expect(result.notice).toEqual(failureNotice());
  });
});

describe('tool steps', () => {
  const call = (id: string, args: string, name = 'weather') => ({
    type: 'tool_call' as const,
    call: { id, name, arguments: args },
  });

  it('runs the tools, replays the step in the next request, and checks the text step', async () => {
    const { provider, requests } = streaming([
      [call('c1', '{"city":"Oslo"}'), call('c2', '{"city":"Rome"}')],
      chunks(good, 8),
    ]);
    const ran: unknown[] = [];
    const events = await collect(
      streamReply({
        provider,
        messages: user,
        tools,
        runTool: async (invocation) => {
          ran.push(invocation);
          return invocation.arguments &&
            typeof invocation.arguments === 'object' &&
            'city' in invocation.arguments
            ? { temp: invocation.arguments.city === 'Oslo' ? 3 : 18 }
            : 'none';
        },
      }),
    );
    expect(ran).toEqual([
      { id: 'c1', name: 'weather', arguments: { city: 'Oslo' } },
      { id: 'c2', name: 'weather', arguments: { city: 'Rome' } },
    ]);
    expect(events.find((event) => event.type === 'tool_calls')).toMatchObject({
      attempt: 1,
      step: 1,
      calls: [{ id: 'c1' }, { id: 'c2' }],
    });
    expect(requests[1]!.tools).toEqual(tools);
    expect(requests[1]!.messages.slice(1)).toEqual([
      {
        role: 'assistant',
        content: '',
        toolCalls: [call('c1', '{"city":"Oslo"}').call, call('c2', '{"city":"Rome"}').call],
      },
      { role: 'tool', toolCallId: 'c1', name: 'weather', content: '{"temp":3}' },
      { role: 'tool', toolCallId: 'c2', name: 'weather', content: '{"temp":18}' },
    ]);
    expect(finalOf(events)).toMatchObject({
      status: 'completed',
      meta: { attempts: 1, history: [{ attempt: 1, toolSteps: 1 }] },
    });
  });

  it('reports a throwing tool and unparseable arguments to the model, and goes on', async () => {
    const { provider, requests } = streaming([
      [call('a', '{"x":1}'), call('b', '{"x":1,"x":2}')],
      [good],
    ]);
    let calls = 0;
    const result = await enforceReply({
      provider,
      messages: user,
      tools,
      runTool: () => {
        calls++;
        throw new Error(`backend down ${'!'.repeat(2000)}`);
      },
    });
    expect(result.status).toBe('completed');
    expect(calls).toBe(1);
    const [first, second] = requests[1]!.messages.slice(2) as { content: string }[];
    expect(first!.content).toMatch(/^Error: backend down !+…$/);
    expect(first!.content.length).toBeLessThan(520);
    expect(second!.content).toMatch(/^Error: the arguments are not valid JSON \(DUPLICATE_KEY/);
  });

  it("with onToolBudgetExhausted: 'error', ends the turn TOOL_STEPS_EXCEEDED past maxToolSteps", async () => {
    const loop = Array.from({ length: 4 }, (_, index) => [call(`c${index}`, '{}')]);
    const { provider, requests } = streaming(loop);
    const result = await enforceReply({
      provider,
      messages: user,
      tools,
      runTool: () => 'ok',
      maxToolSteps: 2,
      onToolBudgetExhausted: 'error',
    });
    expect(result).toMatchObject({
      status: 'error',
      issues: [{ code: 'TOOL_STEPS_EXCEEDED' }],
      meta: { toolBudgetExhausted: true },
    });
    expect(requests).toHaveLength(3);
  });

  it('without runTool, hands the calls back: interrupted with toolCalls', async () => {
    const { provider } = streaming([[call('c1', '{"city":"Oslo"}')]]);
    const result = await enforceReply({ provider, messages: user, tools });
    expect(result).toMatchObject({
      status: 'interrupted',
      issues: [{ code: 'TOOL_CALLS_RETURNED' }],
      toolCalls: [{ id: 'c1', name: 'weather', arguments: '{"city":"Oslo"}' }],
    });
  });

  it('a correction carries no tools and never runs a tool again', async () => {
    const { provider, requests } = streaming([[call('c1', '{}')], ['```json'], [good]]);
    let ran = 0;
    const result = await enforceReply({ provider, messages: user, tools, runTool: () => ran++ });
    expect(result).toMatchObject({
      status: 'completed',
      meta: { attempts: 2, stage: 'correction' },
    });
    expect(ran).toBe(1);
    expect(requests[2]!.tools).toBeUndefined();
    expect(requests[2]!.messages).toHaveLength(1);
    expect(requests[2]!.messages[0]!.content).not.toContain('c1');
  });

  it('a tool that outlives the attempt ends it as a timeout; an abort during a tool is interrupted', async () => {
    const hangs = () => new Promise(() => undefined);
    const slow = streaming([[call('c1', '{}')]]);
    expect(
      await enforceReply({
        provider: slow.provider,
        messages: user,
        tools,
        runTool: hangs,
        timeoutMs: 30,
      }),
    ).toMatchObject({ status: 'error', issues: [{ code: 'TIMEOUT' }] });
    const controller = new AbortController();
    const aborted = streaming([[call('c1', '{}')]]);
    setTimeout(() => controller.abort(), 20);
    expect(
      await enforceReply({
        provider: aborted.provider,
        messages: user,
        tools,
        runTool: hangs,
        signal: controller.signal,
      }),
    ).toMatchObject({ status: 'interrupted', issues: [{ code: 'ABORTED' }] });
  });
});

describe('endings the contract fixes', () => {
  it('a custom reply that masking breaks ends at post_guardrail, with no further call and no secret anywhere', async () => {
    const schema = {
      type: 'object',
      properties: { token: { type: 'string', pattern: '^ghp_' } },
      required: ['token'],
      additionalProperties: false,
    };
    const { provider, requests } = scripted([JSON.stringify({ token: secret }), good]);
    const result = await enforceReply({ provider, messages: user, schema });
    expect(result).toMatchObject({
      status: 'validation_failed',
      meta: { stage: 'post_guardrail', attempts: 1 },
    });
    expect(requests).toHaveLength(1);
    expect(JSON.stringify(result)).not.toContain(secret);
  });

  it('a correction quotes the masked reply, and refused results never carry the secret', async () => {
    const bad = JSON.stringify({
      segments: [
        { type: 'text', data: { text: `key ${secret}` } },
        { type: 'mention', data: { target: 'stranger' } },
      ],
    });
    const { provider, requests } = scripted([bad, bad]);
    const result = await enforceReply({
      provider,
      messages: user,
      mentions: { allowed: ['friend'] },
    });
    expect(result.status).toBe('validation_failed');
    expect(requests[1]!.messages[0]!.content).not.toContain(secret);
    expect(requests[1]!.messages[0]!.content).toContain('[REDACTED]');
    expect(JSON.stringify(result)).not.toContain(secret);
  });

  it('an issue whose pointer names a secret leaves masked', async () => {
    const bad = `{"segments":[{"type":"text","data":{"text":"hi","${secret}":1}}]}`;
    const result = await enforceReply({ provider: scripted([bad, bad]).provider, messages: user });
    expect(result.status).toBe('validation_failed');
    expect(result.issues.length).toBeGreaterThan(0);
    expect(JSON.stringify(result)).not.toContain(secret);
  });

  it('plain-text mode with no final text ends with the notice', async () => {
    const result = await enforceReply({
      provider: scripted([{}]).provider,
      messages: user,
      schema: false,
    });
    expect(result).toMatchObject({
      status: 'validation_failed',
      issues: [{ code: 'NO_FINAL_MESSAGE' }],
    });
    expect(result.notice).toEqual(failureNotice());
  });

  it('counts the 32,000 limit in code points: 32,000 is corrected, 32,001 is not', async () => {
    // Astral characters: each is two UTF-16 units, so the UTF-16 length is far over the limit.
    const withPoints = (points: number) => {
      const wrapper = '{"segments":[{"type":"text","data":{"text":""}}]} x';
      return wrapper.replace('""', `"${'😀'.repeat(points - wrapper.length)}"`);
    };
    for (const [points, corrected] of [
      [32_000, true],
      [32_001, false],
    ] as const) {
      const text = withPoints(points);
      expect([...text].length).toBe(points);
      const { provider, requests } = scripted([text, good]);
      const result = await enforceReply({ provider, messages: user });
      expect(requests.length, `${points} code points`).toBe(corrected ? 2 : 1);
      expect(result.issues.some((issue) => issue.code === 'REPLY_TOO_LONG_FOR_CORRECTION')).toBe(
        !corrected,
      );
    }
  });
});

describe('custom schemas', () => {
  const order = {
    type: 'object',
    properties: { items: { type: 'array', items: { type: 'integer' } } },
    required: ['items'],
    additionalProperties: false,
  };

  it('resolves a schemaRef from a Map, from anything with get, sync or async', async () => {
    for (const registry of [
      new Map([['order', order]]),
      { get: async (ref: string) => (ref === 'order' ? order : undefined) },
    ]) {
      const result = await enforceReply({
        provider: scripted(['{"items":[1]}']).provider,
        messages: user,
        schemaRef: 'order',
        registry,
      });
      expect(result).toMatchObject({
        status: 'completed',
        value: { items: [1] },
        meta: { schemaName: 'order' },
      });
    }
    expect(
      await enforceReply({
        provider: scripted([]).provider,
        messages: user,
        schemaRef: 'nope',
        registry: new Map(),
      }),
    ).toMatchObject({
      status: 'error',
      issues: [{ code: 'SCHEMA_NOT_FOUND' }],
      meta: { attempts: 0 },
    });
  });

  it('is named "reply" by default', async () => {
    const { provider, requests } = scripted(['{"items":[]}']);
    expect(await enforceReply({ provider, messages: user, schema: order })).toMatchObject({
      meta: { schemaName: 'reply' },
    });
    expect(requests[0]!.schema?.name).toBe('reply');
  });

  it('repairs a string-encoded container once, strictly, and records it', async () => {
    const result = await enforceReply({
      provider: scripted(['{"items":"[1, 2]"}']).provider,
      messages: user,
      schema: order,
    });
    expect(result).toMatchObject({
      status: 'completed',
      value: { items: [1, 2] },
      findings: [{ code: 'CONTAINER_REPAIRED', path: '/items' }],
    });
    // A duplicate key inside the string is no repair.
    const refused = await enforceReply({
      provider: scripted(['{"items":"{\\"a\\":1,\\"a\\":2}"}']).provider,
      messages: user,
      schema: order,
      maxRetries: 0,
    });
    expect(refused.status).toBe('validation_failed');
  });

  it('return_invalid hands back the last value that parsed, and says which attempt wrote it', async () => {
    const { provider } = scripted(['{"items":["x"]}', 'not json']);
    const result = await enforceReply({
      provider,
      messages: user,
      schema: order,
      maxRetries: 1,
      onExhausted: 'return_invalid',
    });
    expect(result).toMatchObject({
      status: 'validation_failed',
      invalidValue: { items: ['x'] },
      invalidValueAttempt: 1,
      meta: { attempts: 2 },
    });
    expect(result.issues[0]!.code).toBe('INVALID_JSON');
  });

  it('infers the value type from a Standard Schema', async () => {
    const schema = v.object({ n: v.number() });
    const result = await enforceReply({
      provider: scripted(['{"n":1}']).provider,
      messages: user,
      schema,
    });
    if (result.status === 'completed') {
      const n: number = result.value.n;
      expect(n).toBe(1);
    } else {
      expect.unreachable();
    }
  });
});

describe('early reject', () => {
  const segment = (i: number) => `{"type":"text","data":{"text":"part ${i} of a long answer"}}`;
  const longValid = `{"segments":[${Array.from({ length: 40 }, (_, i) => segment(i)).join(',')}]}`;
  const at = (fraction: number) => {
    const cut = longValid.indexOf('{"type"', Math.floor(longValid.length * fraction));
    return `${longValid.slice(0, cut)}{"type":"html","data":{"html":"x"}},${longValid.slice(cut)}`;
  };

  it.each([0.1, 0.5, 0.9])(
    'cuts off an answer that turns invalid at %d of its length, within one chunk, and corrects',
    async (fraction) => {
      const bad = at(fraction);
      const violation = bad.indexOf('"html"') + '"html"'.length;
      const parts = chunks(bad, 16);
      const { provider, requests, sentBeforeAbort } = streaming([parts, chunks(good, 16)]);
      const events = await collect(streamReply({ provider, messages: user }));
      const rejected = events.find((event) => event.type === 'rejected');
      expect(rejected).toMatchObject({
        type: 'rejected',
        attempt: 1,
        stage: 'model',
        issue: { code: 'UNKNOWN_SEGMENT_TYPE' },
      });
      const offset = rejected?.type === 'rejected' ? rejected.offset : -1;
      expect(offset).toBeGreaterThanOrEqual(violation - 1);
      expect(offset).toBeLessThanOrEqual(violation + 16);
      expect(sentBeforeAbort[0]).toBeLessThanOrEqual(Math.ceil(violation / 16) + 1);
      expect(sentBeforeAbort[0]).toBeLessThan(parts.length);
      const result = finalOf(events);
      expect(result).toMatchObject({
        status: 'completed',
        meta: {
          attempts: 2,
          stage: 'correction',
          history: [{ attempt: 1, rejectedAt: offset }, { attempt: 2 }],
        },
      });
      // The correction names the early issue and quotes what was read, not more.
      const prompt = requests[1]!.messages[0]!.content;
      expect(prompt).toContain('UNKNOWN_SEGMENT_TYPE');
      expect(prompt).not.toContain(bad.slice(offset + 20, offset + 60));
    },
  );

  it('never cuts off a valid answer, however it is chunked', async () => {
    for (const size of [1, 2, 3, 7, 16, 64]) {
      const { provider } = streaming([chunks(longValid, size)]);
      const events = await collect(streamReply({ provider, messages: user }));
      expect(
        events.some((event) => event.type === 'rejected'),
        `chunks of ${size}`,
      ).toBe(false);
      expect(finalOf(events).status).toBe('completed');
    }
  });

  it('judges custom schemas by the strict parser while they stream', async () => {
    const schema = { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] };
    const { provider, sentBeforeAbort } = streaming([
      ['{"n":1}', ' trailing', ' words', ' never', ' read'],
      ['{"n":2}'],
    ]);
    const events = await collect(streamReply({ provider, messages: user, schema }));
    expect(events.find((event) => event.type === 'rejected')).toMatchObject({
      issue: { code: 'TRAILING_TOKENS', offset: 8 },
      offset: 9,
    });
    expect(sentBeforeAbort[0]).toBe(2);
    expect(finalOf(events)).toMatchObject({ status: 'completed', value: { n: 2 } });
  });

  it('lets a step that was offered tools start with prose, and judges the text step whole', async () => {
    const { provider } = streaming([
      [
        'Let me look that up. ',
        { type: 'tool_call', call: { id: 'c1', name: 'weather', arguments: '{}' } },
      ],
      chunks(good, 4),
    ]);
    const events = await collect(
      streamReply({ provider, messages: user, tools, runTool: () => 'sunny' }),
    );
    expect(events.some((event) => event.type === 'rejected')).toBe(false);
    expect(finalOf(events)).toMatchObject({ status: 'completed', meta: { attempts: 1 } });
  });

  it('a second invalid answer cut off early ends with the notice', async () => {
    const { provider } = streaming([
      ['```json\n', good],
      ['Sure! ', good],
    ]);
    const events = await collect(streamReply({ provider, messages: user }));
    expect(
      events
        .filter((event) => event.type === 'rejected')
        .map((event) => (event.type === 'rejected' ? event.issue.code : '')),
    ).toEqual(['CODE_FENCE', 'PROSE_AROUND_JSON']);
    const result = finalOf(events);
    expect(result).toMatchObject({ status: 'validation_failed', meta: { attempts: 2 } });
    expect(result.notice).toEqual(failureNotice());
  });
});

describe('what leaves a turn (review of round 2)', () => {
  it('an early-reject event carries the issue masked, as the final result does', async () => {
    const { provider } = streaming([chunks(`{"${secret}":1,"segments":[]}`, 4), chunks(good, 9)]);
    const events = await collect(
      streamReply({ provider, messages: user, leaks: { literals: ['Project Nightingale'] } }),
    );
    const rejected = events.find((event) => event.type === 'rejected');
    expect(rejected).toMatchObject({
      type: 'rejected',
      attempt: 1,
      issue: { code: 'UNKNOWN_FIELD' },
    });
    expect(JSON.stringify(events)).not.toContain(secret);
    expect(finalOf(events)).toMatchObject({ status: 'completed', meta: { attempts: 2 } });
  });

  it('an early reject quoting a host literal leaves it masked', async () => {
    const { provider } = streaming([
      chunks(
        '{"segments":[{"type":"text","data":{"text":"Project Nightingale"},"Project Nightingale":1}]}',
        5,
      ),
      chunks(good, 9),
    ]);
    const events = await collect(
      streamReply({ provider, messages: user, leaks: { literals: ['Project Nightingale'] } }),
    );
    expect(events.some((event) => event.type === 'rejected')).toBe(true);
    expect(JSON.stringify(events)).not.toContain('Nightingale');
  });

  it('return_invalid hands back the refused value masked', async () => {
    const schema = { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] };
    for (const provider of [
      scripted([`{"a":"${secret}"}`]).provider,
      streaming([[`{"a":"${secret}"}`]]).provider,
    ]) {
      const result = await enforceReply({
        provider,
        messages: user,
        schema,
        maxRetries: 0,
        onExhausted: 'return_invalid',
      });
      expect(result).toMatchObject({
        status: 'validation_failed',
        invalidValue: { a: expect.stringContaining('[REDACTED') },
        invalidValueAttempt: 1,
      });
      expect(JSON.stringify(result)).not.toContain(secret);
    }
  });

  it('a correction never runs a tool, even when its answer asks for one', async () => {
    const ran: string[] = [];
    const call = { id: 'c1', name: 'weather', arguments: '{}' };
    const { provider, requests } = streaming([
      ['not json'],
      [{ type: 'tool_call', call }, ...chunks(good, 9)],
    ]);
    const result = await enforceReply({
      provider,
      messages: user,
      tools,
      runTool: async (toolCall) => (ran.push(toolCall.name), 'sunny'),
    });
    expect(ran).toEqual([]);
    expect(requests[1]!.tools).toBeUndefined();
    // The answer is its text; the call nobody offered is dropped, not run, not handed out.
    expect(result).toMatchObject({
      status: 'completed',
      meta: { attempts: 2, stage: 'correction' },
    });
  });

  it('tool calls in an answer to a request without tools are no final message, not an interruption', async () => {
    const call = { id: 'c1', name: 'weather', arguments: '{}' };
    const { provider } = streaming([[{ type: 'tool_call', call }], [{ type: 'tool_call', call }]]);
    const result = await enforceReply({ provider, messages: user });
    expect(result).toMatchObject({
      status: 'validation_failed',
      issues: [{ code: 'NO_FINAL_MESSAGE' }],
      meta: { attempts: 2 },
    });
    expect(result).not.toHaveProperty('toolCalls');
  });

  it('a whole (non-streamed) answer gets the full check: every issue named, no rejected event', async () => {
    const twoWrongs = '{"segments":[{"type":"nope","data":{}},{"type":"text","data":{"text":1}}]}';
    const { provider, requests } = scripted([twoWrongs, twoWrongs]);
    const events = await collect(streamReply({ provider, messages: user }));
    expect(events.some((event) => event.type === 'rejected')).toBe(false);
    const result = finalOf(events);
    expect(result.status).toBe('validation_failed');
    expect(result.meta.history?.[0]?.issues.length).toBeGreaterThanOrEqual(2);
    // The correction names both problems too.
    expect(requests[1]!.messages[0]!.content).toMatch(/\/segments\/0[\s\S]*\/segments\/1/);
  });
});

import { describe, expect, it } from 'vitest';
import semver from 'semver';
import {
  replyguardProcessor,
  type ReplyguardProcessorOptions,
  type ReplyguardTripwire,
} from '../../src/mastra/index';
import { scriptedModel, type Step } from './mastraModels';
import { FENCED, GOOD, LEAKY, MASKED_VALUE, NOTICE, NOTICE_TEXT, TOKEN } from './replies';

// The processor runs in Mastra's own agent loop (Agent.stream and Agent.generate) over Mastra's mock
// model. @mastra/core asks for Node 22.13 or later: on older lines this suite is skipped, and the
// Node-lines run (scripts/nodeLines.mjs, Node 22 and 24) fails on any skipped test.
const supported = semver.gte(process.versions.node, '22.13.0');
const options = { mentions: { allowed: ['u1'] }, failureNotice: NOTICE_TEXT };

async function agentWith(
  steps: Step[],
  processor: ReplyguardProcessorOptions = options,
  extra: Record<string, unknown> = {},
) {
  const { Agent } = await import('@mastra/core/agent');
  const model = scriptedModel(steps);
  const agent = new Agent({
    id: 'chat',
    name: 'chat',
    instructions: 'You chat.',
    model,
    outputProcessors: [replyguardProcessor(processor)],
    maxProcessorRetries: 1,
    ...extra,
  });
  return { agent, model };
}

/** A streamed run: every part's type, the text parts' text, and the run's outcome. */
async function streamed(agent: Awaited<ReturnType<typeof agentWith>>['agent'], input = 'hi') {
  const output = await agent.stream(input);
  const types: string[] = [];
  let streamedText = '';
  for await (const part of output.fullStream) {
    types.push(part.type);
    if (part.type === 'text-delta') streamedText += part.payload.text;
  }
  return { output, types, streamedText, text: await output.text, tripwire: output.tripwire };
}

/**
 * A Mastra tool of one string field (`weather` reads `city`, `vault` reads `entry`) that records
 * the input it runs with in `ran` and answers with `result` (which may throw).
 */
async function recordingTool(id: 'weather' | 'vault', result: () => unknown) {
  const { createTool } = await import('@mastra/core/tools');
  const { z } = await import('zod');
  const ran: unknown[] = [];
  const field = id === 'weather' ? 'city' : 'entry';
  const tool = createTool({
    id,
    description: id === 'weather' ? 'The weather in a city.' : 'Reads a vault entry.',
    inputSchema: z.object({ [field]: z.string() }),
    execute: async (input) => {
      ran.push(input);
      return result();
    },
  });
  return { tool, ran };
}

/** Every string reachable in a value (own keys, hidden ones and symbols too), joined. */
function textsOf(value: unknown, seen = new Set<unknown>()): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null || seen.has(value)) return '';
  seen.add(value);
  return Reflect.ownKeys(value)
    .map((key) => {
      const descriptor = Object.getOwnPropertyDescriptor(value, key)!;
      const field =
        'value' in descriptor ? descriptor.value : (value as Record<PropertyKey, unknown>)[key];
      return textsOf(field, seen);
    })
    .join('\n');
}

describe.skipIf(!supported)('replyguardProcessor in a Mastra agent', () => {
  it('streams the checked reply only, after the model’s whole answer, as one text part', async () => {
    const { agent } = await agentWith([GOOD]);
    const run = await streamed(agent);
    expect(run.streamedText).toBe(GOOD);
    expect(run.text).toBe(GOOD);
    expect(run.types.filter((type) => type.startsWith('text-'))).toEqual([
      'text-start',
      'text-delta',
      'text-end',
    ]);
    expect(run.tripwire).toBeUndefined();
  });

  it('masks: the stream, the text and the response messages carry the masked reply', async () => {
    const { agent } = await agentWith([LEAKY]);
    const run = await streamed(agent);
    expect(JSON.parse(run.text)).toEqual(MASKED_VALUE);
    expect(run.streamedText).toBe(run.text);
    const response = await run.output.response;
    expect(JSON.stringify(response)).not.toContain(TOKEN);
    expect(JSON.stringify(response)).toContain('[REDACTED]');
  });

  it('corrects once through Mastra’s retry, the issues as feedback; the refused answer never streams', async () => {
    const { agent, model } = await agentWith([FENCED, GOOD]);
    const run = await streamed(agent);
    expect(run.text).toBe(GOOD);
    expect(run.streamedText).toBe(GOOD);
    expect(run.tripwire).toBeUndefined();
    expect(model.doStreamCalls).toHaveLength(2);
    const retried = JSON.stringify(model.doStreamCalls[1]?.prompt);
    expect(retried).toContain('CODE_FENCE');
  });

  it('aborts with the verdict when the correction is refused too', async () => {
    const { agent, model } = await agentWith([FENCED, FENCED]);
    const run = await streamed(agent);
    expect(model.doStreamCalls).toHaveLength(2);
    expect(run.streamedText).toBe('');
    expect(run.text).toBe('');
    expect(run.tripwire?.processorId).toBe('replyguard');
    expect(run.tripwire?.reason).toContain('CODE_FENCE');
    const metadata = run.tripwire?.metadata as ReplyguardTripwire;
    expect(metadata.status).toBe('validation_failed');
    expect(metadata.notice).toEqual(NOTICE);
    expect(metadata.issues[0]?.code).toBe('CODE_FENCE');
  });

  it('maxCorrections 0: aborts at the first refusal, in the stream', async () => {
    const { agent, model } = await agentWith([GOOD.replace('"u1"', '"u9"')], {
      ...options,
      maxCorrections: 0,
    });
    const run = await streamed(agent);
    expect(model.doStreamCalls).toHaveLength(1);
    expect(run.streamedText).toBe('');
    expect((run.tripwire?.metadata as ReplyguardTripwire).issues[0]?.code).toBe(
      'MENTION_NOT_ALLOWED',
    );
  });

  it('generate(): the checked reply as text, or the tripwire with the verdict', async () => {
    const { agent } = await agentWith([LEAKY]);
    const output = await agent.generate('hi');
    expect(JSON.parse(output.text)).toEqual(MASKED_VALUE);
    const refused = await agentWith(['plain words', 'plain words']);
    const failed = await refused.agent.generate('hi');
    expect(failed.text).toBe('');
    expect((failed.tripwire?.metadata as ReplyguardTripwire).issues[0]?.code).toBe('INVALID_JSON');
  });

  it('drops a tool step’s words, runs the tool, and checks the answer after it', async () => {
    const { tool: weather, ran } = await recordingTool('weather', () => ({ celsius: 18 }));
    const { agent } = await agentWith(
      [
        {
          text: `Let me look that up ${TOKEN}`,
          calls: [{ id: 'c1', name: 'weather', input: '{"city":"Oslo"}' }],
        },
        GOOD,
      ],
      options,
      { tools: { weather } },
    );
    const run = await streamed(agent);
    expect(ran).toEqual([{ city: 'Oslo' }]);
    expect(run.types).toContain('tool-result');
    expect(run.streamedText).toBe(GOOD);
    expect(run.text).toBe(GOOD);
    expect(JSON.stringify(await run.output.response)).not.toContain(TOKEN);
  });

  it('after a processor that copies each part it passes, the checked reply is released once', async () => {
    // Mastra re-drives released parts through the whole chain, this processor included.
    const copier = {
      id: 'copier',
      processOutputStream: async ({ part }: { part: object }) => ({ ...part }),
    };
    const { agent } = await agentWith([GOOD], options, {
      outputProcessors: [copier, replyguardProcessor(options)],
    });
    const run = await streamed(agent);
    expect(run.streamedText).toBe(GOOD);
    expect(run.types.filter((type) => type === 'text-delta')).toHaveLength(1);
  });

  it('an answer cut at the token limit is refused as TRUNCATED, not corrected', async () => {
    const { agent, model } = await agentWith([{ text: GOOD, finish: 'length' }, GOOD]);
    const run = await streamed(agent);
    expect(model.doStreamCalls).toHaveLength(1);
    expect(run.streamedText).toBe('');
    expect((run.tripwire?.metadata as ReplyguardTripwire).issues[0]?.code).toBe('TRUNCATED');
  });

  it('a model that fails mid-answer: what it wrote is never released', async () => {
    const { agent, model } = await agentWith([
      { error: new Error(`upstream failed ${TOKEN}`) },
      GOOD,
    ]);
    const output = await agent.stream('hi');
    const types: string[] = [];
    let streamedText = '';
    for await (const part of output.fullStream) {
      types.push(part.type);
      if (part.type === 'text-delta') streamedText += part.payload.text;
    }
    expect(types).toContain('error');
    expect(streamedText).toBe('');
    // A failed step is not a refused reply: no correction is asked, no verdict invented.
    expect(model.doStreamCalls).toHaveLength(1);
    expect(output.tripwire).toBeUndefined();
  });

  it('a model’s error leaves masked: its part, its stack and output.error; the run still fails', async () => {
    const failing = { error: new Error(`upstream failed ${TOKEN}`) };
    const { agent } = await agentWith([failing, failing]);
    const output = await agent.stream('hi');
    const errors: unknown[] = [];
    for await (const part of output.fullStream) if (part.type === 'error') errors.push(part);
    expect(errors).toHaveLength(1);
    const error = (errors[0] as { payload: { error: Error } }).payload.error;
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('upstream failed [REDACTED]');
    expect(error.stack).toContain('upstream failed [REDACTED]');
    expect(textsOf(errors[0])).not.toContain(TOKEN);
    const failed = output.error as Error;
    expect(failed.message).toBe('upstream failed [REDACTED]');
    expect(textsOf(failed)).not.toContain(TOKEN);
    // generate() throws the masked error.
    const thrown = await agent.generate('hi').then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect((thrown as Error).message).toBe('upstream failed [REDACTED]');
    expect(textsOf(thrown)).not.toContain(TOKEN);
  });

  it('an AI SDK error keeps its class and fields, every text masked, host literals too', async () => {
    const { APICallError } = await import('ai');
    const key = 'host-key-0123456789abcdef';
    const thrown = new APICallError({
      message: `401 for key ${key}`,
      url: 'https://api.example.com/v1/chat',
      requestBodyValues: { model: 'm' },
      statusCode: 401,
      responseBody: `{"error":{"message":"bad key ${TOKEN}"}}`,
      cause: new Error(`socket said ${TOKEN}`),
      isRetryable: false,
    });
    const { agent } = await agentWith([{ error: thrown }], {
      ...options,
      leaks: { literals: [key] },
    });
    const output = await agent.stream('hi');
    for await (const part of output.fullStream) void part;
    const failed = output.error as InstanceType<typeof APICallError>;
    expect(APICallError.isInstance(failed)).toBe(true);
    expect(failed.statusCode).toBe(401);
    expect(failed.isRetryable).toBe(false);
    expect(failed.message).toBe('401 for key [REDACTED]');
    expect(failed.responseBody).toContain('bad key [REDACTED]');
    expect((failed.cause as Error).message).toBe('socket said [REDACTED]');
    const texts = textsOf(failed);
    expect(texts).not.toContain(TOKEN);
    expect(texts).not.toContain(key);
    // The model's error is left as it was: the copy is what leaves.
    expect(thrown.message).toContain(key);
  });

  it('a tool that fails: its tool-error part’s error and arguments are masked, the answer after it checked', async () => {
    const { tool: weather } = await recordingTool('weather', () => {
      throw new Error(`weather API refused ${TOKEN}`);
    });
    const { agent } = await agentWith(
      [{ calls: [{ id: 'c1', name: 'weather', input: `{"city":"Oslo ${TOKEN}"}` }] }, GOOD],
      options,
      { tools: { weather } },
    );
    const output = await agent.stream('hi');
    const failures: unknown[] = [];
    for await (const part of output.fullStream) if (part.type === 'tool-error') failures.push(part);
    expect(failures).toHaveLength(1);
    const error = (failures[0] as { payload: { error: Error } }).payload.error;
    expect(error.message).toBe('weather API refused [REDACTED]');
    expect((failures[0] as { payload: { args: unknown } }).payload.args).toEqual({
      city: 'Oslo [REDACTED]',
    });
    expect(textsOf(failures[0])).not.toContain(TOKEN);
    expect(await output.text).toBe(GOOD);
  });

  it('a tool’s result and arguments reach the host masked; the tool and the model get them as written', async () => {
    const key = 'host-key-0123456789abcdef';
    const { tool: vault, ran } = await recordingTool('vault', () => ({
      value: `the key is ${TOKEN}`,
      owner: key,
      at: new Date(0),
      notes: `${'A long note. '.repeat(400)}${TOKEN}`,
      deep: { a: { b: { c: { d: { e: 'kept' } } } } },
    }));
    const { agent, model } = await agentWith(
      [{ calls: [{ id: 'c1', name: 'vault', input: `{"entry":"${key}"}` }] }, GOOD],
      { ...options, leaks: { literals: [key] } },
      { tools: { vault } },
    );
    const output = await agent.stream('hi');
    const parts: { type: string; payload?: unknown }[] = [];
    for await (const part of output.fullStream) parts.push(part);
    const result = parts.find((part) => part.type === 'tool-result');
    expect(result?.payload).toMatchObject({
      args: { entry: '[REDACTED]' },
      // As JSON writes it: the copy of a Date is its ISO text.
      result: {
        value: 'the key is [REDACTED]',
        owner: '[REDACTED]',
        at: new Date(0).toISOString(),
        // Data is masked, never shortened or cut at a depth (an error's quote is).
        notes: `${'A long note. '.repeat(400)}[REDACTED]`,
        deep: { a: { b: { c: { d: { e: 'kept' } } } } },
      },
    });
    const steps = await output.steps;
    expect(JSON.stringify(steps.map((step) => step.toolResults))).not.toContain(TOKEN);
    // A known gap (CHANGELOG): a step's `content` and `response.messages` are Mastra's
    // conversation, which holds the result before the processor sees it and goes back to the
    // model. If Mastra starts building them from the parts, they are masked and this fails.
    expect(JSON.stringify(steps.map((step) => step.content))).toContain(TOKEN);
    expect(JSON.stringify((await output.response).messages ?? null)).toContain(TOKEN);
    const results = JSON.stringify(await output.toolResults);
    expect(results).not.toContain(TOKEN);
    expect(results).not.toContain(key);
    expect(JSON.stringify(parts.filter((part) => part.type === 'tool-result'))).not.toContain(key);
    expect(await output.text).toBe(GOOD);
    // The tool ran with what the model wrote, and the model read what the tool returned.
    expect(ran).toEqual([{ entry: key }]);
    expect(JSON.stringify(model.doStreamCalls[1]?.prompt)).toContain(`the key is ${TOKEN}`);
  });

  it('leaks: false scans no reply, yet a tool’s result leaves masked', async () => {
    const { tool: vault } = await recordingTool('vault', () => `the key is ${TOKEN}`);
    const { agent } = await agentWith(
      [{ calls: [{ id: 'c1', name: 'vault', input: '{"entry":"main"}' }] }, 'plain words'],
      { schema: false, leaks: false },
      { tools: { vault } },
    );
    const output = await agent.stream('hi');
    for await (const part of output.fullStream) void part;
    expect(await output.text).toBe('plain words');
    const [result] = (await output.toolResults) as { payload: { result: unknown } }[];
    expect(result?.payload.result).toBe('the key is [REDACTED]');
  });

  it('a tool call passes as the model wrote it: the part is the call Mastra runs', async () => {
    const { tool: vault, ran } = await recordingTool('vault', () => 'done');
    const { agent } = await agentWith(
      [{ calls: [{ id: 'c1', name: 'vault', input: `{"entry":"${TOKEN}"}` }] }, GOOD],
      options,
      { tools: { vault } },
    );
    const output = await agent.stream('hi');
    for await (const part of output.fullStream) void part;
    expect(ran).toEqual([{ entry: TOKEN }]);
  });

  it('an aborted run releases nothing', async () => {
    const controller = new AbortController();
    const { agent } = await agentWith([{ abort: controller, text: GOOD }]);
    const output = await agent.stream('hi', { abortSignal: controller.signal });
    const types: string[] = [];
    for await (const part of output.fullStream) types.push(part.type);
    expect(types).toContain('abort');
    expect(types).not.toContain('text-delta');
  });

  it('a failing check aborts with INTERNAL and never repeats the error’s text', async () => {
    const hostile = {
      maxCorrections: 0,
      mentions: {
        get allowed(): never {
          throw new Error(`boom ${TOKEN}`);
        },
      },
    } as ReplyguardProcessorOptions;
    const { agent } = await agentWith([GOOD], hostile);
    const run = await streamed(agent);
    expect(run.streamedText).toBe('');
    expect((run.tripwire?.metadata as ReplyguardTripwire).status).toBe('error');
    expect(JSON.stringify(run.tripwire)).not.toContain(TOKEN);
    expect(JSON.stringify(run.tripwire)).not.toContain('boom');
  });
});

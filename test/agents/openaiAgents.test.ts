import {
  Agent,
  ModelBehaviorError,
  OutputGuardrailTripwireTriggered,
  type OutputGuardrailMetadata,
  run,
  setTracingDisabled,
  tool,
} from '@openai/agents';
import {
  ScriptedModel,
  assistantMessage,
  functionCall,
  modelResponder,
} from '@openai/agents/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  replyguardOutputGuardrail,
  segmentOutputType,
  type ReplyguardOutputGuardrailOptions,
  type ReplyguardVerdict,
} from '../../src/openai-agents/index';
import {
  DUPLICATED,
  FENCED,
  GOOD,
  GOOD_VALUE,
  LEAKY,
  MASKED_VALUE,
  NOTICE,
  NOTICE_TEXT,
  TOKEN,
} from './replies';

// The guardrail and the output type run inside the SDK's own loop: `run(agent, …)` with its
// scripted model (@openai/agents/testing), streamed and not, tools and all.
setTracingDisabled(true);
const options = { mentions: { allowed: ['u1'] }, failureNotice: NOTICE_TEXT };

function agentWith(
  model: ScriptedModel,
  extra: { structured?: boolean; guard?: ReplyguardOutputGuardrailOptions } = {},
) {
  const outputGuardrails = [replyguardOutputGuardrail(extra.guard ?? options)];
  if (extra.structured)
    return new Agent({
      name: 'chat',
      instructions: 'You chat.',
      model,
      outputType: segmentOutputType(options),
      outputGuardrails,
    });
  return new Agent({ name: 'chat', instructions: 'You chat.', model, outputGuardrails });
}

/** The tripwire a run ended with, and its verdict. */
async function tripped(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(OutputGuardrailTripwireTriggered);
  const tripwire = error as OutputGuardrailTripwireTriggered<OutputGuardrailMetadata>;
  return { error: tripwire, verdict: tripwire.result.output.outputInfo as ReplyguardVerdict };
}

describe('replyguardOutputGuardrail in run()', () => {
  it('passes a valid reply: finalOutput is the model’s reply, the verdict completed', async () => {
    const result = await run(agentWith(new ScriptedModel([[assistantMessage(GOOD)]])), 'hi');
    expect(result.finalOutput).toBe(GOOD);
    const [guard] = result.outputGuardrailResults;
    expect(guard?.guardrail.name).toBe('replyguard');
    expect(guard?.output.tripwireTriggered).toBe(false);
    expect(guard?.output.outputInfo).toEqual({
      status: 'completed',
      reply: GOOD_VALUE,
      issues: [],
      findings: [],
    });
  });

  it('trips on a refused reply, with the issues and the failure notice to deliver', async () => {
    const { verdict } = await tripped(
      run(agentWith(new ScriptedModel([[assistantMessage(FENCED)]])), 'hi'),
    );
    expect(verdict.status).toBe('validation_failed');
    expect(verdict.issues[0]?.code).toBe('CODE_FENCE');
    expect(verdict.reply).toEqual(NOTICE);
  });

  it('trips on a mention the conversation does not allow', async () => {
    const reply = GOOD.replace('"u1"', '"u9"');
    const { verdict } = await tripped(
      run(agentWith(new ScriptedModel([[assistantMessage(reply)]])), 'hi'),
    );
    expect(verdict.issues.map((issue) => [issue.code, issue.path])).toEqual([
      ['MENTION_NOT_ALLOWED', '/segments/1/data/target'],
    ]);
  });

  it('text output: a reply masking changed trips too, the masked reply to deliver, no secret in the error', async () => {
    const { error, verdict } = await tripped(
      run(agentWith(new ScriptedModel([[assistantMessage(LEAKY)]])), 'hi'),
    );
    expect(verdict.status).toBe('completed');
    expect(verdict.reply).toEqual(MASKED_VALUE);
    expect(verdict.findings.map((finding) => finding.code)).toEqual(['LEAK_MASKED']);
    expect(error.message).not.toContain(TOKEN);
    expect(JSON.stringify(verdict)).not.toContain(TOKEN);
  });

  it('runs only on the final output: a tool step runs and the answer after it is checked', async () => {
    const weather = tool({
      name: 'weather',
      description: 'The weather in a city.',
      parameters: z.object({ city: z.string() }),
      execute: async () => '18 °C',
    });
    const model = new ScriptedModel([
      [functionCall('weather', { city: 'Oslo' }, { callId: 'call-1' })],
      [assistantMessage(GOOD)],
    ]);
    const agent = new Agent({
      name: 'chat',
      instructions: 'You chat.',
      model,
      tools: [weather],
      outputGuardrails: [replyguardOutputGuardrail(options)],
    });
    const result = await run(agent, 'weather?');
    expect(model.calls).toHaveLength(2);
    expect(result.finalOutput).toBe(GOOD);
    expect(result.outputGuardrailResults).toHaveLength(1);
  });

  it('streamed: the run rejects with the tripwire, and finalOutput is never the refused reply', async () => {
    const stream = await run(agentWith(new ScriptedModel([[assistantMessage(FENCED)]])), 'hi', {
      stream: true,
    });
    const consumed = (async () => {
      for await (const _ of stream);
    })();
    const { verdict } = await tripped(consumed);
    await expect(stream.completed).rejects.toBeInstanceOf(OutputGuardrailTripwireTriggered);
    expect(stream.error).toBeInstanceOf(OutputGuardrailTripwireTriggered);
    expect(verdict.issues[0]?.code).toBe('CODE_FENCE');
  });

  it('an aborted run ends in the SDK’s abort error, and no output is judged deliverable', async () => {
    const controller = new AbortController();
    const model = new ScriptedModel([
      modelResponder(() => {
        controller.abort();
        return [assistantMessage(GOOD)];
      }),
    ]);
    await expect(run(agentWith(model), 'hi', { signal: controller.signal })).rejects.toThrow(
      /abort/i,
    );
  });

  it('a failing check trips the wire with INTERNAL and never repeats the error’s text', async () => {
    // A mention policy that throws when the check reads it.
    const hostile = {
      mentions: {
        get allowed(): never {
          throw new Error(`boom ${TOKEN}`);
        },
      },
    } as ReplyguardOutputGuardrailOptions;
    const { error, verdict } = await tripped(
      run(agentWith(new ScriptedModel([[assistantMessage(GOOD)]]), { guard: hostile }), 'hi'),
    );
    expect(verdict.status).toBe('error');
    expect(verdict.issues[0]?.code).toBe('INTERNAL');
    expect(error.message).not.toContain(TOKEN);
    expect(error.message).not.toContain('boom');
  });

  it('a structured output of another type is read as the model wrote it, and refused', async () => {
    const model = new ScriptedModel([[assistantMessage('{"answer":"42"}')]]);
    const agent = new Agent({
      name: 'chat',
      instructions: 'You chat.',
      model,
      outputType: z.object({ answer: z.string() }),
      outputGuardrails: [replyguardOutputGuardrail(options)],
    });
    const { verdict } = await tripped(run(agent, 'hi'));
    expect(verdict.issues.map((issue) => issue.code)).toContain('UNKNOWN_FIELD');
    expect(verdict.reply).toEqual(NOTICE);
  });
});

describe('segmentOutputType', () => {
  it('asks the model for the segment schema as strict structured output', async () => {
    const model = new ScriptedModel([[assistantMessage(GOOD)]]);
    const result = await run(agentWith(model, { structured: true }), 'hi');
    expect(result.finalOutput).toEqual(GOOD_VALUE);
    expect(model.calls[0]?.request.outputType).toMatchObject({
      type: 'json_schema',
      strict: true,
      schema: { type: 'object', required: ['segments'], additionalProperties: false },
    });
  });

  it('delivers the masked reply as finalOutput, and the guardrail passes it', async () => {
    const result = await run(
      agentWith(new ScriptedModel([[assistantMessage(LEAKY)]]), { structured: true }),
      'hi',
    );
    expect(result.finalOutput).toEqual(MASKED_VALUE);
    expect(result.outputGuardrailResults[0]?.output.tripwireTriggered).toBe(false);
  });

  it('the guardrail judges the text the model wrote: duplicate names trip it though JSON.parse kept one', async () => {
    const { error, verdict } = await tripped(
      run(
        agentWith(new ScriptedModel([[assistantMessage(DUPLICATED)]]), { structured: true }),
        'hi',
      ),
    );
    expect(verdict.issues[0]?.code).toBe('DUPLICATE_KEY');
    expect(error.message).not.toContain(TOKEN);
  });

  it('trips when the full check changed more than the output type could (media replaced)', async () => {
    // Not an image: the check replaces it; the output type, synchronous, only masks text.
    const image =
      '{"segments":[{"type":"image","data":{"media":{"kind":"base64","value":"aGVsbG8="}}}]}';
    const { verdict } = await tripped(
      run(agentWith(new ScriptedModel([[assistantMessage(image)]]), { structured: true }), 'hi'),
    );
    expect(verdict.status).toBe('completed');
    expect(verdict.findings.map((finding) => finding.code)).toEqual(['MEDIA_UNAVAILABLE']);
    expect(verdict.reply).toEqual({
      segments: [{ type: 'text', data: { text: '[attachment unavailable]' } }],
    });
  });

  it('text that is not JSON at all ends in the SDK’s own structured-output error, no secret in it', async () => {
    const fencedLeak = '```json\n' + LEAKY + '\n```';
    const model = new ScriptedModel([[assistantMessage(fencedLeak)]]);
    const error = await run(agentWith(model, { structured: true }), 'hi').then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    // The SDK parses a structured output before any guardrail runs: it refuses it itself.
    expect(error).toBeInstanceOf(ModelBehaviorError);
    expect((error as Error).message).not.toContain(TOKEN);
  });

  it('alone, an object that is not a segment reply becomes the failure notice', async () => {
    const model = new ScriptedModel([[assistantMessage('{"segments":[{"type":"html"}]}')]]);
    const agent = new Agent({
      name: 'chat',
      instructions: 'You chat.',
      model,
      outputType: segmentOutputType(options),
    });
    const result = await run(agent, 'hi');
    expect(result.finalOutput).toEqual(NOTICE);
  });
});

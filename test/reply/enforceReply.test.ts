import * as v from 'valibot';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { enforceReply } from '../../src/reply/enforceReply';
import { DEFAULT_FAILURE_NOTICE, failureNotice } from '../../src/reply/failureNotice';
import { hang, scripted } from './scriptedProvider';

const good = '{"segments":[{"type":"text","data":{"text":"Hello"}}]}';
const fenced = '```json\n' + good + '\n```';
const user = [{ role: 'user' as const, content: 'hi' }];
const tools = [{ type: 'function', function: { name: 'refund', parameters: { type: 'object' } } }];

describe('enforceReply (IM preset)', () => {
  it('completes a valid first answer in one call, with the instruction appended last', async () => {
    const { provider, requests } = scripted([good]);
    const result = await enforceReply({
      provider,
      system: 'You are Acme support.',
      messages: user,
      tools,
    });
    expect(result).toMatchObject({
      status: 'completed',
      value: JSON.parse(good),
      meta: {
        attempts: 1,
        stage: 'model',
        enforcement: 'provider_schema',
        schemaName: 'segment_reply',
      },
    });
    expect(result.usage).toEqual({ inputTokens: 10, outputTokens: 5 });
    expect(requests).toHaveLength(1);
    expect(
      requests[0]!.system.startsWith(
        'You are Acme support.\n\nAnswer with exactly one JSON object',
      ),
    ).toBe(true);
    expect(requests[0]!.tools).toBe(tools);
    expect(requests[0]!.schema?.name).toBe('segment_reply');
  });

  it('corrects a bad answer once: no history, no business tools, issues named, reply quoted', async () => {
    const { provider, requests } = scripted([fenced, good]);
    const history = [
      { role: 'user' as const, content: 'secret business context' },
      { role: 'assistant' as const, content: 'ok' },
      ...user,
    ];
    const result = await enforceReply({
      provider,
      system: 'host prompt with secrets',
      messages: history,
      tools,
    });
    expect(result).toMatchObject({
      status: 'completed',
      meta: { attempts: 2, stage: 'correction' },
      usage: { inputTokens: 20, outputTokens: 10 },
    });
    const correction = requests[1]!;
    expect(correction.tools).toBeUndefined();
    expect(correction.messages).toHaveLength(1);
    expect(correction.system).not.toContain('host prompt');
    expect(correction.messages[0]!.content).toContain('CODE_FENCE');
    expect(correction.messages[0]!.content).toContain(fenced);
    expect(JSON.stringify(correction)).not.toContain('secret business context');
  });

  it('gives the fixed notice when the correction fails too, and never a third call', async () => {
    const { provider, requests } = scripted([
      '{"segments":[{"type":"text","data":{"text":1}}]}',
      '{"segments": [}',
      good,
    ]);
    const result = await enforceReply({
      provider,
      messages: user,
      failureNotice: 'We will get back to you.',
    });
    expect(result).toMatchObject({
      status: 'validation_failed',
      meta: { attempts: 2, stage: 'correction' },
    });
    expect(result.value).toBeUndefined();
    expect(result.notice).toEqual({
      segments: [{ type: 'text', data: { text: 'We will get back to you.' } }],
    });
    expect(requests).toHaveLength(2);
  });

  it('names pointers and parse positions in the correction', async () => {
    const { provider, requests } = scripted([
      '{"segments":[{"type":"text","data":{"text":"a","text":"b"}}]}',
      good,
    ]);
    await enforceReply({ provider, messages: user });
    expect(requests[1]!.messages[0]!.content).toMatch(
      /DUPLICATE_KEY at \/segments\/0\/data\/text \(line 1, column \d+\)/,
    );
  });

  it('does not truncate a reply over 32,000 characters for a correction: it fails without one', async () => {
    const huge =
      '{"segments":[{"type":"text","data":{"text":"' + 'x'.repeat(33_000) + '"}}],"extra":1}';
    const { provider, requests } = scripted([huge, good]);
    const result = await enforceReply({ provider, messages: user });
    expect(result.status).toBe('validation_failed');
    expect(result.issues.map((i) => i.code)).toContain('REPLY_TOO_LONG_FOR_CORRECTION');
    expect(requests).toHaveLength(1);
    expect(result.notice?.segments[0]).toEqual({
      type: 'text',
      data: { text: DEFAULT_FAILURE_NOTICE },
    });
  });

  it('corrects a mention outside the conversation', async () => {
    const { provider } = scripted([
      '{"segments":[{"type":"mention","data":{"target":"999"}}]}',
      '{"segments":[{"type":"mention","data":{"target":"42"}}]}',
    ]);
    const result = await enforceReply({ provider, messages: user, mentions: { allowed: ['42'] } });
    expect(result).toMatchObject({ status: 'completed', meta: { attempts: 2 } });
  });

  it('takes a forced-tool object as the reply, validated by the same schema', async () => {
    const { provider } = scripted(
      [{ object: { segments: [{ type: 'dice', data: {} }] } }],
      'forced_tool',
    );
    const result = await enforceReply({ provider, messages: user });
    expect(result).toMatchObject({
      status: 'completed',
      value: { segments: [{ type: 'dice', data: {} }] },
      meta: { enforcement: 'forced_tool' },
    });
    const bad = scripted(
      [
        { object: { segments: [{ type: 'dice', data: { sides: 6 } }] } },
        { object: { segments: [] } },
      ],
      'forced_tool',
    );
    expect(await enforceReply({ provider: bad.provider, messages: user })).toMatchObject({
      status: 'completed',
      meta: { attempts: 2 },
    });
  });

  it('is error MODEL_FAILED when the call fails, with the notice', async () => {
    const { provider } = scripted([() => Promise.reject(new Error('502 from upstream'))]);
    const result = await enforceReply({ provider, messages: user });
    expect(result).toMatchObject({ status: 'error', issues: [{ code: 'MODEL_FAILED' }] });
    expect(result.notice).toEqual(failureNotice());
  });

  it('is error TIMEOUT when the model does not answer in time, even if it ignores the signal', async () => {
    const { provider } = scripted([hang]);
    const result = await enforceReply({ provider, messages: user, timeoutMs: 50 });
    expect(result).toMatchObject({ status: 'error', issues: [{ code: 'TIMEOUT' }] });
  });

  it('times out a hanging correction on its own limit', async () => {
    const { provider } = scripted([fenced, hang]);
    const result = await enforceReply({ provider, messages: user, correctionTimeoutMs: 50 });
    expect(result).toMatchObject({
      status: 'error',
      issues: [{ code: 'TIMEOUT' }],
      meta: { attempts: 2, stage: 'correction' },
    });
  });

  it('is interrupted, never completed, when the turn is aborted before, during, or between calls', async () => {
    const before = new AbortController();
    before.abort();
    const early = scripted([good]);
    expect(
      await enforceReply({ provider: early.provider, messages: user, signal: before.signal }),
    ).toMatchObject({ status: 'interrupted', issues: [{ code: 'ABORTED' }] });
    expect(early.requests).toHaveLength(0);

    const during = new AbortController();
    const { provider } = scripted([
      (_request, signal) =>
        new Promise((_, reject) => {
          signal.addEventListener('abort', () => reject(new Error('aborted')));
          setTimeout(() => during.abort(), 10);
        }),
    ]);
    const result = await enforceReply({ provider, messages: user, signal: during.signal });
    expect(result.status).toBe('interrupted');
    expect(result.value).toBeUndefined();
    expect(result.notice).toBeUndefined();

    const between = new AbortController();
    const twice = scripted([
      () => {
        between.abort();
        return { text: fenced };
      },
      good,
    ]);
    expect(
      (await enforceReply({ provider: twice.provider, messages: user, signal: between.signal }))
        .status,
    ).toBe('interrupted');
    expect(twice.requests).toHaveLength(1);
  });

  it('an answer with no final text is a mismatch: one correction, then the fixed notice', async () => {
    const { provider, requests } = scripted([
      { usage: { inputTokens: 3, outputTokens: 0 } },
      { text: undefined, usage: { inputTokens: 2, outputTokens: 0 } },
    ]);
    const result = await enforceReply({ provider, messages: user });
    expect(result).toMatchObject({
      status: 'validation_failed',
      issues: [{ code: 'NO_FINAL_MESSAGE' }],
      usage: { inputTokens: 5 },
      meta: { attempts: 2, stage: 'correction' },
    });
    expect(result.notice).toEqual(failureNotice());
    expect(requests).toHaveLength(2);
    const fixed = scripted([{}, '{"segments":[]}']);
    expect(await enforceReply({ provider: fixed.provider, messages: user })).toMatchObject({
      status: 'completed',
      value: { segments: [] },
      meta: { attempts: 2 },
    });
  });

  it('plain text mode: one call, no instruction, no correction', async () => {
    const { provider, requests } = scripted(['just text']);
    const result = await enforceReply({ provider, messages: user, schema: false, system: 'sys' });
    expect(result).toMatchObject({
      status: 'completed',
      value: { segments: [{ type: 'text', data: { text: 'just text' } }] },
      meta: { schemaName: 'text', enforcement: 'prompt_only' },
    });
    expect(requests[0]!.system).toBe('sys');
    expect(requests[0]!.schema).toBeUndefined();
  });
});

describe('enforceReply (custom schemas)', () => {
  const orderSchema = {
    type: 'object',
    properties: { orderId: { type: 'string' }, total: { type: 'number' } },
    required: ['orderId', 'total'],
    additionalProperties: false,
  };

  it('keeps the caller contract with a JSON Schema: no IM instruction, name and description given', async () => {
    const { provider, requests } = scripted(['{"orderId":"A1","total":3}']);
    const result = await enforceReply({
      provider,
      messages: user,
      schema: orderSchema,
      name: 'order',
      description: 'an order summary',
    });
    expect(result).toMatchObject({
      status: 'completed',
      value: { orderId: 'A1', total: 3 },
      meta: { schemaName: 'order' },
    });
    expect(requests[0]!.system).not.toContain('segments');
    expect(requests[0]!.system).toContain('"order" (an order summary)');
    expect(requests[0]!.schema?.jsonSchema).toEqual(orderSchema);
  });

  it('retries up to maxRetries (default 2) and then errors or returns the invalid value', async () => {
    const bad = '{"orderId":1,"total":3}';
    const three = scripted([bad, bad, bad, '{"orderId":"A","total":1}']);
    const failed = await enforceReply({
      provider: three.provider,
      messages: user,
      schema: orderSchema,
    });
    expect(failed).toMatchObject({ status: 'validation_failed', meta: { attempts: 3 } });
    expect(failed.value).toBeUndefined();
    expect(failed.notice).toBeUndefined();
    expect(failed.issues[0]).toMatchObject({ code: 'SCHEMA_MISMATCH', path: '/orderId' });
    expect(three.requests).toHaveLength(3);

    const invalid = scripted([bad]);
    expect(
      await enforceReply({
        provider: invalid.provider,
        messages: user,
        schema: orderSchema,
        maxRetries: 0,
        onExhausted: 'return_invalid',
      }),
    ).toMatchObject({
      status: 'validation_failed',
      invalidValue: { orderId: 1, total: 3 },
      invalidValueAttempt: 1,
      meta: { attempts: 1 },
    });
  });

  it('does not correct a custom reply over 32,000 characters', async () => {
    const huge = JSON.stringify({ orderId: 7, total: 1, note: 'x'.repeat(33_000) });
    const { provider, requests } = scripted([huge, '{"orderId":"A","total":1}']);
    const result = await enforceReply({ provider, messages: user, schema: orderSchema });
    expect(result).toMatchObject({
      status: 'validation_failed',
      meta: { attempts: 1, stage: 'model' },
    });
    expect(result.issues.map((i) => i.code)).toContain('REPLY_TOO_LONG_FOR_CORRECTION');
    expect(requests).toHaveLength(1);
  });

  it('clamps maxRetries to 0..5', async () => {
    const bad = '{"orderId":1,"total":3}';
    const many = scripted(Array(10).fill(bad));
    await enforceReply({
      provider: many.provider,
      messages: user,
      schema: orderSchema,
      maxRetries: 99,
    });
    expect(many.requests).toHaveLength(6);
    const none = scripted(Array(10).fill(bad));
    await enforceReply({
      provider: none.provider,
      messages: user,
      schema: orderSchema,
      maxRetries: -3,
    });
    expect(none.requests).toHaveLength(1);
  });

  it('refuses a malformed JSON Schema before any model call', async () => {
    for (const schema of [
      { type: 'objekt' },
      { properties: { a: { minLength: -1 } } },
      { anyOf: [] },
      { pattern: '(' },
    ]) {
      const { provider, requests } = scripted([good]);
      const result = await enforceReply({ provider, messages: user, schema });
      expect(result).toMatchObject({
        status: 'error',
        issues: [{ code: 'SCHEMA_MALFORMED' }],
        meta: { attempts: 0 },
      });
      expect(requests).toHaveLength(0);
    }
  });

  it('resolves schemaRef from a registry, and refuses a missing ref before any model call', async () => {
    const registry = { order: orderSchema };
    const ok = scripted(['{"orderId":"B","total":2}']);
    expect(
      (await enforceReply({ provider: ok.provider, messages: user, schemaRef: 'order', registry }))
        .status,
    ).toBe('completed');
    const missing = scripted([good]);
    expect(
      await enforceReply({
        provider: missing.provider,
        messages: user,
        schemaRef: 'nope',
        registry,
      }),
    ).toMatchObject({ status: 'error', issues: [{ code: 'SCHEMA_NOT_FOUND' }] });
    expect(missing.requests).toHaveLength(0);
    const fn = scripted(['{"orderId":"C","total":1}']);
    expect(
      (
        await enforceReply({
          provider: fn.provider,
          messages: user,
          schemaRef: 'order',
          registry: async (ref) => (ref === 'order' ? orderSchema : undefined),
        })
      ).status,
    ).toBe('completed');
  });

  it('takes any Standard Schema: valibot and zod', async () => {
    const valibot = v.strictObject({ city: v.string() });
    const zod = z.strictObject({ city: z.string() });
    for (const schema of [valibot, zod]) {
      const { provider } = scripted(['{"city":7}', '{"city":"Oslo"}']);
      const result = await enforceReply({ provider, messages: user, schema });
      expect(result).toMatchObject({
        status: 'completed',
        value: { city: 'Oslo' },
        meta: { attempts: 2 },
      });
    }
  });

  it('parses custom replies as strictly as the IM preset and masks leaks, then validates again', async () => {
    const dup = scripted([
      '{"orderId":"A","orderId":"B","total":1}',
      '{"orderId":"ghp_aB3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0eF3hJ6","total":1}',
    ]);
    const result = await enforceReply({
      provider: dup.provider,
      messages: user,
      schema: orderSchema,
    });
    expect(dup.requests[1]!.messages[0]!.content).toContain('DUPLICATE_KEY');
    expect(result).toMatchObject({
      status: 'completed',
      value: { orderId: '[REDACTED]', total: 1 },
      meta: { stage: 'post_guardrail' },
    });
    expect(result.findings[0]).toMatchObject({ rule: 'github-token', path: '/orderId' });
  });
});

import { describe, expect, it } from 'vitest';
import type { ModelProvider, ModelRequest } from '../../src/providers/modelProvider';
import { enforceReply } from '../../src/reply/enforceReply';
import { estimateUsage, utf8Bytes } from '../../src/reply/estimateUsage';
import { chunks, hang, scripted, streaming } from './scriptedProvider';

// Usage a user can bill by: what the provider reports, summed over attempts, and an estimate
// (marked) for what it never reports — a call cut by an early reject, an abort or a timeout.

const good = '{"segments":[{"type":"text","data":{"text":"Hello"}}]}';
const user = [{ role: 'user' as const, content: 'hi' }];

describe('estimateUsage', () => {
  it('counts UTF-8 bytes without encoding: 1 to 4 a character, a lone surrogate as 3', () => {
    expect(['a', 'ü', '東', '🦊', '\ud83e', 'x\udc8a'].map(utf8Bytes)).toEqual([1, 2, 3, 4, 3, 4]);
    expect(utf8Bytes('Grüße 🦊')).toBe(new TextEncoder().encode('Grüße 🦊').length);
  });

  it('is one token per four bytes, rounded up, of the request as sent and the output read', () => {
    const request: ModelRequest = {
      system: 'abcd',
      messages: [
        { role: 'user', content: 'ü' },
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: 'c', name: 'ab', arguments: '{}' }],
        },
        { role: 'tool', toolCallId: 'c', name: 'ab', content: '東' },
      ],
      schema: { name: 's', jsonSchema: { type: 'object' } },
      tools: [{ name: 't' }],
    };
    const bytes = 4 + 2 + 2 + 2 + 3 + '{"type":"object"}'.length + '[{"name":"t"}]'.length;
    expect(estimateUsage(request, '🦊!')).toEqual({
      inputTokens: Math.ceil(bytes / 4),
      outputTokens: 2,
      estimated: true,
    });
    expect(estimateUsage({ system: '', messages: [] }, '')).toEqual({
      inputTokens: 0,
      outputTokens: 0,
      estimated: true,
    });
  });
});

describe('the usage of a turn', () => {
  it('a turn cut off twice by early reject is never 0: both attempts are estimated, and say so', async () => {
    const steps = [
      ['```json\n', good],
      ['Sure! ', good],
    ];
    const { provider, requests, sentBeforeAbort } = streaming(steps);
    const result = await enforceReply({ provider, messages: user });
    expect(result).toMatchObject({ status: 'validation_failed', meta: { attempts: 2 } });
    // What each attempt had read when it was cut off.
    const read = steps.map((step, i) => step.slice(0, sentBeforeAbort[i]).join(''));
    expect(read[0]).toBe('```json\n');
    expect(result.usage).toEqual({
      inputTokens: requests.reduce((sum, r) => sum + estimateUsage(r, '').inputTokens, 0),
      outputTokens: read.reduce((sum, text) => sum + Math.ceil(utf8Bytes(text) / 4), 0),
      estimated: true,
    });
    expect(result.usage.inputTokens).toBeGreaterThan(100);
  });

  it('adds a reported attempt and an estimated one: reasoning kept apart, the total marked estimated', async () => {
    const { provider, requests } = streaming([
      ['```json\n', good],
      [
        ...chunks(good, 9),
        { type: 'usage', usage: { inputTokens: 50, outputTokens: 40, reasoningTokens: 25 } },
      ],
    ]);
    const result = await enforceReply({ provider, messages: user });
    expect(result.status).toBe('completed');
    const first = estimateUsage(requests[0]!, '```json\n');
    expect(result.usage).toEqual({
      inputTokens: first.inputTokens + 50,
      outputTokens: first.outputTokens + 40,
      reasoningTokens: 25,
      estimated: true,
    });
  });

  it('sums reported usage over attempts, reasoning tokens included, with no estimate', async () => {
    const { provider } = scripted([
      { text: 'not json', usage: { inputTokens: 10, outputTokens: 5, reasoningTokens: 3 } },
      { text: good, usage: { inputTokens: 12, outputTokens: 6 } },
    ]);
    expect((await enforceReply({ provider, messages: user })).usage).toEqual({
      inputTokens: 22,
      outputTokens: 11,
      reasoningTokens: 3,
    });
  });

  it('an answer without a usage report is estimated from its request and text', async () => {
    const { provider, requests } = scripted([{ text: good }]);
    const result = await enforceReply({ provider, messages: user });
    expect(result.usage).toEqual(estimateUsage(requests[0]!, good));
  });

  it('an aborted stream reports what it read, estimated', async () => {
    const controller = new AbortController();
    const { provider, requests } = streaming([chunks(good, 1)]);
    let deltas = 0;
    const result = await enforceReply({
      provider: {
        ...provider,
        async *stream(request, context) {
          for await (const event of provider.stream!(request, context)) {
            yield event;
            if (++deltas === 8) controller.abort();
          }
        },
      },
      messages: user,
      signal: controller.signal,
    });
    expect(result).toMatchObject({ status: 'interrupted', issues: [{ code: 'ABORTED' }] });
    expect(result.usage).toEqual(estimateUsage(requests[0]!, good.slice(0, 8)));
  });

  it('a whole call that times out reports its estimated input', async () => {
    const { provider, requests } = scripted([hang]);
    const result = await enforceReply({ provider, messages: user, timeoutMs: 30 });
    expect(result).toMatchObject({ status: 'error', issues: [{ code: 'TIMEOUT' }] });
    expect(result.usage).toEqual({ ...estimateUsage(requests[0]!, ''), outputTokens: 0 });
  });

  it('a call that failed before any output reports none; one that failed mid-answer is estimated', async () => {
    const { provider } = scripted([
      () => Promise.reject(new Error('upstream answered 429: Rate limit reached')),
    ]);
    const refused = await enforceReply({ provider, messages: user });
    expect(refused).toMatchObject({ status: 'error', issues: [{ code: 'MODEL_FAILED' }] });
    expect(refused.usage).toEqual({ inputTokens: 0, outputTokens: 0 });

    const requests: ModelRequest[] = [];
    const broken: ModelProvider = {
      name: 'broken',
      enforcement: 'provider_schema',
      generate: () => Promise.reject(new Error('unused')),
      async *stream(request) {
        requests.push(request);
        yield { type: 'text', text: '{"segments":[' };
        throw new Error('the stream broke');
      },
    };
    const cut = await enforceReply({ provider: broken, messages: user });
    expect(cut).toMatchObject({ status: 'error', issues: [{ code: 'MODEL_FAILED' }] });
    expect(cut.usage).toEqual(estimateUsage(requests[0]!, '{"segments":['));
  });
});

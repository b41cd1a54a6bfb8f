import { describe, expect, it } from 'vitest';
import {
  type ModelProvider,
  type ModelRequest,
  ProviderError,
} from '../../src/providers/modelProvider';
import { enforceReply } from '../../src/reply/enforceReply';
import { estimateUsage } from '../../src/reply/estimateUsage';

// Issue 29, item 3, the contract for any provider (a host's own too): a failure that says the
// upstream had begun its answer (`answered`, as a ProviderError does) is billed, so the turn
// reports its usage — the one the failure carries, else an estimate — never 0/0.

const user = [{ role: 'user' as const, content: 'hi' }];

function failing(error: unknown): { provider: ModelProvider; requests: ModelRequest[] } {
  const requests: ModelRequest[] = [];
  return {
    requests,
    provider: {
      name: 'failing',
      enforcement: 'provider_schema',
      generate: () => Promise.reject(new Error('unused')),
      // eslint-disable-next-line require-yield
      async *stream(request) {
        requests.push(request);
        throw error;
      },
    },
  };
}

describe('a failed call that says its answer had begun', () => {
  it('with no output read, is estimated from what was sent', async () => {
    const { provider, requests } = failing(
      new ProviderError('the stream broke', undefined, { answered: true }),
    );
    const result = await enforceReply({ provider, messages: user });
    expect(result).toMatchObject({ status: 'error', issues: [{ code: 'MODEL_FAILED' }] });
    expect(result.usage).toEqual(estimateUsage(requests[0]!, ''));
    expect(result.usage.inputTokens).toBeGreaterThan(0);
  });

  it('keeps the usage the failure carries, as reported', async () => {
    const usage = { inputTokens: 40, outputTokens: 22 };
    const { provider } = failing(new ProviderError('unreadable answer', 200, { usage }));
    const result = await enforceReply({ provider, messages: user });
    expect(result.usage).toEqual(usage);
  });

  it('a host error object marked answered counts the same; an unmarked one before output, none', async () => {
    const marked = Object.assign(new Error('relay dropped'), { answered: true });
    expect(
      (await enforceReply({ provider: failing(marked).provider, messages: user })).usage,
    ).toMatchObject({ estimated: true });
    const plain = new ProviderError('upstream answered 503: busy', 503);
    expect(plain.answered).toBe(false);
    expect(
      (await enforceReply({ provider: failing(plain).provider, messages: user })).usage,
    ).toEqual({ inputTokens: 0, outputTokens: 0 });
  });
});

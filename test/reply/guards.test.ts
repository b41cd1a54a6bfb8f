import { afterEach, describe, expect, it, vi } from 'vitest';
import { enforceReply } from '../../src/reply/enforceReply';
import type { ReplyResult } from '../../src/results/replyResult';
import { hang, scripted } from './scriptedProvider';

// Guards of issue 19 (section 5) that no test pinned: each was broken on purpose and the suite
// still passed. Each test here fails when its guard is broken.

const user = [{ role: 'user' as const, content: 'hi' }];
const fenced = '```json\n{"segments":[]}\n```';
const orderSchema = {
  type: 'object',
  properties: { orderId: { type: 'string' }, total: { type: 'number' } },
  required: ['orderId', 'total'],
  additionalProperties: false,
};
const bad = '{"orderId":1,"total":3}';

describe('maxRetries', () => {
  it.each([
    [Number.NaN, 3, 'NaN falls back to the default (2 corrections)'],
    [Number.POSITIVE_INFINITY, 6, 'Infinity clamps to 5 corrections'],
    [Number.NEGATIVE_INFINITY, 1, '-Infinity clamps to none'],
    [2.9, 3, 'a fraction is cut to its whole part'],
  ])('%s: %s calls (%s)', async (maxRetries, calls) => {
    const { provider, requests } = scripted(Array(10).fill(bad));
    const result = await enforceReply({
      provider,
      messages: user,
      schema: orderSchema,
      maxRetries,
    });
    expect(result.status).toBe('validation_failed');
    expect(requests).toHaveLength(calls);
  });

  it('the IM preset ignores it: exactly one correction', async () => {
    for (const maxRetries of [0, 5, Number.POSITIVE_INFINITY]) {
      const { provider, requests } = scripted(Array(10).fill(fenced));
      const result = await enforceReply({ provider, messages: user, maxRetries });
      expect(result).toMatchObject({ status: 'validation_failed', meta: { attempts: 2 } });
      expect(requests).toHaveLength(2);
    }
  });
});

describe('time limits (fake timers)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Runs a turn under fake timers; `settled()` says whether it has ended yet. */
  function start(run: () => Promise<ReplyResult<unknown>>) {
    vi.useFakeTimers();
    let result: ReplyResult<unknown> | undefined;
    void run().then((value) => (result = value));
    return { settled: () => result };
  }

  it('a hanging correction times out at the 30 s default, the first attempt keeps its own limit', async () => {
    const { provider } = scripted([fenced, hang]);
    const turn = start(() => enforceReply({ provider, messages: user, timeoutMs: 45_000 }));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(turn.settled()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(turn.settled()).toMatchObject({
      status: 'error',
      issues: [{ code: 'TIMEOUT' }],
      meta: { attempts: 2, stage: 'correction' },
    });
  });

  it('a hanging first attempt times out at its own limit, not the correction default', async () => {
    const { provider } = scripted([hang]);
    const turn = start(() => enforceReply({ provider, messages: user, timeoutMs: 45_000 }));
    await vi.advanceTimersByTimeAsync(44_999);
    expect(turn.settled()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(turn.settled()).toMatchObject({
      status: 'error',
      issues: [{ code: 'TIMEOUT' }],
      meta: { attempts: 1, stage: 'model' },
    });
  });

  it('without options the first attempt has 60 s and a correction 30 s', async () => {
    const first = scripted([hang]);
    const turn = start(() => enforceReply({ provider: first.provider, messages: user }));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(turn.settled()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(turn.settled()).toMatchObject({
      meta: { stage: 'model' },
      issues: [{ code: 'TIMEOUT' }],
    });

    vi.useRealTimers();
    const second = scripted([fenced, hang]);
    const correction = start(() => enforceReply({ provider: second.provider, messages: user }));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(correction.settled()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(correction.settled()).toMatchObject({
      meta: { stage: 'correction' },
      issues: [{ code: 'TIMEOUT' }],
    });
  });
});

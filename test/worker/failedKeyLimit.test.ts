import { describe, expect, it } from 'vitest';
import { failedKeyLimit } from '../../src/worker/limits/failedKeyLimit';
import type { RateLimiter } from '../../src/worker/limits/rateLimiter';

const limiter = (): RateLimiter => ({ limit: () => Promise.resolve({ success: true }) });

describe('failedKeyLimit', () => {
  it('remembers a refused address until its period has passed', () => {
    const binding = limiter();
    failedKeyLimit.note(binding, 'ip:192.0.2.1', 1_000);
    expect(failedKeyLimit.refused(binding, 'ip:192.0.2.1', 999)).toBe(true);
    expect(failedKeyLimit.refused(binding, 'ip:192.0.2.1', 1_000)).toBe(false);
    expect(failedKeyLimit.refused(binding, 'ip:192.0.2.2', 0)).toBe(false);
  });

  it('keeps each binding apart', () => {
    const one = limiter();
    failedKeyLimit.note(one, 'ip:192.0.2.1', 1_000);
    expect(failedKeyLimit.refused(limiter(), 'ip:192.0.2.1', 0)).toBe(false);
  });

  it('holds at most 4096 addresses: the next one starts a new record', () => {
    const binding = limiter();
    for (let k = 0; k < 4096; k++)
      failedKeyLimit.note(binding, `ip:10.0.${k >> 8}.${k & 255}`, 1_000);
    expect(failedKeyLimit.refused(binding, 'ip:10.0.0.0', 0)).toBe(true);
    expect(failedKeyLimit.refused(binding, 'ip:10.0.15.255', 0)).toBe(true);
    failedKeyLimit.note(binding, 'ip:10.0.16.0', 1_000);
    // What was forgotten is asked of the binding again (a KV read at worst), never refused wrongly.
    expect(failedKeyLimit.refused(binding, 'ip:10.0.0.0', 0)).toBe(false);
    expect(failedKeyLimit.refused(binding, 'ip:10.0.15.255', 0)).toBe(false);
    expect(failedKeyLimit.refused(binding, 'ip:10.0.16.0', 0)).toBe(true);
  });
});

import type { RateLimiter } from './rateLimiter';

// What the binding said of an address's failed keys, remembered by this isolate until the period
// has passed: the binding has no read without a count, and a key store lookup costs a KV read.
// Per binding, so two configurations in one process never share it; bounded, as addresses are many.
const refusedUntil = new WeakMap<RateLimiter, Map<string, number>>();
const MAX_ADDRESSES = 4096;

/**
 * Addresses whose requests with unknown, missing or malformed keys went over the Worker's
 * `RATE_LIMIT`: `refused` says whether an address is still over it (its next key is then refused
 * without a key store lookup), `note` remembers that the binding refused it until `until` (ms).
 */
export const failedKeyLimit = Object.freeze({
  refused(limiter: RateLimiter, address: string, now: number): boolean {
    const until = refusedUntil.get(limiter)?.get(address);
    return until !== undefined && until > now;
  },
  note(limiter: RateLimiter, address: string, until: number): void {
    let addresses = refusedUntil.get(limiter);
    if (!addresses) refusedUntil.set(limiter, (addresses = new Map<string, number>()));
    if (addresses.size >= MAX_ADDRESSES) addresses.clear();
    addresses.set(address, until);
  },
});

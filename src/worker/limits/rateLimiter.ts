import { missed, withinTime } from '../access/withinTime';
import type { HttpError } from '../http/httpError';

/** Cloudflare's rate-limiting binding (`ratelimits` in wrangler.jsonc), or anything with its `limit`. */
export interface RateLimiter {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

/** The limits one request is counted against, by binding name (the binding, when it is bound). */
export interface RateLimits {
  /** The Worker's own `RATE_LIMIT` (optional: unbound, nothing is counted). */
  readonly worker?: RateLimiter | undefined;
  /** The key's own binding, named by its settings: unbound, the request is refused. */
  readonly key?: { readonly name: string; readonly limiter: RateLimiter | undefined } | undefined;
}

/** A refused request, and the `retry-after` seconds its answer carries (none: retrying will not help). */
export interface LimitRefusal {
  readonly error: HttpError;
  readonly retryAfter?: number;
}

/**
 * Counts a request against its rate limits, the Worker's first, under `key` (the caller's name):
 * `undefined` when it may go on, else a 429 with `retry-after` (the binding's period: a counter
 * has drained after one period), or a 503 when a limit cannot be checked (the key's binding is not
 * bound, or a binding threw or took longer than `timeoutMs`). A limit the operator set is never
 * skipped: refusing is narrower than serving unlimited.
 */
export async function checkRateLimits(
  limits: RateLimits,
  key: string,
  options: { readonly timeoutMs: number; readonly period: number },
): Promise<LimitRefusal | undefined> {
  const checks: { name: string; limiter: RateLimiter | undefined }[] = [];
  if (limits.worker) checks.push({ name: 'RATE_LIMIT', limiter: limits.worker });
  if (limits.key) checks.push(limits.key);
  for (const { name, limiter } of checks) {
    if (!limiter)
      return {
        error: unavailable(`this key's rate limit (${name}) is not bound; ask the operator`),
      };
    const outcome = await withinTime(() => limiter.limit({ key }), options.timeoutMs);
    if (missed(outcome) || typeof outcome?.success !== 'boolean')
      return {
        error: unavailable('the rate limit could not be checked; retry shortly'),
        retryAfter: 1,
      };
    if (!outcome.success)
      return {
        error: {
          status: 429,
          code: 'RATE_LIMITED',
          message: `too many requests for this key; retry after ${options.period} seconds`,
        },
        retryAfter: options.period,
      };
  }
  return undefined;
}

function unavailable(message: string): HttpError {
  return { status: 503, code: 'RATE_LIMIT_UNAVAILABLE', message };
}

import type { KeyStore } from './keys/keyStore';
import type { RateLimiter } from './limits/rateLimiter';
import type { RequestLogLine } from './logging/requestLogLine';
import type { AnalyticsDataset, RequestSinks } from './logging/requestSinks';

/** The Worker's variables and bindings for running it in production (README: Deploy). */
export interface OperatorVariables {
  /** `off` asks no key even when one is configured (`npm start` only); default: keys are asked when configured. */
  readonly AUTH?: 'off' | 'keys' | (string & {});
  /** Workers KV namespace of client keys: SHA-256 hash → settings JSON (`replyguard key new`). */
  readonly CLIENT_KEYS?: KeyStore;
  /** Secret: client keys as JSON, `{ "<sha256>": { "name": …, … } }`, for a few keys without KV. */
  readonly CLIENT_KEYS_JSON?: string;
  /** The longest wait for the key store and the rate limiter, in ms (default 2000). */
  readonly ACCESS_TIMEOUT_MS?: string | number;
  /** Cloudflare's rate-limiting binding, counted per caller on every API route. */
  readonly RATE_LIMIT?: RateLimiter;
  /** The period of the rate-limit bindings in seconds, sent as `retry-after` (10 or 60, default 60). */
  readonly RATE_LIMIT_PERIOD?: string | number;
  /** More upstream models clients may pick (comma-separated), besides `UPSTREAM_MODEL`. */
  readonly UPSTREAM_MODELS?: string;
  /** `false` refuses `replyguard.progress` for every key (default true). */
  readonly PROGRESS?: string | boolean;
  /** `true` logs one JSON line per API request with `console.log` (default false; true in wrangler.jsonc). */
  readonly LOG_REQUESTS?: string | boolean;
  /** Workers Analytics Engine dataset: one data point per API request. */
  readonly ANALYTICS?: AnalyticsDataset;
}

/** The parsed production settings. */
export interface OperatorConfig {
  /** Keys are asked for: one is configured and `AUTH` is not `off`. */
  readonly auth: boolean;
  readonly clientKeys?: KeyStore | undefined;
  readonly clientKeysJson?: string | undefined;
  readonly accessTimeoutMs: number;
  readonly rateLimit?: RateLimiter | undefined;
  /** Every bound rate limiter by binding name, for keys that name their own. */
  readonly rateLimiters: Readonly<Record<string, RateLimiter>>;
  readonly rateLimitPeriod: number;
  /** The models clients may use, the default (`UPSTREAM_MODEL`) first. */
  readonly models: readonly string[];
  readonly progress: boolean;
  readonly sinks: RequestSinks;
}

/**
 * Reads the production settings from the merged variables and bindings; a bad value is a
 * configuration error, reported, never guessed.
 */
export function readOperatorConfig(
  vars: Readonly<Record<string, unknown>> &
    OperatorVariables & { readonly log?: ((line: RequestLogLine) => void) | undefined },
  upstreamModel: string,
  apiKey: string | undefined,
): { ok: true; config: OperatorConfig } | { ok: false; message: string } {
  const auth = String(vars.AUTH ?? 'keys').trim();
  if (auth !== 'off' && auth !== 'keys') return { ok: false, message: 'AUTH must be off or keys' };
  const store = vars.CLIENT_KEYS;
  if (store !== undefined && typeof (store as Partial<KeyStore>)?.get !== 'function')
    return { ok: false, message: 'CLIENT_KEYS must be a Workers KV namespace binding' };
  const json = typeof vars.CLIENT_KEYS_JSON === 'string' ? vars.CLIENT_KEYS_JSON : undefined;
  const timeout = Number(vars.ACCESS_TIMEOUT_MS ?? 2000);
  if (!Number.isSafeInteger(timeout) || timeout <= 0)
    return { ok: false, message: 'ACCESS_TIMEOUT_MS must be a positive integer' };
  const period = Number(vars.RATE_LIMIT_PERIOD ?? 60);
  if (period !== 10 && period !== 60)
    return { ok: false, message: 'RATE_LIMIT_PERIOD must be 10 or 60' };
  const rateLimiters: Record<string, RateLimiter> = {};
  for (const [name, value] of Object.entries(vars))
    if (
      /^[A-Z_][A-Z0-9_]*$/.test(name) &&
      typeof (value as Partial<RateLimiter>)?.limit === 'function'
    )
      rateLimiters[name] = value as RateLimiter;
  if (vars.RATE_LIMIT !== undefined && !rateLimiters.RATE_LIMIT)
    return { ok: false, message: 'RATE_LIMIT must be a rate-limiting binding' };
  const analytics = vars.ANALYTICS;
  if (analytics !== undefined && typeof analytics?.writeDataPoint !== 'function')
    return { ok: false, message: 'ANALYTICS must be an Analytics Engine dataset binding' };
  const progress = flag(vars.PROGRESS, true);
  const logRequests = flag(vars.LOG_REQUESTS, false);
  if (progress === undefined || logRequests === undefined)
    return { ok: false, message: 'PROGRESS and LOG_REQUESTS must be true or false' };
  const models = [upstreamModel];
  for (const model of String(vars.UPSTREAM_MODELS ?? '').split(',')) {
    const name = model.trim();
    if (name !== '' && !models.includes(name)) models.push(name);
  }
  const log =
    typeof vars.log === 'function'
      ? vars.log
      : logRequests
        ? (line: RequestLogLine) => console.log(line)
        : undefined;
  return {
    ok: true,
    config: {
      auth: auth === 'keys' && (Boolean(apiKey) || Boolean(json) || store !== undefined),
      clientKeys: store,
      clientKeysJson: json || undefined,
      accessTimeoutMs: timeout,
      rateLimit: rateLimiters.RATE_LIMIT,
      rateLimiters,
      rateLimitPeriod: period,
      models,
      progress,
      sinks: { log, analytics },
    },
  };
}

function flag(value: string | boolean | undefined, fallback: boolean): boolean | undefined {
  if (value === undefined || value === '') return fallback;
  const text = String(value).trim().toLowerCase();
  return text === 'true' ? true : text === 'false' ? false : undefined;
}

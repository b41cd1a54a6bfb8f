import type { HttpError } from '../http/httpError';
import { type ClientRefusal, identifyClient } from '../keys/identifyClient';
import { failedKeyLimit } from '../limits/failedKeyLimit';
import { addressKey } from './addressKey';
import { type LimitRefusal, checkRateLimits } from '../limits/rateLimiter';
import type { RequestRecord } from '../logging/requestRecord';
import type { SchemaAccess } from '../operatorConfig';
import type { Config } from '../workerConfig';

/** A request let in: the configuration narrowed by its key's settings. */
export interface Admitted {
  readonly ok: true;
  readonly config: Config;
}

/** A request refused before its route runs: the error and the headers its answer carries. */
export interface Refused {
  readonly ok: false;
  readonly error: HttpError;
  readonly headers: Record<string, string>;
}

/**
 * Lets an API request in or refuses it, in this order: the caller's key (401 missing, unknown or
 * revoked; 403 unusable settings; 503 key store down), the key's routes (403), the rate limits
 * (429 with `retry-after`; 503 when a limit cannot be checked). A missing, malformed or unknown
 * key is counted against `RATE_LIMIT` under the caller's address (429 once over it); while the
 * binding refuses an address, its next keys are refused before any key store lookup. What it learns goes into the
 * request's record: the key's name and where it was found, never the key.
 */
export async function admitRequest(
  request: Request,
  config: Config,
  route: string,
  record: RequestRecord | undefined,
): Promise<Admitted | Refused> {
  const startedAt = Date.now();
  const address = addressKey(request, config);
  const limiter = config.rateLimit;
  const identified = await identifyClient(request, {
    ...config,
    beforeLookup: () =>
      limiter && failedKeyLimit.refused(limiter, address, Date.now())
        ? failedKeysRefusal(config.rateLimitPeriod)
        : undefined,
  });
  if (record) record.keyLookupMs = Date.now() - startedAt;
  if (!identified.ok) {
    if (record) record.key = identified.refusal.name;
    const { error } = identified.refusal;
    // Guessing keys is counted like a keyless caller, by address: unthrottled, each guess would
    // cost nothing but a KV read.
    if (error.status === 401 && error.code === 'UNAUTHORIZED' && limiter) {
      const limited = await checkRateLimits({ worker: limiter }, address, {
        timeoutMs: config.accessTimeoutMs,
        period: config.rateLimitPeriod,
      });
      if (limited?.error.status === 429) {
        failedKeyLimit.note(limiter, address, Date.now() + config.rateLimitPeriod * 1000);
        return { ok: false, ...failedKeysRefusal(config.rateLimitPeriod) };
      }
      if (limited) return { ok: false, error: limited.error, headers: retryAfter(limited) };
    }
    return { ok: false, ...identified.refusal };
  }
  const { client } = identified;
  if (record) {
    record.key = client.name;
    record.keySource = client.source;
  }
  const settings = client.settings;
  const family = route.startsWith('/v1/models') ? '/v1/models' : route;
  if (settings?.routes && !(settings.routes as readonly string[]).includes(family))
    return refuse(403, 'ROUTE_NOT_ALLOWED', `this key may not call ${route}`);
  if (settings?.model !== undefined && !config.models.includes(settings.model))
    return refuse(
      403,
      'KEY_SETTINGS_INVALID',
      "this key's model is not one the Worker offers (UPSTREAM_MODEL, UPSTREAM_MODELS); ask the operator",
    );
  const limited = await checkRateLimits(
    {
      worker: config.rateLimit,
      key:
        settings?.rateLimit === undefined
          ? undefined
          : { name: settings.rateLimit, limiter: config.rateLimiters[settings.rateLimit] },
    },
    rateLimitKey(address, client.source, client.name),
    { timeoutMs: config.accessTimeoutMs, period: config.rateLimitPeriod },
  );
  if (limited) return { ok: false, error: limited.error, headers: retryAfter(limited) };
  // The schema store is shared by every caller: only the operator writes, unless a key is let.
  const schemaAccess: SchemaAccess =
    client.source === 'api-key'
      ? 'write'
      : client.source === 'none'
        ? 'read'
        : (settings?.schemas ?? 'none');
  if (!settings) return { ok: true, config: { ...config, schemaAccess } };
  return {
    ok: true,
    config: {
      ...config,
      schemaAccess,
      maxBodyBytes: Math.min(config.maxBodyBytes, settings.maxBodyBytes ?? config.maxBodyBytes),
      progress: config.progress && settings.progress !== false,
      ...(settings.model === undefined
        ? {}
        : { upstreamModel: settings.model, models: [settings.model] }),
    },
  };
}

/** Who a rate limit counts: a key by its name, a keyless caller by its address. */
function rateLimitKey(address: string, source: string, name: string): string {
  return source !== 'none' ? `key:${name}` : address;
}

function retryAfter(limited: LimitRefusal): Record<string, string> {
  return limited.retryAfter === undefined ? {} : { 'retry-after': String(limited.retryAfter) };
}

function failedKeysRefusal(period: number): ClientRefusal {
  return {
    error: {
      status: 429,
      code: 'RATE_LIMITED',
      message: `too many requests without a known key from this address; retry after ${period} seconds`,
    },
    headers: { 'retry-after': String(period) },
  };
}

function refuse(status: number, code: string, message: string): Refused {
  return { ok: false, error: { status, code, message }, headers: {} };
}

import type { HttpError } from '../http/httpError';
import { identifyClient } from '../keys/identifyClient';
import { checkRateLimits } from '../limits/rateLimiter';
import type { RequestRecord } from '../logging/requestRecord';
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
 * (429 with `retry-after`; 503 when a limit cannot be checked). What it learns goes into the
 * request's record: the key's name and where it was found, never the key.
 */
export async function admitRequest(
  request: Request,
  config: Config,
  route: string,
  record: RequestRecord | undefined,
): Promise<Admitted | Refused> {
  const startedAt = Date.now();
  const identified = await identifyClient(request, config);
  if (record) record.keyLookupMs = Date.now() - startedAt;
  if (!identified.ok) {
    if (record) record.key = identified.refusal.name;
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
    rateLimitKey(request, client.source, client.name),
    { timeoutMs: config.accessTimeoutMs, period: config.rateLimitPeriod },
  );
  if (limited) {
    const headers: Record<string, string> =
      limited.retryAfter === undefined ? {} : { 'retry-after': String(limited.retryAfter) };
    return { ok: false, error: limited.error, headers };
  }
  if (!settings) return { ok: true, config };
  return {
    ok: true,
    config: {
      ...config,
      maxBodyBytes: Math.min(config.maxBodyBytes, settings.maxBodyBytes ?? config.maxBodyBytes),
      progress: config.progress && settings.progress !== false,
      ...(settings.model === undefined
        ? {}
        : { upstreamModel: settings.model, models: [settings.model] }),
    },
  };
}

/** Who a rate limit counts: a key by its name, a keyless caller by its address. */
function rateLimitKey(request: Request, source: string, name: string): string {
  if (source !== 'none') return `key:${name}`;
  return `ip:${request.headers.get('cf-connecting-ip') ?? 'unknown'}`;
}

function refuse(status: number, code: string, message: string): Refused {
  return { ok: false, error: { status, code, message }, headers: {} };
}

/** The Worker's bindings: variables from wrangler.toml, secrets from `wrangler secret put`. */
export interface Env {
  /** `scripted` (default: the embedded offline model), `openai`, `json-text`, `anthropic` or `gemini`. */
  readonly UPSTREAM_KIND?: string;
  /** The upstream API base, e.g. `https://api.openai.com/v1`. */
  readonly UPSTREAM_BASE_URL?: string;
  /** The upstream model name. */
  readonly UPSTREAM_MODEL?: string;
  /** Secret: the upstream API key. */
  readonly UPSTREAM_API_KEY?: string;
  /** The upstream call limit in ms (default 60000). */
  readonly UPSTREAM_TIMEOUT_MS?: string;
  /** Secret: when set, clients must send `Authorization: Bearer <API_KEY>`. */
  readonly API_KEY?: string;
  /** Comma-separated origins allowed to call the API from a browser (`*` for any). */
  readonly CORS_ORIGINS?: string;
  /** The largest request body accepted, in bytes (default 262144). */
  readonly MAX_BODY_BYTES?: string;
  /** The failure notice text. */
  readonly FAILURE_NOTICE?: string;
}

/** The parsed configuration. */
export interface Config {
  readonly upstreamKind: 'scripted' | 'openai' | 'json-text' | 'anthropic' | 'gemini';
  readonly upstreamBaseUrl?: string;
  readonly upstreamModel: string;
  readonly upstreamApiKey?: string;
  readonly upstreamTimeoutMs: number;
  readonly apiKey?: string;
  readonly corsOrigins: readonly string[];
  readonly maxBodyBytes: number;
  readonly failureNotice?: string;
}

const KINDS = ['scripted', 'openai', 'json-text', 'anthropic', 'gemini'] as const;

/** Reads the bindings; a bad value is a configuration error, reported, never guessed. */
export function readConfig(env: Env): { ok: true; config: Config } | { ok: false; message: string } {
  const kind = (env.UPSTREAM_KIND ?? 'scripted').trim();
  if (!(KINDS as readonly string[]).includes(kind)) return { ok: false, message: `UPSTREAM_KIND must be one of ${KINDS.join(', ')}` };
  if (kind !== 'scripted' && !env.UPSTREAM_BASE_URL) return { ok: false, message: 'UPSTREAM_BASE_URL is required for a real upstream' };
  const timeout = positive(env.UPSTREAM_TIMEOUT_MS, 60_000);
  const maxBody = positive(env.MAX_BODY_BYTES, 262_144);
  if (timeout === undefined || maxBody === undefined) return { ok: false, message: 'UPSTREAM_TIMEOUT_MS and MAX_BODY_BYTES must be positive integers' };
  return {
    ok: true,
    config: {
      upstreamKind: kind as Config['upstreamKind'],
      upstreamBaseUrl: env.UPSTREAM_BASE_URL,
      upstreamModel: env.UPSTREAM_MODEL ?? 'scripted',
      upstreamApiKey: env.UPSTREAM_API_KEY || undefined,
      upstreamTimeoutMs: timeout,
      apiKey: env.API_KEY || undefined,
      corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((origin) => origin.trim()).filter(Boolean),
      maxBodyBytes: maxBody,
      failureNotice: env.FAILURE_NOTICE || undefined,
    },
  };
}

function positive(value: string | undefined, fallback: number): number | undefined {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
}

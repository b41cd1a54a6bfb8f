import type { ModelProvider } from '../providers/modelProvider';
import type { RequestLogLine } from './logging/requestLogLine';
import { type OperatorConfig, type OperatorVariables, readOperatorConfig } from './operatorConfig';
import type { SchemaStore } from './schemas/schemaStore';
import { workerSecrets } from './workerSecrets';

/** The upstream kinds the Worker can talk to. */
export type UpstreamKind =
  'scripted' | 'openai' | 'openai-responses' | 'json-text' | 'anthropic' | 'gemini';

/**
 * The Worker's variables, named as in `wrangler.jsonc` (`vars`), secrets and bindings. Bindings
 * arrive as strings; a host configuring the handler in code may also give numbers.
 */
export interface WorkerVariables extends OperatorVariables {
  /** `scripted` (default: the embedded offline model), `openai`, `openai-responses`, `json-text`, `anthropic` or `gemini`. */
  readonly UPSTREAM_KIND?: UpstreamKind | (string & {});
  /** The upstream API base, e.g. `https://api.openai.com/v1`. */
  readonly UPSTREAM_BASE_URL?: string;
  /** The upstream model name. */
  readonly UPSTREAM_MODEL?: string;
  /** Secret: the upstream API key. */
  readonly UPSTREAM_API_KEY?: string;
  /** The upstream call limit in ms (default 60000). */
  readonly UPSTREAM_TIMEOUT_MS?: string | number;
  /**
   * Secret: when set, every API route wants the key, as `Authorization: Bearer <API_KEY>` or
   * `x-api-key: <API_KEY>` (Anthropic's header); it also enables schema writes.
   */
  readonly API_KEY?: string;
  /** Comma-separated origins allowed to call the API from a browser (`*` for any). */
  readonly CORS_ORIGINS?: string;
  /** The largest request body accepted, in bytes (default 262144). */
  readonly MAX_BODY_BYTES?: string | number;
  /** The failure notice text. */
  readonly FAILURE_NOTICE?: string;
  /** The path the handler is mounted under, e.g. `/replyguard` (stripped when a request still carries it). */
  readonly BASE_PATH?: string;
  /**
   * What a tool call that carries a secret (in its arguments, id or name) gets before it leaves
   * for the client: `mask` (default: masked, reported as findings), `refuse` (the turn answers
   * 422 `TOOL_CALLS_REFUSED`) or `pass` (sent as the model wrote it, for a client that runs the
   * tools on the server side and must see the real values).
   */
  readonly TOOL_CALL_LEAKS?: ToolCallLeaks | (string & {});
  /** Workers KV namespace of named custom schemas (`schemaRef`). */
  readonly SCHEMAS?: SchemaStore;
}

/** What {@link createHandler} is configured with: the Worker's variables, plus what only code can give. */
export interface HandlerConfig extends WorkerVariables {
  /** A model to use instead of the one `UPSTREAM_KIND` names. */
  readonly provider?: ModelProvider;
  /** The demo page served at `/`; without it, `/` is not a route. */
  readonly demoHtml?: string;
  /** Where each API request's log line goes, instead of `console.log` (logging on without `LOG_REQUESTS`). */
  readonly log?: (line: RequestLogLine) => void;
}

/** What a tool call carrying a secret gets before it leaves (`TOOL_CALL_LEAKS`). */
export type ToolCallLeaks = 'mask' | 'refuse' | 'pass';

/** The parsed configuration. */
export interface Config extends OperatorConfig {
  readonly upstreamKind: UpstreamKind;
  readonly upstreamBaseUrl?: string;
  readonly upstreamModel: string;
  readonly upstreamApiKey?: string;
  readonly upstreamTimeoutMs: number;
  readonly apiKey?: string;
  readonly corsOrigins: readonly string[];
  readonly maxBodyBytes: number;
  readonly failureNotice?: string;
  readonly basePath: string;
  readonly schemas?: SchemaStore;
  readonly provider?: ModelProvider;
  readonly demoHtml?: string;
  /** The Worker's own secrets, literals of the scanner everywhere (see `workerSecrets`). */
  readonly secrets: readonly string[];
  readonly toolCallLeaks: ToolCallLeaks;
}

const KINDS: readonly UpstreamKind[] = [
  'scripted',
  'openai',
  'openai-responses',
  'json-text',
  'anthropic',
  'gemini',
];

/**
 * Merges the runtime's bindings over the configuration given in code (a binding that is set wins)
 * and reads the result; a bad value is a configuration error, reported, never guessed.
 */
export function readConfig(
  config: HandlerConfig,
  env: unknown,
): { ok: true; config: Config } | { ok: false; message: string } {
  const merged = mergeVariables(config, env);
  const vars = merged as HandlerConfig;
  const kind = String(vars.UPSTREAM_KIND ?? 'scripted').trim();
  if (!(KINDS as readonly string[]).includes(kind))
    return { ok: false, message: `UPSTREAM_KIND must be one of ${KINDS.join(', ')}` };
  if (kind !== 'scripted' && !vars.provider && !vars.UPSTREAM_BASE_URL)
    return { ok: false, message: 'UPSTREAM_BASE_URL is required for a real upstream' };
  const timeout = positive(vars.UPSTREAM_TIMEOUT_MS, 60_000);
  const maxBody = positive(vars.MAX_BODY_BYTES, 262_144);
  if (timeout === undefined || maxBody === undefined)
    return {
      ok: false,
      message: 'UPSTREAM_TIMEOUT_MS and MAX_BODY_BYTES must be positive integers',
    };
  const basePath = String(vars.BASE_PATH ?? '')
    .trim()
    .replace(/\/+$/, '');
  if (basePath !== '' && !/^\/[\w.~%!$&'()*+,;=:@/-]*$/.test(basePath))
    return { ok: false, message: 'BASE_PATH must be a path starting with /' };
  const toolCallLeaks = String(vars.TOOL_CALL_LEAKS ?? 'mask').trim();
  if (!(TOOL_CALL_LEAKS as readonly string[]).includes(toolCallLeaks))
    return { ok: false, message: `TOOL_CALL_LEAKS must be one of ${TOOL_CALL_LEAKS.join(', ')}` };
  const schemas = vars.SCHEMAS;
  if (
    schemas !== undefined &&
    (typeof schemas !== 'object' ||
      typeof schemas.get !== 'function' ||
      typeof schemas.put !== 'function')
  ) {
    return { ok: false, message: 'SCHEMAS must be a Workers KV namespace binding' };
  }
  const upstreamModel = vars.UPSTREAM_MODEL ?? 'scripted';
  const apiKey = vars.API_KEY || undefined;
  const operator = readOperatorConfig(merged, upstreamModel, apiKey);
  if (!operator.ok) return operator;
  return {
    ok: true,
    config: {
      upstreamKind: kind as UpstreamKind,
      upstreamBaseUrl: vars.UPSTREAM_BASE_URL,
      ...operator.config,
      upstreamModel,
      upstreamApiKey: vars.UPSTREAM_API_KEY || undefined,
      upstreamTimeoutMs: timeout,
      apiKey,
      corsOrigins: String(vars.CORS_ORIGINS ?? '')
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
      maxBodyBytes: maxBody,
      failureNotice: vars.FAILURE_NOTICE || undefined,
      basePath,
      schemas,
      provider: vars.provider,
      demoHtml: vars.demoHtml,
      secrets: workerSecrets(merged),
      toolCallLeaks: toolCallLeaks as ToolCallLeaks,
    },
  };
}

/** The runtime's bindings merged over the configuration given in code (a binding that is set wins). */
export function mergeVariables(config: HandlerConfig, env: unknown): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...config };
  if (typeof env === 'object' && env !== null) {
    for (const [key, value] of Object.entries(env))
      if (value !== undefined && value !== null) merged[key] = value;
  }
  return merged;
}

const TOOL_CALL_LEAKS: readonly ToolCallLeaks[] = ['mask', 'refuse', 'pass'];

function positive(value: string | number | undefined, fallback: number): number | undefined {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  return Number.isSafeInteger(number) && number > 0 ? number : undefined;
}

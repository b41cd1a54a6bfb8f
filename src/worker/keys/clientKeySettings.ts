import * as v from 'valibot';

/**
 * The API routes a client key may be limited to (`routes`), as the route table names them.
 * `/v1/models` covers `/v1/models/:id` too.
 */
export const KEY_ROUTES = Object.freeze([
  '/v1/check',
  '/v1/chat/completions',
  '/v1/responses',
  '/v1/messages',
  '/v1/models',
  '/v1/schema',
  '/v1/schemas/:name',
] as const);

/** A route a key may be limited to. */
export type KeyRoute = (typeof KEY_ROUTES)[number];

/** A key's name: short, printable, safe in a log line and a shell command. */
export const KEY_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** Names the Worker gives callers itself: the `API_KEY` holder and a keyless caller. */
export const RESERVED_KEY_NAMES = Object.freeze(['api-key', 'anonymous']);

/** A binding name, as wrangler writes them. */
const BINDING = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** A model name: what providers use (`gpt-4o-mini`, `models/gemini-2.0-flash`, `org/model@v1`). */
const MODEL = /^[A-Za-z0-9][A-Za-z0-9_.:/@+-]{0,199}$/;

/**
 * What an operator stores for one client key (its hash is where it is stored). Every setting
 * narrows the Worker's own: a key reaches fewer routes, one of the Worker's models, a smaller body,
 * no progress events, a tighter rate limit on top of the Worker's.
 */
export const ClientKeySettingsSchema = v.strictObject({
  /** Who holds the key: named in log lines and analytics, the rate limit's bucket. */
  name: v.pipe(
    v.string(),
    v.regex(
      KEY_NAME,
      'a name of 1 to 64 letters, digits, _ . or -, starting with a letter or digit',
    ),
  ),
  /** The only API routes this key may call (default: every API route). */
  routes: v.optional(v.pipe(v.array(v.picklist(KEY_ROUTES)), v.minLength(1, 'at least one route'))),
  /** The upstream model this key's turns use: one of the Worker's models. */
  model: v.optional(v.pipe(v.string(), v.regex(MODEL, 'a model name'))),
  /** A body limit in bytes below the Worker's `MAX_BODY_BYTES` (the smaller one applies). */
  maxBodyBytes: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(1))),
  /** `false` refuses `replyguard.progress` for this key (`true` never turns on what the Worker turned off). */
  progress: v.optional(v.boolean()),
  /** A rate-limit binding checked for this key on top of the Worker's `RATE_LIMIT`. */
  rateLimit: v.optional(v.pipe(v.string(), v.regex(BINDING, 'a binding name'))),
  /** A revoked key is refused (401 `KEY_REVOKED`), its name still logged. */
  revoked: v.optional(v.boolean()),
});

/** What is stored for one client key. */
export type ClientKeySettings = v.InferOutput<typeof ClientKeySettingsSchema>;

/** Reads one key's stored settings, or says which field is wrong (never quoting a value). */
export function readKeySettings(
  value: unknown,
): { ok: true; settings: ClientKeySettings } | { ok: false; field: string } {
  const parsed = v.safeParse(ClientKeySettingsSchema, value);
  if (parsed.success) return { ok: true, settings: parsed.output };
  // Only a known setting is named: an unknown member's name is the operator's text, not ours.
  const first = parsed.issues[0].path?.[0]?.key;
  const key = typeof first === 'string' ? first : '';
  return { ok: false, field: key in ClientKeySettingsSchema.entries ? key : 'the entry' };
}

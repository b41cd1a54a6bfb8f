import { hasApiKey } from '../http/apiKeyAuth';
import type { HttpError } from '../http/httpError';
import type { ClientKeySettings } from './clientKeySettings';
import { keyHash } from './keyHash';
import { type KeyStore, lookupKey } from './keyStore';
import { findKeyEntry, readKeysJson } from './keysJson';
import { presentedKey } from './presentedKey';
import { digestOf } from './sameDigest';

/** Where a caller's key was found. */
export type KeySource = 'none' | 'api-key' | 'json' | 'kv';

/** Who is calling: the key's name and settings (none for `API_KEY` or a keyless Worker). */
export interface Client {
  readonly name: string;
  readonly source: KeySource;
  readonly settings?: ClientKeySettings | undefined;
}

/** What {@link identifyClient} reads of the configuration. */
export interface KeySources {
  /** False: no key is asked for (`AUTH=off`, or no key configured at all). */
  readonly auth: boolean;
  readonly apiKey?: string | undefined;
  readonly clientKeysJson?: string | undefined;
  readonly clientKeys?: KeyStore | undefined;
  readonly accessTimeoutMs: number;
}

/** A refused caller: the error, its extra headers, and the key's name when it was known. */
export interface ClientRefusal {
  readonly error: HttpError;
  readonly headers: Record<string, string>;
  readonly name?: string | undefined;
}

const MISSING: ClientRefusal = Object.freeze({
  error: {
    status: 401,
    code: 'UNAUTHORIZED',
    message: 'send the API key as Authorization: Bearer <key> or x-api-key: <key>',
  },
  headers: { 'www-authenticate': 'Bearer' },
});
const UNAVAILABLE: ClientRefusal = Object.freeze({
  error: {
    status: 503,
    code: 'KEYS_UNAVAILABLE',
    message: 'the client keys could not be read; retry shortly',
  },
  headers: { 'retry-after': '1' },
});

/**
 * Finds the caller's key: `API_KEY` (compared in constant time), then the `CLIENT_KEYS_JSON`
 * secret (every entry compared in constant time), then the `CLIENT_KEYS` KV namespace (looked up
 * by the key's SHA-256, waiting at most `accessTimeoutMs`). Refused: no key or a malformed one,
 * an unknown or revoked key (401), an entry that is not valid settings (403), a store that is
 * down, slow or unreadable (503). Keyless when no key is configured, or with `AUTH=off`.
 */
export async function identifyClient(
  request: Request,
  sources: KeySources,
): Promise<{ ok: true; client: Client } | { ok: false; refusal: ClientRefusal }> {
  if (!sources.auth) return { ok: true, client: { name: 'anonymous', source: 'none' } };
  if (sources.apiKey && (await hasApiKey(request, sources.apiKey)))
    return { ok: true, client: { name: 'api-key', source: 'api-key' } };
  const given = presentedKey(request);
  if (given === null) return { ok: false, refusal: MISSING };
  let settings: ClientKeySettings | undefined;
  let source: KeySource = 'json';
  if (sources.clientKeysJson) {
    const entries = readKeysJson(sources.clientKeysJson);
    if (!entries) return { ok: false, refusal: UNAVAILABLE };
    settings = findKeyEntry(entries, await digestOf(given));
  }
  if (!settings && sources.clientKeys) {
    source = 'kv';
    const found = await lookupKey(
      sources.clientKeys,
      await keyHash(given),
      sources.accessTimeoutMs,
    );
    if (found.kind === 'unavailable') return { ok: false, refusal: UNAVAILABLE };
    if (found.kind === 'invalid')
      return {
        ok: false,
        refusal: {
          error: {
            status: 403,
            code: 'KEY_SETTINGS_INVALID',
            message: `this key's stored settings are not valid (${found.field}); ask the operator`,
          },
          headers: {},
        },
      };
    if (found.kind === 'found') settings = found.settings;
  }
  if (!settings)
    return {
      ok: false,
      refusal: { ...MISSING, error: { ...MISSING.error, message: 'the API key is not known' } },
    };
  if (settings.revoked)
    return {
      ok: false,
      refusal: {
        error: { status: 401, code: 'KEY_REVOKED', message: 'this API key was revoked' },
        headers: { 'www-authenticate': 'Bearer' },
        name: settings.name,
      },
    };
  return { ok: true, client: { name: settings.name, source, settings } };
}

import { parseJson } from '../core';
import { missed, withinTime } from '../access/withinTime';
import { type ClientKeySettings, readKeySettings } from './clientKeySettings';

/**
 * Where client keys live: a Workers KV namespace (the `CLIENT_KEYS` binding), or anything with the
 * same `get`. A KV key is a key's SHA-256 hash ({@link keyHash}), its value the key's settings as
 * JSON text.
 */
export interface KeyStore {
  get(key: string, options: { type: 'text'; cacheTtl?: number }): Promise<string | null>;
}

/** What a key store says of one hash. */
export type KeyLookup =
  | { readonly kind: 'found'; readonly settings: ClientKeySettings }
  | { readonly kind: 'unknown' }
  | { readonly kind: 'invalid'; readonly field: string }
  | { readonly kind: 'unavailable' };

// Workers KV keeps a read at the edge this long (its smallest allowed value): a revoked key may
// still pass for up to a minute where it was read, as KV's own propagation allows anyway.
const CACHE_TTL_S = 60;

/**
 * Looks a key's hash up in the store, waiting at most `timeoutMs`: its settings, unknown, an entry
 * that is not valid settings, or a store that is down or slow.
 */
export async function lookupKey(
  store: KeyStore,
  hash: string,
  timeoutMs: number,
): Promise<KeyLookup> {
  const text = await withinTime(
    () => store.get(hash, { type: 'text', cacheTtl: CACHE_TTL_S }),
    timeoutMs,
  );
  if (missed(text)) return { kind: 'unavailable' };
  if (text === null || text === undefined) return { kind: 'unknown' };
  if (typeof text !== 'string') return { kind: 'invalid', field: 'the entry' };
  const parsed = parseJson(text);
  if (!parsed.ok) return { kind: 'invalid', field: 'the entry' };
  const read = readKeySettings(parsed.value);
  return read.ok
    ? { kind: 'found', settings: read.settings }
    : { kind: 'invalid', field: read.field };
}

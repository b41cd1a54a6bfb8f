import { parseJson } from '../core';
import { type ClientKeySettings, readKeySettings } from './clientKeySettings';
import { KEY_HASH } from './keyHash';
import { sameDigest } from './sameDigest';

/** One key of `CLIENT_KEYS_JSON`: its SHA-256 digest and its settings. */
interface KeyEntry {
  readonly digest: Uint8Array;
  readonly settings: ClientKeySettings;
}

// The secret is the same string on every request of an isolate: read it once.
let last: { text: string; entries: readonly KeyEntry[] | undefined } | undefined;

/**
 * The keys of a `CLIENT_KEYS_JSON` secret (`{ "<sha256 hex>": { "name": …, … }, … }`), or
 * `undefined` when it is not that: the whole secret is refused for one bad entry, as a typo must
 * not silently drop a key's narrower settings.
 */
export function readKeysJson(text: string): readonly KeyEntry[] | undefined {
  if (last?.text === text) return last.entries;
  const entries = parse(text);
  last = { text, entries };
  return entries;
}

function parse(text: string): readonly KeyEntry[] | undefined {
  const parsed = parseJson(text);
  if (!parsed.ok) return undefined;
  const value = parsed.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entries: KeyEntry[] = [];
  for (const [hash, stored] of Object.entries(value)) {
    if (!KEY_HASH.test(hash)) return undefined;
    const read = readKeySettings(stored);
    if (!read.ok) return undefined;
    const digest = new Uint8Array(32);
    for (let i = 0; i < 32; i++) digest[i] = Number.parseInt(hash.slice(i * 2, i * 2 + 2), 16);
    entries.push({ digest, settings: read.settings });
  }
  return entries;
}

/**
 * The settings of the entry whose digest is `digest`: every entry is compared, each in constant
 * time, so timing says neither which entry matched nor how close another came.
 */
export function findKeyEntry(
  entries: readonly KeyEntry[],
  digest: Uint8Array,
): ClientKeySettings | undefined {
  let found: ClientKeySettings | undefined;
  for (const entry of entries) {
    const same = sameDigest(entry.digest, digest);
    found = same ? entry.settings : found;
  }
  return found;
}

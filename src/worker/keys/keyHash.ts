/**
 * The SHA-256 of a client key's UTF-8 bytes as 64 lowercase hex digits: the name the key is stored
 * under (a `CLIENT_KEYS` KV key, a `CLIENT_KEYS_JSON` member). Only the hash is ever stored.
 *
 * @example
 * await keyHash('rg_…'); // '3f1c…' (64 hex digits)
 */
export async function keyHash(key: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key)),
  );
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** A stored key hash: 64 lowercase hex digits. */
export const KEY_HASH = /^[0-9a-f]{64}$/;

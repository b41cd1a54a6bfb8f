/**
 * True when two digests are equal, compared in constant time: every byte is read whatever the
 * first difference, so timing says nothing of where two keys' digests part.
 */
export function sameDigest(a: Uint8Array, b: Uint8Array): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ (b[i] ?? 0);
  return difference === 0;
}

/** The SHA-256 digest of a text's UTF-8 bytes. */
export async function digestOf(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

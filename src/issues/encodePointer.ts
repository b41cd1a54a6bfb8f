/**
 * Encodes path tokens as an RFC 6901 JSON pointer (`~` → `~0`, `/` → `~1`).
 *
 * @example
 * encodePointer(['segments', 2, 'data', 'a/b']); // "/segments/2/data/a~1b"
 */
export function encodePointer(tokens: readonly (string | number)[]): string {
  let pointer = '';
  for (const token of tokens) {
    pointer += '/' + (typeof token === 'number' ? String(token) : escapeToken(token));
  }
  return pointer;
}

/**
 * Appends one token to an existing pointer.
 */
export function appendPointer(pointer: string, token: string | number): string {
  return pointer + '/' + (typeof token === 'number' ? String(token) : escapeToken(token));
}

function escapeToken(token: string): string {
  return token.indexOf('~') === -1 && token.indexOf('/') === -1
    ? token
    : token.replace(/~/g, '~0').replace(/\//g, '~1');
}

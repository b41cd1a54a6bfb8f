/**
 * Appends one token to an RFC 6901 JSON pointer (`~` → `~0`, `/` → `~1`); a whole pointer is
 * `tokens.reduce(appendPointer, '')`.
 *
 * @example
 * appendPointer('/segments', 2); // "/segments/2"
 */
export function appendPointer(pointer: string, token: string | number): string {
  return pointer + '/' + (typeof token === 'number' ? String(token) : escapeToken(token));
}

function escapeToken(token: string): string {
  return token.indexOf('~') === -1 && token.indexOf('/') === -1
    ? token
    : token.replace(/~/g, '~0').replace(/\//g, '~1');
}

import { appendPointer } from './appendPointer';

// Re-exported for the files that import it from here.
export { appendPointer } from './appendPointer';

/**
 * Encodes path tokens as an RFC 6901 JSON pointer (`~` → `~0`, `/` → `~1`).
 *
 * @example
 * encodePointer(['segments', 2, 'data', 'a/b']); // "/segments/2/data/a~1b"
 */
export function encodePointer(tokens: readonly (string | number)[]): string {
  let pointer = '';
  for (const token of tokens) pointer = appendPointer(pointer, token);
  return pointer;
}

import { appendPointer } from './appendPointer';

// Internal code builds pointers with appendPointer (re-exported here for the files that import it
// from this one). Code in a lazy chunk must import appendPointer's own file, never this one: the
// package index re-exports encodePointer from this file, and under esbuild's code splitting a
// file the index re-exports that a lazy chunk imports is loaded by every entry of the index.
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

import { type JsonState, failJson, quoteAt } from './jsonState';
import { NEED_MORE } from './scanString';

/**
 * Matches `true`, `false` or `null` (the word in `state.text`) from `at`. A literal the buffer's
 * end cuts is carried whole into the next buffer: it is at most four characters.
 */
export function scanLiteral(
  state: JsonState,
  buffer: string,
  at: number,
  end: number,
  final: boolean,
): number {
  const word = state.text;
  for (let i = 0; i < word.length; i++) {
    // Located at the literal's start; proved by the first wrong character or the end of input.
    const proof = at + i;
    if (proof >= end && !final) {
      state.carry = end - at;
      return NEED_MORE;
    }
    if (proof >= end || buffer.charCodeAt(proof) !== word.charCodeAt(i)) {
      const offset = state.tokenStart;
      const last = state.base + Math.min(proof + 1, end);
      return failJson(
        state,
        buffer,
        'INVALID_JSON',
        offset,
        last,
        state.depth,
        `expected "${word}" at "${quoteAt(state, buffer, offset, last)}"`,
      );
    }
  }
  state.value = word === 'null' ? null : word === 'true';
  return at + word.length;
}

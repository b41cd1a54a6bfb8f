import type { IssueCode } from '../issues/issue';
import { type JsonState, failJson, quoteAt } from './jsonState';

/**
 * Text before the value is PROSE_AROUND_JSON when a `{` follows within this many characters of
 * its start, INVALID_JSON otherwise. The verdict must not depend on how the text is split into
 * chunks, and a stream must give it early: "is there a `{` anywhere later" would only be known at
 * the end of the input. A bounded window decides the code at the `{` or after this many
 * characters (or at the end of a shorter input), the same way for a stream and for whole text.
 */
export const PROSE_WINDOW = 64;

/**
 * Text before the value, from `at` to the buffer's end: only a `{` within the window matters.
 * Returns the buffer's end while undecided, -1 once decided.
 */
export function proseWindow(state: JsonState, buffer: string, at: number, end: number): number {
  const base = state.base;
  const brace = buffer.indexOf('{', at);
  const windowEnd = state.tokenStart + PROSE_WINDOW - base;
  if (brace !== -1 && brace < windowEnd && brace < end)
    return prose(state, buffer, 'PROSE_AROUND_JSON', base + brace + 1);
  if (windowEnd <= end) return prose(state, buffer, 'INVALID_JSON', base + windowEnd);
  return end;
}

/** Text before the value: decided when a `{` is seen within the window, or when the window (or the input) ends. */
export function prose(state: JsonState, buffer: string, code: IssueCode, proof: number): -1 {
  const offset = state.tokenStart;
  const quoted = quoteAt(state, buffer, offset, proof);
  const message =
    code === 'INVALID_JSON'
      ? `unexpected character at the start: "${quoted}"`
      : `text before the JSON value: "${quoted}"`;
  return failJson(state, buffer, code, offset, proof, 0, message);
}

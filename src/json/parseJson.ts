import type { Issue } from '../issues/issue';
import { feedInput } from './feedInput';
import { type JsonLimits, DEFAULT_JSON_LIMITS } from './jsonLimits';
import { type JsonState, createJsonState } from './jsonState';
import type { JsonValue } from './jsonValue';

export type { JsonValue } from './jsonValue';

/** The outcome of {@link parseJson}: a value, or the first issue found. */
export type ParseResult =
  { readonly ok: true; readonly value: JsonValue } | { readonly ok: false; readonly issue: Issue };

/**
 * Parses one JSON text strictly (RFC 8259 with the I-JSON rules of RFC 7493). Never throws.
 *
 * Rejects duplicate member names (compared after unescaping), trailing tokens, code fences and
 * prose around the value, lone surrogates, nesting beyond `limits.maxDepth` (at most 1,000),
 * input beyond `limits.maxLength`, integers beyond ±(2^53−1) and numbers that overflow a double,
 * and (by default) the member name `__proto__`. The first violation in the text is reported; it
 * is the same verdict a {@link createJsonStream} gives on the same text split into any chunks.
 *
 * @example
 * const result = parseJson('{"a":1,"\\u0061":2}');
 * // { ok: false, issue: { code: 'DUPLICATE_KEY', path: '/a', offset: 7, line: 1, column: 8, … } }
 */
export function parseJson(
  source: string,
  limits: Partial<JsonLimits> = DEFAULT_JSON_LIMITS,
): ParseResult {
  const state = createJsonState(limits, undefined);
  feedInput(state, source, true, 'the input is');
  return jsonResult(state);
}

/** The verdict of a machine that has read all its input. */
export function jsonResult(state: JsonState): ParseResult {
  return state.issue === undefined
    ? { ok: true, value: state.root }
    : { ok: false, issue: state.issue };
}

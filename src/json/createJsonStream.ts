import type { Issue } from '../issues/issue';
import { feedInput } from './feedInput';
import { feedJson } from './feedJson';
import type { JsonLimits } from './jsonLimits';
import type { JsonObserver } from './jsonObserver';
import { createJsonState } from './jsonState';
import { type ParseResult, jsonResult } from './parseJson';

/** A strict JSON parser fed in chunks: see {@link createJsonStream}. */
export interface JsonStream {
  /**
   * Reads the next chunk. Returns the first violation as soon as it is provable (and from then on
   * the same issue, without reading further chunks), or undefined while the text can still be valid.
   */
  push(chunk: string): Issue | undefined;
  /** The input is complete: the same result `parseJson` gives on all chunks joined. Repeatable. */
  end(): ParseResult;
  /** How many characters were read: all pushed so far, or up to the one that proved a violation. */
  readonly offset: number;
}

/**
 * A push parser for text that arrives in pieces (a streamed model reply). It is the state machine
 * behind `parseJson`, so for every way of splitting a text, `end()` gives exactly the whole-text
 * verdict; `push` reports a violation at the character that proves it (a duplicate name at its
 * closing quote, trailing text at its first character, an unsafe integer when it ends…), so the
 * caller can stop the model early. An `observer` sees names and values as they complete and may
 * refuse the document (e.g. a schema that can no longer match); without one there is no extra work.
 *
 * @example
 * const stream = createJsonStream();
 * stream.push('{"a":1,');           // undefined: still possible
 * stream.push('"a":2}');            // { code: 'DUPLICATE_KEY', path: '/a', offset: 7, … }
 * stream.end();                     // { ok: false, issue: the same issue }
 */
export function createJsonStream(
  limits?: Partial<JsonLimits>,
  observer?: JsonObserver,
): JsonStream {
  const state = createJsonState(limits, observer);
  let result: ParseResult | undefined;
  return {
    push(chunk: string): Issue | undefined {
      if (result === undefined && state.issue === undefined) {
        feedInput(state, chunk, false, 'a chunk is');
      }
      return state.issue;
    },
    end(): ParseResult {
      if (result === undefined) {
        if (state.issue === undefined) feedJson(state, '', true);
        result = jsonResult(state);
      }
      return result;
    },
    get offset(): number {
      return state.issue === undefined ? state.base + state.carried.length : state.consumed;
    },
  };
}

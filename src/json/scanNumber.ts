import { excerpt } from '../issues/excerpt';
import { CHAR_0, CHAR_9, CHAR_DOT, CHAR_LOWER_E, CHAR_MINUS, CHAR_PLUS, CHAR_UPPER_E } from './jsonChars';
import { type JsonState, failJson, quoteAt } from './jsonState';
import { NEED_MORE } from './scanString';

/** Integers with more digits than this may be beyond ±(2^53−1) and are checked. */
const SAFE_DIGITS = 15;

// Where a number is in its grammar; each step only moves forward, so a resumed number re-enters
// the sequence at its step and falls through the rest.
const AT_SIGN = 0;
const AT_FIRST_DIGIT = 1;
const AT_DIGITS = 2;
const AT_AFTER_ZERO = 3;
const AT_POINT = 4;
const AT_FRACTION_FIRST = 5;
const AT_FRACTION = 6;
const AT_EXPONENT = 7;
const AT_EXPONENT_SIGN = 8;
const AT_EXPONENT_FIRST = 9;
const AT_EXPONENT_DIGITS = 10;
/** After a fraction: the same as AT_EXPONENT, but the number is not an integer. */
const AT_FLOAT_EXPONENT = 11;

/**
 * Scans a number from `at` (its first character, or the start of a buffer when it began in an
 * earlier one). Returns the index after it (the value in `state.value`), `NEED_MORE` when the
 * buffer ends inside it and more may follow, or -1 on a violation. A number ends at the first
 * character that cannot continue it, so only that character (or the end of input) proves an
 * integer unsafe.
 */
export function scanNumber(state: JsonState, buffer: string, at: number, end: number, final: boolean, fresh: boolean): number {
  const start = at;
  let step = AT_SIGN;
  let integer = 0;
  let digits = 0;
  if (!fresh) {
    step = state.numberState;
    integer = state.numberInteger;
    digits = state.numberDigits;
  }
  // NaN past the buffer's end continues nothing, so a final buffer ends the number there.
  let code = buffer.charCodeAt(at);
  for (;;) {
    switch (step) {
      case AT_SIGN:
        if (code === CHAR_MINUS) code = buffer.charCodeAt(++at);
        step = AT_FIRST_DIGIT;
      // falls through
      case AT_FIRST_DIGIT:
        if (at >= end && !final) return more(state, buffer, start, at, fresh, step, integer, digits);
        if (code === CHAR_0) {
          code = buffer.charCodeAt(++at);
          digits = 1;
          step = AT_AFTER_ZERO;
          continue;
        }
        if (!(code > CHAR_0 && code <= CHAR_9)) return unexpected(state, buffer, at, end, 'a digit');
        step = AT_DIGITS;
      // falls through
      case AT_DIGITS:
        while (code >= CHAR_0 && code <= CHAR_9) {
          integer = integer * 10 + (code - CHAR_0);
          digits++;
          code = buffer.charCodeAt(++at);
        }
        if (at >= end && !final) return more(state, buffer, start, at, fresh, step, integer, digits);
        step = AT_POINT;
      // falls through
      case AT_POINT:
        if (code === CHAR_DOT) {
          code = buffer.charCodeAt(++at);
          step = AT_FRACTION_FIRST;
          continue;
        }
        step = AT_EXPONENT;
      // falls through
      case AT_EXPONENT:
      case AT_FLOAT_EXPONENT:
        if (code === CHAR_LOWER_E || code === CHAR_UPPER_E) {
          code = buffer.charCodeAt(++at);
          step = AT_EXPONENT_SIGN;
          continue;
        }
        return finishNumber(state, buffer, start, at, end, fresh, integer, digits, step);
      case AT_AFTER_ZERO:
        if (at >= end && !final) return more(state, buffer, start, at, fresh, step, integer, digits);
        if (code >= CHAR_0 && code <= CHAR_9) {
          const offset = state.base + at;
          return failJson(state, buffer, 'INVALID_JSON', offset, offset + 1, state.depth, 'a number may not have a leading zero');
        }
        step = AT_POINT;
        continue;
      case AT_FRACTION_FIRST:
        if (at >= end && !final) return more(state, buffer, start, at, fresh, step, integer, digits);
        if (!(code >= CHAR_0 && code <= CHAR_9)) return unexpected(state, buffer, at, end, 'a digit after the decimal point');
        step = AT_FRACTION;
      // falls through
      case AT_FRACTION:
        while (code >= CHAR_0 && code <= CHAR_9) code = buffer.charCodeAt(++at);
        if (at >= end && !final) return more(state, buffer, start, at, fresh, step, integer, digits);
        step = AT_FLOAT_EXPONENT;
        continue;
      case AT_EXPONENT_SIGN:
        if (at >= end && !final) return more(state, buffer, start, at, fresh, step, integer, digits);
        if (code === CHAR_PLUS || code === CHAR_MINUS) code = buffer.charCodeAt(++at);
        step = AT_EXPONENT_FIRST;
      // falls through
      case AT_EXPONENT_FIRST:
        if (at >= end && !final) return more(state, buffer, start, at, fresh, step, integer, digits);
        if (!(code >= CHAR_0 && code <= CHAR_9)) return unexpected(state, buffer, at, end, 'a digit in the exponent');
        step = AT_EXPONENT_DIGITS;
      // falls through
      default:
        while (code >= CHAR_0 && code <= CHAR_9) code = buffer.charCodeAt(++at);
        if (at >= end && !final) return more(state, buffer, start, at, fresh, step, integer, digits);
        return finishNumber(state, buffer, start, at, end, fresh, integer, digits, step);
    }
  }
}

/** The buffer ended inside the number and more may follow: keep its text and grammar step. */
function more(state: JsonState, buffer: string, start: number, at: number, fresh: boolean, step: number, integer: number, digits: number): number {
  state.numberText = (fresh ? '' : state.numberText) + buffer.slice(start, at);
  state.numberState = step;
  state.numberInteger = integer;
  state.numberDigits = digits;
  return NEED_MORE;
}

function unexpected(state: JsonState, buffer: string, at: number, end: number, what: string): -1 {
  const offset = state.base + at;
  if (at >= end) return failJson(state, buffer, 'INVALID_JSON', offset, offset, state.depth, `unexpected end of input; expected ${what}`);
  return failJson(state, buffer, 'INVALID_JSON', offset, offset + 1, state.depth, `expected ${what} at "${quoteAt(state, buffer, offset, offset + 1)}"`);
}

/**
 * The number ended at `at` (the first character after it, or the end of input). Short integers
 * were summed while scanning; anything else is converted once and checked: an integer beyond
 * ±(2^53−1) would be rounded into another id, an overflowing double would become Infinity.
 */
function finishNumber(state: JsonState, buffer: string, start: number, at: number, end: number, fresh: boolean, integer: number, digits: number, step: number): number {
  const head = fresh ? '' : state.numberText;
  const negative = (fresh ? buffer.charCodeAt(start) : head.charCodeAt(0)) === CHAR_MINUS;
  if (step === AT_EXPONENT && digits <= SAFE_DIGITS) {
    state.value = negative ? -integer : integer;
    return at;
  }
  const text = head + buffer.slice(start, at);
  const value = Number(text);
  if (step === AT_EXPONENT ? Number.isSafeInteger(value) : Number.isFinite(value)) {
    state.value = value;
    return at;
  }
  const message =
    step === AT_EXPONENT
      ? `the integer ${excerpt(text)} is beyond ±(2^53−1) and would be rounded; send it as a string`
      : `the number ${excerpt(text)} overflows a double`;
  return failJson(state, buffer, 'UNSAFE_NUMBER', state.tokenStart, state.base + (at < end ? at + 1 : at), state.depth, message);
}

import { excerpt } from '../issues/excerpt';
import { Char } from './jsonChars';
import { type JsonState, failJson, unexpected } from './jsonState';
import { NEED_MORE } from './scanString';

/** Where a number is in its grammar: what the characters so far make. */
const enum Step {
  Start,
  Sign,
  Zero,
  Integer,
  Point,
  Fraction,
  Exponent,
  ExponentSign,
  ExponentDigits,
}

/**
 * Scans a number from `at` (its first character, or the start of a buffer when it began in an
 * earlier one). Returns the index after it (the value in `state.value`), `NEED_MORE` when the
 * buffer ends inside it and more may follow, or -1 on a violation. A number ends at the first
 * character that cannot continue it, so only that character (or the end of input) proves an
 * integer unsafe. The number is converted once, when it ends.
 */
export function scanNumber(
  state: JsonState,
  buffer: string,
  at: number,
  end: number,
  final: boolean,
  fresh: boolean,
): number {
  const start = at;
  let step: Step = fresh ? Step.Start : state.step;
  for (; ; at++) {
    if (at >= end && !final) {
      state.text = (fresh ? '' : state.text) + buffer.slice(start, at);
      state.step = step;
      return NEED_MORE;
    }
    // NaN past the end of a final buffer: it continues nothing, so the number ends there.
    const code = buffer.charCodeAt(at);
    const digit = code >= Char.Digit0 && code <= Char.Digit9;
    // A digit in a run of digits changes nothing.
    if (digit && (step === Step.Integer || step === Step.Fraction || step === Step.ExponentDigits))
      continue;
    const exponent = code === Char.LowerE || code === Char.UpperE;
    let next = -1;
    switch (step) {
      case Step.Start:
        if (code === Char.Minus) next = Step.Sign;
      // falls through
      case Step.Sign:
        if (digit) next = code === Char.Digit0 ? Step.Zero : Step.Integer;
        break;
      case Step.Zero:
        if (digit) {
          const offset = state.base + at;
          return failJson(
            state,
            buffer,
            'INVALID_JSON',
            offset,
            offset + 1,
            state.depth,
            'a number may not have a leading zero',
          );
        }
      // falls through
      case Step.Integer:
        next =
          digit && step === Step.Integer
            ? Step.Integer
            : code === Char.Dot
              ? Step.Point
              : exponent
                ? Step.Exponent
                : -1;
        break;
      case Step.Point:
      case Step.Fraction:
        next = digit ? Step.Fraction : exponent && step === Step.Fraction ? Step.Exponent : -1;
        break;
      case Step.Exponent:
        if (code === Char.Plus || code === Char.Minus) next = Step.ExponentSign;
      // falls through
      default:
        if (digit) next = Step.ExponentDigits;
    }
    if (next < 0) break;
    step = next;
  }
  switch (step) {
    case Step.Start:
    case Step.Sign:
      return unexpected(state, buffer, at, end, 'a digit', state.depth);
    case Step.Point:
      return unexpected(state, buffer, at, end, 'a digit after the decimal point', state.depth);
    case Step.Exponent:
    case Step.ExponentSign:
      return unexpected(state, buffer, at, end, 'a digit in the exponent', state.depth);
  }
  // The number ended at `at`: the first character after it, or the end of input.
  const head = fresh ? '' : state.text;
  const text = head + buffer.slice(start, at);
  const value = Number(text);
  // An integer beyond ±(2^53−1) would be rounded into another id; an overflowing double would be Infinity.
  if (step <= Step.Integer ? Number.isSafeInteger(value) : Number.isFinite(value)) {
    state.value = value;
    return at;
  }
  const message =
    step <= Step.Integer
      ? `the integer ${excerpt(text)} is beyond ±(2^53−1) and would be rounded; send it as a string`
      : `the number ${excerpt(text)} overflows a double`;
  return failJson(
    state,
    buffer,
    'UNSAFE_NUMBER',
    state.tokenStart,
    state.base + (at < end ? at + 1 : at),
    state.depth,
    message,
  );
}

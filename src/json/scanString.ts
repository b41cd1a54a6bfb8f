import { excerpt } from '../issues/excerpt';
import { Char } from './jsonChars';
import { Token, type JsonState, failJson } from './jsonState';

/** A scanner's answer when the buffer ended inside its token (the state is saved). */
export const NEED_MORE = -2;

/** Pending decoded code units are turned into text at the latest when this many have gathered. */
const BATCH = 1024;
/** A plain run at least this long is sliced from the buffer instead of copied unit by unit. */
const LONG_RUN = 16;

/** The decoded text of a string a buffer ended inside (a cut escape is not in it yet). */
export function openStringText(state: JsonState): string {
  return state.count === 0 ? state.text : state.text + decode(state.units, state.count);
}

/** The text of the pending code units `units[0..count)`. */
function decode(units: number[], count: number): string {
  return count === 0
    ? ''
    : String.fromCharCode.apply(null, count === units.length ? units : units.slice(0, count));
}

/** The value of a hex digit, or -1. */
function hexDigit(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0x61 && code <= 0x66) return code - 0x57; // a-f
  if (code >= 0x41 && code <= 0x46) return code - 0x37; // A-F
  return -1;
}

/** The letters of the one-letter escapes (`\n`…), and the units they stand for, in the same order. */
const ESCAPE_LETTERS = '"\\/bfnrt';
const ESCAPE_UNITS = '"\\/\b\f\n\r\t';

/**
 * Scans a string (a value or a member name) from `at`: just past the opening quote, or the start
 * of a buffer when the string began in an earlier one. Returns the index after the closing quote
 * (the text in `state.value`), `NEED_MORE` when the buffer ends first and more may come, or -1 on a
 * violation. `final` says no text follows the buffer.
 *
 * A run without escapes is one tight loop and one slice (also when the string began in an earlier
 * buffer). Escaped text is decoded into an array of code units, turned into text in batches:
 * building it by repeated concatenation is what made escape-heavy replies slow.
 */
export function scanString(
  state: JsonState,
  buffer: string,
  at: number,
  end: number,
  final: boolean,
  fresh: boolean,
): number {
  const head = fresh ? '' : state.text;
  if (!fresh && state.count !== 0) return scanEscaped(state, buffer, at, end, final, false, head);
  const start = at;
  // `end` is the buffer's length; compared with `buffer.length`, the compiler drops the bounds check
  // of `charCodeAt` (about 5 % of a parse, measured). A buffer that ends inside the run, or
  // anything but plain text, is left to the general path.
  while (at < buffer.length) {
    const code = buffer.charCodeAt(at);
    if (code > Char.Backslash) {
      // Lower-case letters and most non-ASCII text: only a surrogate needs a look.
      if (code < Char.HighSurrogateMin || code > Char.SurrogateMax) at++;
      // A well-formed pair stays on the fast path; anything else is decided below.
      else if (
        code < Char.LowSurrogateMin &&
        (buffer.charCodeAt(at + 1) & 0xfc00) === Char.LowSurrogateMin
      )
        at += 2;
      else break;
    } else if (code === Char.Quote) {
      // `head` is empty for a fresh string, and adding an empty string copies nothing.
      state.value = head + buffer.slice(start, at);
      return at + 1;
    } else if (code >= Char.Space && code !== Char.Backslash) {
      at++;
    } else {
      break;
    }
  }
  return scanEscaped(state, buffer, at, end, final, fresh, head + buffer.slice(start, at));
}

/**
 * The general path: escapes, surrogates, control characters and buffer ends. The decoded text is
 * `head` then the pending units `state.units[0..count)`, both kept across buffers. An escape that
 * the buffer's end cuts, or a high surrogate whose low half has not arrived, is not decided: its
 * characters are carried into the next buffer (`state.carry`), so every unit, and every pair, is
 * decided inside one buffer and a stream reaches the verdicts of whole text.
 */
function scanEscaped(
  state: JsonState,
  buffer: string,
  at: number,
  end: number,
  final: boolean,
  fresh: boolean,
  head: string,
): number {
  const depth = state.token === Token.Name ? state.depth - 1 : state.depth;
  const base = state.base;
  const units = state.units;
  let count = fresh ? 0 : state.count;
  // Where the last unit began when it is a high surrogate still waiting for its low half.
  let high = -1;
  for (;;) {
    if (at >= end) {
      if (final)
        return failJson(
          state,
          buffer,
          'INVALID_JSON',
          state.tokenStart,
          base + at,
          depth,
          'unterminated string',
        );
      return more(state, head, count, at, high, end);
    }
    let code = buffer.charCodeAt(at);
    const start = at;
    if (code === Char.Backslash) {
      const letter = buffer.charCodeAt(at + 1);
      if (letter === Char.LowerU) {
        code =
          at + 6 > end
            ? -1
            : (hexDigit(buffer.charCodeAt(at + 2)) << 12) |
              (hexDigit(buffer.charCodeAt(at + 3)) << 8) |
              (hexDigit(buffer.charCodeAt(at + 4)) << 4) |
              hexDigit(buffer.charCodeAt(at + 5));
        // Cut by the buffer's end, or a bad digit: which one decides the verdict.
        for (let i = at + 2; code < 0; i++) {
          if (i >= end) {
            if (final)
              return failJson(
                state,
                buffer,
                'INVALID_JSON',
                base + i,
                base + i,
                depth,
                'a \\u escape needs four hex digits',
              );
            return more(state, head, count, at, high, end);
          }
          if (hexDigit(buffer.charCodeAt(i)) < 0)
            return failJson(
              state,
              buffer,
              'INVALID_JSON',
              base + i,
              base + i + 1,
              depth,
              'a \\u escape needs four hex digits',
            );
        }
        at += 6;
      } else if (at + 1 >= end) {
        if (final)
          return failJson(
            state,
            buffer,
            'INVALID_JSON',
            base + at,
            base + end,
            depth,
            'invalid escape "\\\\"',
          );
        return more(state, head, count, at, high, end);
      } else {
        code = ESCAPE_LETTERS.indexOf(buffer[at + 1]!);
        if (code < 0) {
          const shown = excerpt(buffer.slice(at, at + 2));
          return failJson(
            state,
            buffer,
            'INVALID_JSON',
            base + at,
            base + at + 2,
            depth,
            `invalid escape "${shown}"`,
          );
        }
        code = ESCAPE_UNITS.charCodeAt(code);
        at += 2;
      }
    } else {
      if (high < 0 && code >= Char.Space && code !== Char.Quote) {
        // A plain run (well-formed surrogate pairs included): copied, or sliced when long.
        for (;;) {
          if (code > Char.Backslash) {
            if (code < Char.HighSurrogateMin || code > Char.SurrogateMax) at++;
            else if (
              code < Char.LowSurrogateMin &&
              (buffer.charCodeAt(at + 1) & 0xfc00) === Char.LowSurrogateMin
            )
              at += 2;
            else break;
          } else if (code >= Char.Space && code !== Char.Quote && code !== Char.Backslash) {
            at++;
          } else {
            break;
          }
          // NaN past the end stops the run.
          code = buffer.charCodeAt(at);
        }
        if (at - start >= LONG_RUN) {
          if (count !== 0) head += decode(units, count);
          count = 0;
          head += buffer.slice(start, at);
        } else {
          for (let i = start; i < at; i++) units[count++] = buffer.charCodeAt(i);
        }
        if (at > start) continue;
        // Nothing plain: a lone surrogate begins here, decided below.
      }
      if (code === Char.Quote && high < 0) {
        state.value = head + decode(units, count);
        return at + 1;
      }
      if (code < Char.Space) {
        const hex = code.toString(16).padStart(4, '0');
        return failJson(
          state,
          buffer,
          'INVALID_JSON',
          base + at,
          base + at + 1,
          depth,
          `unescaped control character U+${hex} in a string`,
        );
      }
      at++;
    }
    // The unit (raw or escaped) ends at `at`. I-JSON: only valid Unicode, so a surrogate must pair.
    if (high >= 0) {
      if (code < Char.LowSurrogateMin || code > Char.SurrogateMax)
        return loneSurrogate(state, buffer, base + at, depth);
      high = -1;
    } else if (code >= Char.HighSurrogateMin && code <= Char.SurrogateMax) {
      if (code >= Char.LowSurrogateMin) return loneSurrogate(state, buffer, base + at, depth);
      high = start;
    }
    units[count++] = code;
    if (count >= BATCH && high < 0) {
      head += decode(units, count);
      count = 0;
    }
  }
}

/**
 * The buffer ended inside the string: keep the text so far and carry the characters from `from`
 * (a cut escape), or from `high` when a high surrogate still waits for its low half (its unit is
 * then dropped from the pending ones: it is read again with what follows it).
 */
function more(
  state: JsonState,
  head: string,
  count: number,
  from: number,
  high: number,
  end: number,
): number {
  state.text = head;
  state.count = high < 0 ? count : count - 1;
  state.carry = end - (high < 0 ? from : high);
  return NEED_MORE;
}

function loneSurrogate(state: JsonState, buffer: string, end: number, depth: number): -1 {
  return failJson(
    state,
    buffer,
    'LONE_SURROGATE',
    state.tokenStart,
    end,
    depth,
    'a string holds an unpaired UTF-16 surrogate',
  );
}

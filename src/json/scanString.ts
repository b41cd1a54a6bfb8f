import { excerpt } from '../issues/excerpt';
import { Char } from './jsonChars';
import { Token, type JsonState, failJson } from './jsonState';

/** A scanner's answer when the buffer ended inside its token (the state is saved). */
export const NEED_MORE = -2;

/** Pending decoded code units are turned into text at the latest when this many have gathered. */
const BATCH = 1024;
/** A plain run at least this long is sliced from the buffer instead of copied unit by unit. */
const LONG_RUN = 16;

/** The text of the pending code units `units[0..count)`. */
function decode(units: number[], count: number): string {
  return count === 0 ? '' : String.fromCharCode.apply(null, count === units.length ? units : units.slice(0, count));
}

/** The value of a hex digit, or -1. */
function hexDigit(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0x61 && code <= 0x66) return code - 0x57; // a-f
  if (code >= 0x41 && code <= 0x46) return code - 0x37; // A-F
  return -1;
}

/** The unit a one-letter escape stands for (`\n` → 10), or -1 (`u` and invalid letters). */
function simpleEscape(code: number): number {
  switch (code) {
    case Char.Quote:
    case Char.Backslash:
    case Char.Slash:
      return code;
    case Char.LowerB:
      return 0x08;
    case Char.LowerF:
      return 0x0c;
    case Char.LowerN:
      return 0x0a;
    case Char.LowerR:
      return 0x0d;
    case Char.LowerT:
      return 0x09;
    default:
      return -1;
  }
}

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
export function scanString(state: JsonState, buffer: string, at: number, end: number, final: boolean, fresh: boolean): number {
  const head = fresh ? '' : state.text;
  if (!fresh && (state.count !== 0 || state.step !== 0 || state.high)) return scanEscaped(state, buffer, at, end, final, false, head);
  const start = at;
  while (at < end) {
    const code = buffer.charCodeAt(at);
    if (code > Char.Backslash) {
      // Lower-case letters and most non-ASCII text: only a surrogate needs a look.
      if (code < Char.HighSurrogateMin || code > Char.SurrogateMax) at++;
      // A well-formed pair stays on the fast path; anything else is decided below.
      else if (code < Char.LowSurrogateMin && (buffer.charCodeAt(at + 1) & 0xfc00) === Char.LowSurrogateMin) at += 2;
      else break;
    } else if (code === Char.Quote) {
      state.value = fresh ? buffer.slice(start, at) : head + buffer.slice(start, at);
      return at + 1;
    } else if (code >= Char.Space && code !== Char.Backslash) {
      at++;
    } else {
      break;
    }
  }
  return scanEscaped(state, buffer, at, end, final, fresh, at === start ? head : head + buffer.slice(start, at));
}

/**
 * The general path: escapes, surrogates, control characters and buffer ends. Decoded text is
 * `head` followed by the pending units (`state.units[0..count)`), both kept across buffers. An
 * escape that lies wholly in the buffer is decoded at once; one cut by the buffer's end is carried
 * in `state.step`/`state.sum` and finished one character at a time, with the same verdicts.
 */
function scanEscaped(state: JsonState, buffer: string, at: number, end: number, final: boolean, fresh: boolean, head: string): number {
  const depth = state.token === Token.Name ? state.depth - 1 : state.depth;
  const base = state.base;
  const units = state.units;
  // A fresh string starts clean; the fields hold a resumed string's progress (or another token's).
  let count = fresh ? 0 : state.count;
  let escape = fresh ? 0 : state.step;
  let unit = state.sum;
  let high = fresh ? false : state.high;
  for (;;) {
    if (escape === 0 && !high) {
      // The common units: plain runs and whole escapes that are not surrogates.
      while (at < end) {
        let code = buffer.charCodeAt(at);
        if (code === Char.Backslash) {
          const letter = buffer.charCodeAt(at + 1);
          if (letter === Char.LowerU) {
            if (at + 6 > end) break;
            code =
              (hexDigit(buffer.charCodeAt(at + 2)) << 12) |
              (hexDigit(buffer.charCodeAt(at + 3)) << 8) |
              (hexDigit(buffer.charCodeAt(at + 4)) << 4) |
              hexDigit(buffer.charCodeAt(at + 5));
            if (code < 0 || (code >= Char.HighSurrogateMin && code <= Char.SurrogateMax)) break;
            at += 6;
          } else {
            code = simpleEscape(letter);
            if (code < 0) break;
            at += 2;
          }
          units[count++] = code;
        } else if (code >= Char.Space && code !== Char.Quote && (code < Char.HighSurrogateMin || code > Char.SurrogateMax)) {
          const run = at;
          do code = buffer.charCodeAt(++at);
          while (code >= Char.Space && code !== Char.Quote && code !== Char.Backslash && (code < Char.HighSurrogateMin || code > Char.SurrogateMax));
          if (at - run >= LONG_RUN) {
            if (count !== 0) head += decode(units, count);
            count = 0;
            head += buffer.slice(run, at);
          } else {
            for (let i = run; i < at; i++) units[count++] = buffer.charCodeAt(i);
          }
        } else {
          break;
        }
        if (count >= BATCH) {
          head += decode(units, count);
          count = 0;
        }
      }
    }
    // Everything else, one unit at a time: the end of the string or buffer, surrogates, escapes
    // cut by the buffer's end, and violations.
    if (at >= end) {
      if (!final) {
        state.text = head;
        state.count = count;
        state.step = escape;
        state.sum = unit;
        state.high = high;
        return NEED_MORE;
      }
      if (escape === 1) return failJson(state, buffer, 'INVALID_JSON', state.escapeStart, base + at, depth, 'invalid escape "\\\\"');
      if (escape > 1) return failJson(state, buffer, 'INVALID_JSON', base + at, base + at, depth, 'a \\u escape needs four hex digits');
      return failJson(state, buffer, 'INVALID_JSON', state.tokenStart, base + at, depth, 'unterminated string');
    }
    let code = buffer.charCodeAt(at);
    if (escape === 0) {
      if (code === Char.Backslash) {
        // Cut by the buffer's end, invalid, or a surrogate: decided one character at a time.
        escape = 1;
        state.escapeStart = base + at;
        at++;
        continue;
      } else if (code === Char.Quote && !high) {
        state.value = head + decode(units, count);
        return at + 1;
      } else if (code < Char.Space) {
        const hex = code.toString(16).padStart(4, '0');
        return failJson(state, buffer, 'INVALID_JSON', base + at, base + at + 1, depth, `unescaped control character U+${hex} in a string`);
      } else {
        at++;
      }
    } else if (escape === 1) {
      code = simpleEscape(code);
      if (code >= 0) {
        escape = 0;
        at++;
      } else if (buffer.charCodeAt(at) === Char.LowerU) {
        escape = 2;
        unit = 0;
        at++;
        continue;
      } else {
        const shown = excerpt('\\' + buffer.charAt(at));
        return failJson(state, buffer, 'INVALID_JSON', state.escapeStart, base + at + 1, depth, `invalid escape "${shown}"`);
      }
    } else {
      const digit = hexDigit(code);
      if (digit < 0) return failJson(state, buffer, 'INVALID_JSON', base + at, base + at + 1, depth, 'a \\u escape needs four hex digits');
      unit = unit * 16 + digit;
      at++;
      if (++escape < 6) continue;
      escape = 0;
      code = unit;
    }
    // The unit (raw or escaped) ends at `at`. I-JSON: only valid Unicode, so a surrogate must pair.
    if (high) {
      if (code < Char.LowSurrogateMin || code > Char.SurrogateMax) return loneSurrogate(state, buffer, base + at, depth);
      high = false;
    } else if (code >= Char.HighSurrogateMin && code <= Char.SurrogateMax) {
      if (code >= Char.LowSurrogateMin) return loneSurrogate(state, buffer, base + at, depth);
      high = true;
    }
    units[count++] = code;
  }
}

function loneSurrogate(state: JsonState, buffer: string, end: number, depth: number): -1 {
  return failJson(state, buffer, 'LONE_SURROGATE', state.tokenStart, end, depth, 'a string holds an unpaired UTF-16 surrogate');
}

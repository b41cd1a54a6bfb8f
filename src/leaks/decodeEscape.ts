/** A decoded escape: the text it spells and where it ends in the source. */
export interface DecodedEscape {
  readonly text: string;
  readonly end: number;
}

/** How many percent escapes deep a `%25` is read again (`%2567` is `%67` is `g`). */
const MAX_NESTING = 4;

const hexValue = (code: number) =>
  code >= 0x30 && code <= 0x39
    ? code - 0x30
    : (code | 0x20) >= 0x61 && (code | 0x20) <= 0x66
      ? (code | 0x20) - 0x57
      : -1;

/** A hex digit, either case (NaN, past the end, is none). */
export const isHex = (code: number): boolean => hexValue(code) >= 0;

/** `[!-/:-@[-\`{-~]`: what a Markdown backslash escapes (NaN, past the end, is none). */
export const isEscapable = (code: number): boolean =>
  (code >= 0x21 && code <= 0x2f) ||
  (code >= 0x3a && code <= 0x40) ||
  (code >= 0x5b && code <= 0x60) ||
  (code >= 0x7b && code <= 0x7e);

/** The value of the `digits` hex digits from `at`, or -1. */
function hexAt(source: string, at: number, digits: number, limit: number): number {
  if (at + digits > limit) return -1;
  let value = 0;
  for (let k = 0; k < digits; k++) {
    const digit = hexValue(source.charCodeAt(at + k));
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}

/**
 * The escape a backslash at `at` starts, written as text: `\x67`, `\u0067`, `\u{1F600}` (a
 * surrogate pair written as two `\u` escapes is one character). Undefined when none starts there.
 */
export function decodeTextEscape(
  source: string,
  at: number,
  limit: number,
): DecodedEscape | undefined {
  const kind = source.charCodeAt(at + 1);
  if (kind === 0x78) {
    const value = hexAt(source, at + 2, 2, limit);
    return value < 0 ? undefined : { text: String.fromCharCode(value), end: at + 4 };
  }
  if (kind !== 0x75) return undefined;
  if (source.charCodeAt(at + 2) === 0x7b) {
    const close = source.indexOf('}', at + 3);
    if (close < 0 || close > limit || close - at - 3 < 1 || close - at - 3 > 6) return undefined;
    const value = hexAt(source, at + 3, close - at - 3, limit);
    if (value < 0 || value > 0x10ffff) return undefined;
    return { text: String.fromCodePoint(value), end: close + 1 };
  }
  const value = hexAt(source, at + 2, 4, limit);
  if (value < 0) return undefined;
  if (value >= 0xd800 && value <= 0xdbff && source.startsWith('\\u', at + 6)) {
    const low = hexAt(source, at + 8, 4, limit);
    if (low >= 0xdc00 && low <= 0xdfff)
      return { text: String.fromCharCode(value, low), end: at + 12 };
  }
  return { text: String.fromCharCode(value), end: at + 6 };
}

/** True when a backslash at `at` starts an escape `decodeTextEscape` reads. */
export function startsTextEscape(source: string, at: number, limit: number): boolean {
  const kind = source.charCodeAt(at + 1);
  if (kind === 0x78) return hexAt(source, at + 2, 2, limit) >= 0;
  if (kind !== 0x75) return false;
  return source.charCodeAt(at + 2) === 0x7b
    ? hexValue(source.charCodeAt(at + 3)) >= 0
    : hexAt(source, at + 2, 4, limit) >= 0;
}

/**
 * The character one byte-escaped UTF-8 sequence from `at` spells, and where it ends: percent
 * escapes (`%41`, `%E2%80%8B`, and `%25` read again when hex digits follow it, up to four deep:
 * `%2567`), or quoted-printable ones with `marker` `=` (`=5F`, `=E2=80=8B`). Undefined when the
 * bytes are no valid UTF-8 character. One character at a time, so an invalid byte costs its own
 * three characters, never a rescan of the run.
 */
export function decodeByteEscape(
  source: string,
  at: number,
  limit: number,
  marker: number,
): DecodedEscape | undefined {
  let end = at;
  const byte = (k: number) => {
    if (k >= limit || source.charCodeAt(k) !== marker) return -1;
    let value = hexAt(source, k + 1, 2, limit);
    end = k + 3;
    // `%25` then two hex digits is a percent escape written percent-encoded.
    for (let depth = 1; marker === 0x25 && value === 0x25 && depth < MAX_NESTING; depth++) {
      const inner = hexAt(source, end, 2, limit);
      if (inner < 0) break;
      value = inner;
      end += 2;
    }
    return value;
  };
  const lead = byte(at);
  if (lead < 0) return undefined;
  const length =
    lead < 0x80
      ? 1
      : lead >= 0xc2 && lead < 0xe0
        ? 2
        : lead >= 0xe0 && lead < 0xf0
          ? 3
          : lead >= 0xf0 && lead < 0xf5
            ? 4
            : 0;
  if (length === 0) return undefined;
  let code = length === 1 ? lead : lead & (0xff >> (length + 1));
  for (let k = 1; k < length; k++) {
    const next = byte(end);
    if (next < 0x80 || next > 0xbf) return undefined;
    code = (code << 6) | (next & 0x3f);
  }
  const overlong =
    (length === 3 && code < 0x800) || (length === 4 && (code < 0x10000 || code > 0x10ffff));
  if (overlong || (code >= 0xd800 && code <= 0xdfff)) return undefined;
  return { text: String.fromCodePoint(code), end };
}

/**
 * True when `=` at `at` is quoted-printable as a mail writes it: a soft line break (`=` at a line
 * end), or an escape of what quoted-printable encodes — punctuation, a space, or the bytes of a
 * character beyond ASCII (`=5F`, `=3D`, `=C3=A9`); never a letter or a digit, which it writes as
 * themselves (`key=ABCD` and `n=42` are assignments).
 */
export function quotedPrintableAt(source: string, at: number, limit: number): boolean {
  const next = source.charCodeAt(at + 1);
  if (next === 0x0a || (next === 0x0d && source.charCodeAt(at + 2) === 0x0a)) return true;
  const value = hexAt(source, at + 1, 2, limit);
  if (value < 0) return false;
  if (value >= 0x80) return decodeByteEscape(source, at, limit, 0x3d) !== undefined;
  return value === 0x20 || isEscapable(value); // a space or punctuation
}

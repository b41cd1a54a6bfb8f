import { hexText } from './decodeTokenRun';
import { isHex } from './decodeEscape';
import { decodeQuotedPrintable, isBlank } from './quotedPrintable';
import { isSpaceOrNbsp as isSeparator } from './tokenChars';
import { type Offsets, push } from './passOutput';

/** How a run of short units is written: the first pass reports `[start, end, kind]`. */
export const enum Separated {
  /** Every character spaced out: `g h p _ a B 3 …`. */
  Characters = 1,
  /** Hex bytes spaced out: `67 68 70 5f …`. */
  Bytes = 2,
  /** A list of hex bytes: `0x67, 0x68, …` (commas or semicolons, spaces). */
  HexList = 3,
  /** Quoted-printable (`quotedPrintable.ts`): `github=5Fpat=5F…=` and soft line breaks. */
  QuotedPrintable = 4,
}

/** Units in a row a run needs to be read: a short secret (a 16-character key, 12 bytes). */
const MIN_CHARACTERS = 16;
const MIN_BYTES = 12;

/**
 * A printable character that can be a unit: not a blank, a control or a line or paragraph
 * separator (one ends what a reader reads as one text: a stream's strings are kept apart by one).
 */
const isUnit = (code: number) => !isBlank(code);
const isHexByte = (text: string, at: number) =>
  isHex(text.charCodeAt(at)) && isHex(text.charCodeAt(at + 1));
const isHexUnit = (text: string, at: number) =>
  text.charCodeAt(at) === 0x30 &&
  (text.charCodeAt(at + 1) | 0x20) === 0x78 &&
  isHexByte(text, at + 2);

/**
 * The run of short separated units around `at` (a sampled position of the first pass), if one
 * starts there: characters spaced out, hex bytes spaced out, or a list of `0x` bytes. Appends
 * `[start, end, kind]` to `lists` and returns where the run ends; otherwise returns `at`. Reads a
 * few characters unless a run is there, then the run once.
 */
export function separatedRunAt(text: string, at: number, lists: Offsets): number {
  const n = text.length;
  // The sample may fall on a separator (or a list's comma): the unit is next.
  let p = at;
  while (p < at + 3 && p < n && !isUnit(text.charCodeAt(p))) p++;
  if (p === n || !isUnit(text.charCodeAt(p))) return at;
  let start = p;
  while (start > 0 && isUnit(text.charCodeAt(start - 1)) && p - start < 6) start--;
  let end = p + 1;
  while (end < n && isUnit(text.charCodeAt(end)) && end - start < 7) end++;
  const length = end - start;
  let kind = 0;
  if (length === 1 && isSeparator(text.charCodeAt(end)) && isUnit(text.charCodeAt(end + 1)))
    kind = Separated.Characters;
  else if (length === 2 && isHexByte(text, start) && isSeparator(text.charCodeAt(end)))
    kind = isHexByte(text, end + 1) ? Separated.Bytes : 0;
  else if (length >= 4 && isHexUnit(text, start)) kind = Separated.HexList;
  if (kind === 0) return at;
  const [from, to, units] =
    kind === Separated.Characters
      ? characterRun(text, start)
      : kind === Separated.Bytes
        ? byteRun(text, start)
        : hexListRun(text, start);
  if (units < (kind === Separated.Characters ? MIN_CHARACTERS : MIN_BYTES)) return at;
  push(lists, from);
  push(lists, to);
  push(lists, kind);
  return to;
}

/** Single characters each followed by one separator, around the one at `at`: `[from, to, count]`. */
function characterRun(text: string, at: number): [number, number, number] {
  const single = (k: number) =>
    isUnit(text.charCodeAt(k)) &&
    !isUnit(text.charCodeAt(k - 1)) &&
    !isUnit(text.charCodeAt(k + 1));
  let from = at;
  while (from >= 2 && isSeparator(text.charCodeAt(from - 1)) && single(from - 2)) from -= 2;
  let to = at + 1;
  while (isSeparator(text.charCodeAt(to)) && single(to + 1)) to += 2;
  return [from, to, (to - from + 1) >> 1];
}

/** Two hex digits each followed by one separator, around the byte at `at`. */
function byteRun(text: string, at: number): [number, number, number] {
  const byte = (k: number) =>
    isHexByte(text, k) && !isUnit(text.charCodeAt(k - 1)) && !isUnit(text.charCodeAt(k + 2));
  let from = at;
  while (from >= 3 && isSeparator(text.charCodeAt(from - 1)) && byte(from - 3)) from -= 3;
  let to = at + 2;
  while (isSeparator(text.charCodeAt(to)) && byte(to + 1)) to += 3;
  return [from, to, (to - from + 1) / 3];
}

/** `0x` bytes separated by a comma or a semicolon and blanks, or blanks alone, from the one at `at` back and on. */
function hexListRun(text: string, at: number): [number, number, number] {
  // A separator: `,` or `;` then blanks, or blanks alone (at most 3 characters).
  const gapAfter = (k: number) => {
    let g = k;
    const code = text.charCodeAt(g);
    if (code === 0x2c || code === 0x3b) g++;
    while (g - k < 3 && isSeparator(text.charCodeAt(g))) g++;
    return g > k ? g : -1;
  };
  let from = at;
  let units = 1;
  // Backwards: a unit ends 1-3 characters before, and the gap after it reaches `from`.
  for (;;) {
    let found = -1;
    for (let back = 5; back <= 7 && found < 0; back++) {
      const k = from - back;
      if (k >= 0 && isHexUnit(text, k) && gapAfter(k + 4) === from) found = k;
    }
    if (found < 0) break;
    from = found;
    units++;
  }
  let to = at + 4;
  for (;;) {
    const next = gapAfter(to);
    if (next < 0 || !isHexUnit(text, next) || isHex(text.charCodeAt(next + 4))) break;
    to = next + 4;
    units++;
  }
  return [from, to, units];
}

/** The text a separated run spells, or undefined when it is no text. */
export function decodeSeparated(
  text: string,
  from: number,
  to: number,
  kind: number,
): string | undefined {
  if (kind === Separated.QuotedPrintable) return decodeQuotedPrintable(text, from, to);
  if (kind === Separated.Characters) {
    let out = '';
    for (let k = from; k < to; k += 2) out += text[k];
    return out;
  }
  let hex = '';
  if (kind === Separated.Bytes) for (let k = from; k < to; k += 3) hex += text.slice(k, k + 2);
  else
    for (let k = from; k < to; k++)
      if (isHexUnit(text, k)) {
        hex += text.slice(k + 2, k + 4);
        k += 3;
      }
  return hexText(hex, 0);
}

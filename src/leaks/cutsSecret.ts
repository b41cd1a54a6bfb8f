import { isTokenChar, isVowel, lowerCaseWord } from './tokenChars';

// What secrets (keys, tokens, URLs with credentials, JWTs, PEM bodies) are written with: 128 and
// up for a token character (`isTokenChar`), 64 and up for the rest. (Not `*`, `#` or `!`:
// Markdown's markers and punctuation run into a line's last word.) The low bits are what
// `randomLooking` reads (capitals, small letters, then signs: digits and `+/=_:@`, in order).
const SIGN = 1;
const UPPER = 2;
const LOWER = 4;
const SECRET = /* @__PURE__ */ (() => {
  const table = new Uint8Array(128);
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=_:@.?%&~$-';
  for (let i = 0; i < chars.length; i++) {
    const code = chars.charCodeAt(i);
    table[code] =
      (isTokenChar(code) ? 128 : 64) | (i < 26 ? UPPER : i < 52 ? LOWER : i < 68 ? SIGN : 0);
  }
  return table;
})();

/** What the table says of a code unit (0: no secret character). */
const classOf = (code: number): number => (code < 0x80 ? SECRET[code]! : 0);

/** True when a code unit is one secrets are written with (a key, a URL with credentials, a JWT). */
export const isSecretChar = (code: number): boolean => code < 0x80 && SECRET[code]! > 0;

/** `isTokenChar` by the table: one load, not a chain of ranges (the runs' sampling reads many). */
export const isTokenUnit = (code: number): boolean => code < 0x80 && SECRET[code]! > 127;

/** A seam inside a run of secret characters this long (both sides together) may cut a secret. */
const MIN_CUT_RUN = 12;
/** …of which the side before it holds at least this many. */
export const MIN_CUT_TAIL = 6;

/**
 * True when the seam between `[lastFrom, lastTo)` and `[from, to)` (a line end, a space, a table
 * cell's edge) cuts a random-looking run of secret characters (both sides' parts of it
 * together). `inBlock`: the first side is a line of a hard-wrapped block, which counts however
 * short its secret part is when it is all secret characters.
 */
export function cutsSecret(
  text: string,
  lastFrom: number,
  lastTo: number,
  from: number,
  to: number,
  inBlock: boolean,
): boolean {
  let head = from;
  while (head < to && head - from < 64 && isSecretChar(text.charCodeAt(head))) head++;
  // The next line goes on with a secret when it starts like one; after a random-looking end
  // (a URL, a key) it may also start with anything but a plain word (`share`, `for`) or a bare
  // number (a count, an id). A plain word (or nothing) never goes on: read before the first
  // side, which short lines after a URL would otherwise read whole.
  // A line of one or two characters alone, one letter or no vowel (`u`, `df`, `CL`, `5`), is
  // no word: after a random-looking end it is the key's last piece, however short.
  const lone =
    head === to && head - from <= MAX_LONE && (head - from === 1 || !vowel(text, from, head));
  if (!lone && lowerCaseWord(text, from, head)) return false;
  // Read back, the run answers yes once the part read is long enough for both tests below and
  // random-looking (so is the whole run then): a URL's last 6 characters, not its 23. Read
  // backwards, a small letter before a capital is a sign too (as `randomLooking` reads it).
  const need = lone ? MIN_CUT_TAIL : Math.max(MIN_CUT_TAIL, MIN_CUT_RUN - head + from);
  const tailEnd = lastTo - lastFrom > 64 ? lastTo - 64 : lastFrom;
  const early = lastTo - need;
  let tail = lastTo;
  let random = 0;
  for (let next = 0, c; tail > tailEnd && (c = classOf(text.charCodeAt(tail - 1))); next = c) {
    random |= c & (SIGN | ((next << 1) & LOWER));
    if (--tail <= early && random) return true;
  }
  // In a block, a last line all of secret characters counts however narrow the block is.
  if (lastTo - tail < MIN_CUT_TAIL && !(inBlock && tail === lastFrom)) return false;
  if (!lone && lastTo - tail + head - from < MIN_CUT_RUN) return false;
  return random !== 0 || randomLooking(text, from, head, true);
}

/** A lone line this short may be a key's last piece ({@link cutsSecret}). */
const MAX_LONE = 2;

/** True when `[from, to)` has a vowel (`y` counts). */
function vowel(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (isVowel(text.charCodeAt(i))) return true;
  return false;
}

/**
 * True when `[from, to)` has a digit, a lower-case letter followed by a capital, or one of
 * `_+/=:@` (with `letter`, only if it has a letter too): a key, not a word. No copy of the text.
 */
export function randomLooking(text: string, from: number, to: number, letter: boolean): boolean {
  const need = letter ? UPPER | LOWER : 255;
  for (let i = from, last = 0, any = 0, c; i < to; i++, last = c) {
    c = classOf(text.charCodeAt(i));
    any |= c | (last & (c << 1) & LOWER ? SIGN : 0);
    if (any & SIGN && any & need) return true; // read no further (a keyword's long run)
  }
  return false;
}

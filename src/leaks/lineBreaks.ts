import { type Offsets, push } from './passOutput';

/** Lines of one width at least this wide, one after another, are a hard-wrapped block. */
const MIN_WRAP_WIDTH = 4;
/** A line end inside a run of secret characters this long (both lines together) may cut a secret. */
const MIN_CUT_RUN = 12;
/** …of which the end of the first line holds at least this many. */
const MIN_CUT_TAIL = 6;

/** The lines a pass has gone by: where the current one starts, and the content of the last. */
export interface Lines {
  start: number;
  /** The last line's content `[from, to)`, after its markers, before a hard break. */
  from: number;
  to: number;
  /** The width of the last line (markers included), and of the one before it (-1: none). */
  width: number;
  widthBefore: number;
  /** The length of the last line's markers. */
  indent: number;
}

/** Lines state for a new text. */
export function startLines(lines: Lines): void {
  lines.start = 0;
  lines.from = 0;
  lines.to = 0;
  lines.width = -1;
  lines.widthBefore = -1;
  lines.indent = 0;
}

// What secrets (keys, tokens, URLs with credentials, JWTs, PEM bodies) are written with. (Not
// `*`, `#` or `!`: Markdown's markers and punctuation run into a line's last word.)
const SECRET = /* @__PURE__ */ (() => {
  const table = new Uint8Array(128);
  for (const char of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=_.:@?%&~$-')
    table[char.charCodeAt(0)] = 1;
  return table;
})();
const isSecretChar = (code: number) => code < 0x80 && SECRET[code] === 1;
const isBlank = (code: number) => code === 0x20 || code === 0x09;
const isDigit = (code: number) => code >= 0x30 && code <= 0x39;

/**
 * At the end (`at`) of a line, decides whether the break before it may wrap a secret and
 * records it in `breaks` as `[end of the last line's content, start of this one's)`: the markers
 * a reader skips (indentation, `>` quotes, list markers, a hard break's spaces or backslash) go
 * with it. A break is kept inside a hard-wrapped block (two lines of one width, and the shorter
 * line that ends the block: a secret cut every N characters, at any N), or where it cuts a run
 * of secret characters that looks random (a key, a URL, a JWT cut once).
 */
export function lineEnd(text: string, at: number, lines: Lines, breaks: Offsets): void {
  const start = lines.start;
  lines.start = at + 1;
  const from = contentStart(text, start, at);
  const end = at > from && text.charCodeAt(at - 1) === 0x0d ? at - 1 : at;
  let to = end;
  if (to > from && text.charCodeAt(to - 1) === 0x5c) to--;
  let spaces = 0;
  while (to - spaces > from && spaces < 4 && isBlank(text.charCodeAt(to - spaces - 1))) spaces++;
  if (spaces >= 2 || spaces === to - from) to -= spaces; // a Markdown hard break, or a blank line
  const width = end - start; // a wrapped block repeats its markers on every line
  const lastFrom = lines.from;
  const lastTo = lines.to;
  const lastWidth = lines.width;
  if (lastTo > lastFrom && to > from) {
    // The last line of a block is shorter: it goes on only where it continues a secret, so a
    // word after a key that fills its last line exactly is not glued to it.
    const inBlock = lastWidth >= MIN_WRAP_WIDTH && lines.widthBefore === lastWidth;
    if (
      (lastWidth >= MIN_WRAP_WIDTH && width === lastWidth && from - start === lines.indent) ||
      cutsSecret(text, lastFrom, lastTo, from, to, inBlock)
    ) {
      push(breaks, lastTo);
      push(breaks, from);
    }
  }
  lines.widthBefore = to > from ? lastWidth : -1;
  lines.from = from;
  lines.to = to;
  lines.width = to > from ? width : -1;
  lines.indent = from - start;
}

/**
 * Where the content of the line `[start, at)` starts: after indentation and quote markers (up to
 * 12 characters), then a list marker (`-`, `*`, `+` or up to three digits and `.` or `)`, then
 * blanks) read within its first 8 characters. Read by code unit: no copy per line.
 */
function contentStart(text: string, start: number, at: number): number {
  let from = start;
  while (from < at && from - start < 12) {
    const code = text.charCodeAt(from);
    if (!isBlank(code) && code !== 0x3e) break;
    from++;
  }
  const limit = Math.min(at, from + 8);
  const first = text.charCodeAt(from);
  let listEnd = from;
  if (first === 0x2d || first === 0x2a || first === 0x2b) listEnd = from + 1;
  else {
    let digits = from;
    while (digits < limit && digits - from < 3 && isDigit(text.charCodeAt(digits))) digits++;
    const close = text.charCodeAt(digits);
    if (digits > from && digits < limit && (close === 0x2e || close === 0x29)) listEnd = digits + 1;
  }
  if (listEnd === from || listEnd >= limit) return from;
  let blanks = listEnd;
  while (blanks < limit && isBlank(text.charCodeAt(blanks))) blanks++;
  return blanks > listEnd ? blanks : from;
}

/**
 * True when the line end between `[lastFrom, lastTo)` and `[from, to)` cuts a random-looking run
 * of secret characters (both lines' parts of it together).
 */
function cutsSecret(
  text: string,
  lastFrom: number,
  lastTo: number,
  from: number,
  to: number,
  inBlock: boolean,
): boolean {
  let tail = lastTo;
  while (tail > lastFrom && lastTo - tail < 64 && isSecretChar(text.charCodeAt(tail - 1))) tail--;
  // In a block, a last line all of secret characters counts however narrow the block is.
  if (lastTo - tail < MIN_CUT_TAIL && !(inBlock && tail === lastFrom)) return false;
  let head = from;
  while (head < to && head - from < 64 && isSecretChar(text.charCodeAt(head))) head++;
  if (head === from || lastTo - tail + head - from < MIN_CUT_RUN) return false;
  // The next line goes on with a secret when it starts like one; after a random-looking end
  // (a URL, a key) it may also start with anything but a plain word (`share`, `for`) or a bare
  // number (a count, an id).
  if (randomLooking(text, from, head, true)) return true;
  return randomLooking(text, tail, lastTo, false) && !plainWord(text, from, head);
}

/** True when `[from, to)` is lower-case letters only. */
function plainWord(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x61 || code > 0x7a) return false;
  }
  return true;
}

/**
 * True when `[from, to)` has a digit, a lower-case letter followed by a capital, or one of
 * `_+/=:@` (with `letter`, only if it has a letter too): a key, not a word. No copy of the text.
 */
function randomLooking(text: string, from: number, to: number, letter: boolean): boolean {
  let random = false;
  let hasLetter = false;
  let lower = false;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    const isLower = code >= 0x61 && code <= 0x7a;
    const isUpper = code >= 0x41 && code <= 0x5a;
    if (isLower || isUpper) hasLetter = true;
    if (
      isDigit(code) ||
      (lower && isUpper) ||
      code === 0x5f ||
      code === 0x2b ||
      code === 0x2f ||
      code === 0x3d ||
      code === 0x3a ||
      code === 0x40
    )
      random = true;
    lower = isLower;
    if (random && (hasLetter || !letter)) return true;
  }
  return false;
}

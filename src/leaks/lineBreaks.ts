import { pairedUnit } from './pairedUnit';
import { type Offsets, push } from './passOutput';

/** Lines of one width at least this wide, one after another, are a hard-wrapped block. */
const MIN_WRAP_WIDTH = 4;
/** A line end inside a run of secret characters this long (both lines together) may cut a secret. */
const MIN_CUT_RUN = 12;
/** …of which the end of the first line holds at least this many. */
const MIN_CUT_TAIL = 6;

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
const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * The line breaks of `text` that may wrap a secret, as pairs `[end of a line's content, start
 * of the next one's)` in `breaks`: the markers a reader skips (indentation, `>` quotes, list
 * markers, a hard break's spaces or backslash) go with the break. A break is kept inside a
 * hard-wrapped block (two lines of one width, and the shorter line that ends the block: a secret
 * cut every N characters, at any N), or where it cuts a run of secret characters that looks
 * random (a key, a URL, a JWT cut once). Each break is decided at the end of the line after it,
 * from that line and the two before; a cheap look at their widths and at the first line's end
 * rules out most breaks before any line is read in full.
 */
export function lineBreaks(text: string, breaks: Offsets): void {
  const n = text.length;
  // The two lines before the current one, as written: [start, end) (start -1: none).
  let wStart = -1;
  let wEnd = -1;
  let xStart = -1;
  let xEnd = -1;
  let start = 0;
  let at = text.indexOf('\n');
  for (;;) {
    // The unit after a lone high surrogate is read with it: no line ends there.
    if (at > 0 && isHigh(text.charCodeAt(at - 1)) && pairedUnit(text, at)) {
      at = text.indexOf('\n', at + 1);
      continue;
    }
    const end = at === -1 ? n : at;
    if (xStart >= 0) {
      const width = end - start;
      const last = xEnd - xStart;
      if (
        (cutMayFollow(text, start, end) && endsInSecret(text, xStart, xEnd)) ||
        (last >= MIN_WRAP_WIDTH &&
          (Math.abs(width - last) <= 1 || (wStart >= 0 && Math.abs(last - (wEnd - wStart)) <= 1)))
      )
        decide(text, wStart, wEnd, xStart, xEnd, start, end, breaks);
    }
    wStart = xStart;
    wEnd = xEnd;
    xStart = start;
    xEnd = end;
    if (at === -1) return;
    start = at + 1;
    at = text.indexOf('\n', start);
  }
}

/** At least `MIN_CUT_TAIL` secret characters end the line `[start, end)` (before a CR, a backslash, blanks). */
function endsInSecret(text: string, start: number, end: number): boolean {
  let to = end;
  if (to > start && text.charCodeAt(to - 1) === 0x0d) to--;
  if (to > start && text.charCodeAt(to - 1) === 0x5c) to--;
  while (to > start && isBlank(text.charCodeAt(to - 1))) to--;
  if (to - start < MIN_CUT_TAIL) return false;
  for (let i = to - MIN_CUT_TAIL; i < to; i++) if (!isSecretChar(text.charCodeAt(i))) return false;
  return true;
}

/** The line `[start, end)` may start with a secret character (after its quote and list markers). */
function cutMayFollow(text: string, start: number, end: number): boolean {
  let i = start;
  while (i < end && i - start <= 12) {
    const code = text.charCodeAt(i);
    if (!isBlank(code) && code !== 0x3e) break;
    i++;
  }
  const code = text.charCodeAt(i);
  // A list marker (`*`, `+`) and blanks may come first.
  return (
    isSecretChar(code) || ((code === 0x2a || code === 0x2b) && isBlank(text.charCodeAt(i + 1)))
  );
}

// One line as the break decision reads it (scratch: no object per line).
let lineFrom = 0;
let lineTo = 0;
let lineEndAt = 0;

/** Reads the line `[start, at)`: its content `[lineFrom, lineTo)` and its end before a CR. */
function readLine(text: string, start: number, at: number): void {
  const from = contentStart(text, start, at);
  const end = at > from && text.charCodeAt(at - 1) === 0x0d ? at - 1 : at;
  let to = end;
  if (to > from && text.charCodeAt(to - 1) === 0x5c) to--;
  let spaces = 0;
  while (to - spaces > from && spaces < 4 && isBlank(text.charCodeAt(to - spaces - 1))) spaces++;
  if (spaces >= 2 || spaces === to - from) to -= spaces; // a Markdown hard break, or a blank line
  lineFrom = from;
  lineTo = to;
  lineEndAt = end;
}

/**
 * Decides the break between the lines X `[xStart, xEnd)` and Y `[yStart, yEnd)` (W, the line
 * before X, tells whether X is inside a block).
 */
function decide(
  text: string,
  wStart: number,
  wEnd: number,
  xStart: number,
  xEnd: number,
  yStart: number,
  yEnd: number,
  breaks: Offsets,
): void {
  readLine(text, yStart, yEnd);
  const from = lineFrom;
  const to = lineTo;
  const width = lineEndAt - yStart; // a wrapped block repeats its markers on every line
  readLine(text, xStart, xEnd);
  const lastFrom = lineFrom;
  const lastTo = lineTo;
  if (!(lastTo > lastFrom && to > from)) return;
  const lastWidth = lineEndAt - xStart;
  let widthBefore = -1;
  if (wStart >= 0) {
    readLine(text, wStart, wEnd);
    if (lineTo > lineFrom) widthBefore = lineEndAt - wStart;
  }
  // The last line of a block is shorter: it goes on only where it continues a secret, so a
  // word after a key that fills its last line exactly is not glued to it.
  const inBlock = lastWidth >= MIN_WRAP_WIDTH && widthBefore === lastWidth;
  if (
    (lastWidth >= MIN_WRAP_WIDTH && width === lastWidth && from - yStart === lastFrom - xStart) ||
    cutsSecret(text, lastFrom, lastTo, from, to, inBlock)
  ) {
    push(breaks, lastTo);
    push(breaks, from);
  }
}

/**
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

import { cutsSecret, isSecretChar, MIN_CUT_TAIL } from './cutsSecret';
import { isHigh, pairedUnit } from './pairedUnit';
import { type Offsets, push } from './passOutput';
import { isDigit, isLower, isSpaceOrTab as isBlank } from './tokenChars';

/** Lines of one width at least this wide, one after another, are a hard-wrapped block. */
const MIN_WRAP_WIDTH = 4;

/**
 * The line breaks of `text` that may wrap a secret, as pairs `[end of a line's content, start
 * of the next one's)` in `breaks`: the markers a reader skips (indentation, `>` quotes, list
 * markers, a hard break's spaces or backslash, blank lines between) go with the break. A break
 * is kept inside a hard-wrapped block (two lines of one width, and the shorter line that ends the
 * block: a secret cut every N characters, at any N), or where it cuts a run of secret characters
 * that looks random (a key, a URL, a JWT cut once). Lines end at a line feed, and at a carriage
 * return, a line separator or a paragraph separator (`others`, in order: the first pass found
 * them); two paragraph separators in a row end a text (two strings of a value kept apart, see
 * textStream.ts): no break joins across them. Each break is decided at the end of the line after
 * it, from that line and the two before; a cheap look at their widths and at the first line's
 * end rules out most breaks before any line is read in full.
 */
export function lineBreaks(text: string, breaks: Offsets, others: Offsets): void {
  const n = text.length;
  // The two lines with content before the current one, as written: [start, end) (-1: none).
  let wStart = -1;
  let wEnd = -1;
  let xStart = -1;
  let xEnd = -1;
  let start = 0;
  // Blank lines before the current line, and before the last one (`xGap`): a block wrapped with
  // blank lines has them between every two lines, so a blank after lines read one after another
  // ends that block (a paragraph after it is no part of its key).
  let gap = false;
  let xGap = false;
  const list = others.list;
  const count = others.length;
  let other = 0;
  let feed = text.indexOf('\n');
  for (;;) {
    const next = other < count ? list[other]! : -1;
    const at = feed === -1 || (next !== -1 && next < feed) ? next : feed;
    let barrier = false; // (a line feed is none)
    if (at === next && at !== -1) {
      other++;
      barrier = text.charCodeAt(at) === 0x2029 && text.charCodeAt(at + 1) === 0x2029;
    } else if (at !== -1) feed = text.indexOf('\n', at + 1);
    // The unit after a lone high surrogate is read with it: no line ends there.
    if (at > 0 && isHigh(text.charCodeAt(at - 1)) && pairedUnit(text, at)) continue;
    const end = at === -1 ? n : at;
    if (blank(text, start, end)) gap = xStart >= 0;
    else {
      if (gap && wStart >= 0 && !xGap) wStart = wEnd = xStart = xEnd = -1;
      if (xStart >= 0) {
        const width = end - start;
        const last = xEnd - xStart;
        if (
          (last >= MIN_WRAP_WIDTH &&
            (Math.abs(width - last) <= 1 ||
              (wStart >= 0 && Math.abs(last - (wEnd - wStart)) <= 1))) ||
          (endsInSecret(text, xStart, xEnd) && cutMayFollow(text, start, end))
        )
          decide(text, wStart, wEnd, xStart, xEnd, start, end, breaks, gap);
      }
      wStart = xStart;
      wEnd = xEnd;
      xStart = start;
      xEnd = end;
      xGap = gap;
      gap = false;
    }
    if (at === -1) return;
    start = at + 1;
    if (barrier) {
      // The end of a text: the next line starts a new one.
      wStart = wEnd = xStart = xEnd = -1;
      gap = xGap = false;
      start = at + 2;
      if (other < count && list[other] === at + 1) other++;
    }
  }
}

/** True when the line `[start, end)` is white space only (a blank line between wrapped lines). */
function blank(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code !== 0x20 && code !== 0x09 && code !== 0x0d) return false;
  }
  return true;
}

/**
 * The width of the line `[start, end)` but a carriage return that ends it: as its content is read
 * (`contentEnd`), since a line's content never starts past its CR.
 */
const bare = (text: string, start: number, end: number) =>
  end - start - +(text.charCodeAt(end - 1) === 0x0d);

/** At least `MIN_CUT_TAIL` secret characters end the line `[start, end)` (before a CR, a backslash, blanks). */
function endsInSecret(text: string, start: number, end: number): boolean {
  if (end - start < MIN_CUT_TAIL) return false; // before any read (`url`, `share`)
  // Read past `start` (an empty line), it answers no all the same.
  let to = end;
  if (text.charCodeAt(to - 1) === 0x0d) to--;
  if (text.charCodeAt(to - 1) === 0x5c) to--;
  while (isBlank(text.charCodeAt(to - 1))) to--;
  if (to - start < MIN_CUT_TAIL) return false;
  // Read back: a line's last character is the likeliest to tell (`.`, a space before a number).
  for (let i = to - 1; i >= to - MIN_CUT_TAIL; i--)
    if (!isSecretChar(text.charCodeAt(i))) return false;
  return true;
}

/**
 * The line `[start, end)` may start with a secret character (after its quote and list markers),
 * and not with a plain word (3 lower-case letters or more, then no secret character), before
 * which `cutsSecret` answers no (past 12 markers too: `decide` reads a marker there).
 */
function cutMayFollow(text: string, start: number, end: number): boolean {
  let i = start;
  while (i < end && i - start <= 12) {
    const code = text.charCodeAt(i);
    if (!isBlank(code) && code !== 0x3e) break;
    i++;
  }
  let word = i;
  while (isLower(text.charCodeAt(word))) word++;
  if (word - i > 2 && !isSecretChar(text.charCodeAt(word))) return false;
  const code = text.charCodeAt(i);
  // A list marker (`*`, `+`) and blanks may come first.
  return (
    isSecretChar(code) || ((code === 0x2a || code === 0x2b) && isBlank(text.charCodeAt(i + 1)))
  );
}

/**
 * Where the content `[from, …)` of the line ending at `at` ends: before a CR, a backslash and a
 * hard break's blanks (or a blank line's).
 */
function contentEnd(text: string, from: number, at: number): number {
  let to = at > from && text.charCodeAt(at - 1) === 0x0d ? at - 1 : at;
  if (to > from && text.charCodeAt(to - 1) === 0x5c) to--;
  let spaces = 0;
  while (to - spaces > from && spaces < 4 && isBlank(text.charCodeAt(to - spaces - 1))) spaces++;
  return spaces >= 2 || spaces === to - from ? to - spaces : to;
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
  gapped: boolean,
): void {
  // Each line's content start and end are read apart: the end only when the first test passes.
  const from = contentStart(text, yStart, yEnd);
  const width = bare(text, yStart, yEnd); // a wrapped block repeats its markers on every line
  const lastWidth = bare(text, xStart, xEnd);
  // Neither a block's line (X as wide) nor a cut (what every other test below needs: the next
  // line starts with a secret character): X is not read at all.
  if (!isSecretChar(text.charCodeAt(from)) && width !== lastWidth) return;
  const to = contentEnd(text, from, yEnd);
  const lastFrom = contentStart(text, xStart, xEnd);
  const lastTo = contentEnd(text, lastFrom, xEnd);
  if (!(lastTo > lastFrom && to > from)) return;
  const sameWidth =
    lastWidth >= MIN_WRAP_WIDTH && width === lastWidth && from - yStart === lastFrom - xStart;
  // The last line of a block is shorter: it goes on only where it continues a secret, so a
  // word after a key that fills its last line exactly is not glued to it. W is read only when
  // as wide as X.
  let inBlock = false;
  if (lastWidth >= MIN_WRAP_WIDTH && wStart >= 0 && bare(text, wStart, wEnd) === lastWidth) {
    const wFrom = contentStart(text, wStart, wEnd);
    inBlock = contentEnd(text, wFrom, wEnd) > wFrom;
  }
  if (
    // Across blank lines only a line all of secret characters goes on (a block's line or last
    // piece, or a key cut once): a key and a paragraph after it (`ops_token is…`, or `keep it.`
    // as wide as the key's last piece) are two things.
    gapped
      ? allSecret(text, from, to) &&
        (sameWidth || inBlock || cutsSecret(text, lastFrom, lastTo, from, to, false))
      : sameWidth || cutsSecret(text, lastFrom, lastTo, from, to, inBlock)
  ) {
    push(breaks, lastTo);
    push(breaks, from);
  }
}

/** True when `[from, to)` is secret characters only: a piece of a key, not a sentence. */
function allSecret(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isSecretChar(text.charCodeAt(i))) return false;
  return true;
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

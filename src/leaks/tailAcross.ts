import {
  isDigit,
  isLetter,
  isLower,
  isEdgeMarker as isMarker,
  isSpaceOrTab,
  isTokenChar,
  isVowel,
} from './tokenChars';

/**
 * Where a finding that a scan of the joined text ran across the seams of `joins` (`[start, end)`
 * pairs in order, see textStream.ts) to `end` ends as the reader sees it: before the first seam
 * from `from` on after which the next string does not go on with the key. A key's end is
 * ambiguous where the next string starts with characters of its alphabet: a plain word there
 * (two letters or more, maybe hyphenated, a vowel, no digit, no capital after a small letter:
 * `thanks`, `OK`, `Thanks`) is the reader's word and ends the key; anything else (a digit, a
 * mixed-case run, `_`, a single character, `df`) reads as the key going on, and is masked with
 * it, a letter alone before a word too (`A long note.`): a key whose match ends before the key
 * does (a JWT, a long token) may end in that letter, and a reader cannot tell the two apart. (So
 * a tail of a few letters that happens to read as a word is left: a few characters of a key whose
 * rest is masked.)
 */
export function tailAcross(
  text: string,
  from: number,
  end: number,
  joins: readonly number[],
): number {
  for (let k = firstSeam(joins, from); k < joins.length && joins[k]! < end; k += 2) {
    if (!goesOn(text, joins[k + 1]!, end)) return cutAt(text, from, joins[k]!);
  }
  return end;
}

/**
 * Where a finding a scan of joined lines ran across the breaks of `breaks` (line, space and
 * table breaks within one string, `[start, end)` pairs in order) to `end` ends as the reader
 * sees it: before the first break from `from` on after which a plain word starts a sentence
 * (`Thanks for waiting`, `keep it.`: the word, then a blank or punctuation that ends it). A
 * piece that is one word alone (`Thanks`) is read as the key's last piece, and masked with it.
 */
export function tailWithin(
  text: string,
  from: number,
  end: number,
  breaks: readonly number[],
): number {
  for (let k = firstSeam(breaks, from); k < breaks.length && breaks[k]! < end; k += 2) {
    const next = breaks[k + 1]!;
    if (
      (wordsFollow(text, next) || labelFollows(text, next)) &&
      !insideBlock(text, breaks[k]!, next)
    )
      return cutAt(text, from, breaks[k]!);
  }
  return end;
}

/** Where a finding cut at the seam `seam` ends: before the markers there (down to `from`). */
function cutAt(text: string, from: number, seam: number): number {
  while (seam > from && isMarker(text.charCodeAt(seam - 1))) seam--;
  return seam;
}

/** True when `at` starts a plain word (emphasis markers skipped) that a blank, or punctuation and a blank or line end, ends. */
function wordsFollow(text: string, at: number): boolean {
  let head = at;
  while (isMarker(text.charCodeAt(head))) head++;
  let run = head;
  while (isTokenChar(text.charCodeAt(run))) run++;
  if (!plainWord(text, head, run)) return false; // none at all: no word either
  const code = text.charCodeAt(run);
  if (isSpaceOrTab(code)) return true;
  if (!PUNCTUATION.has(code)) return false;
  return isBlankCode(text.charCodeAt(run + 1)) || run + 1 === text.length;
}

/** True when `at` starts a name and one `=` or `:` before a value (`token=…`, `key: …`): a label, not a key's piece. */
function labelFollows(text: string, at: number): boolean {
  let run = at;
  while (run - at < 64 && isName(text.charCodeAt(run))) run++;
  const code = text.charCodeAt(run);
  if (run === at || (code !== 0x3d && code !== 0x3a)) return false;
  const after = text.charCodeAt(run + 1);
  return after !== 0x3d && after !== 0x0a && after !== 0x0d && run + 1 < text.length;
}
const isName = (code: number) => isLetter(code) || isDigit(code) || code === 0x5f || code === 0x2d;

/**
 * True when the line break `[start, next)` is inside a hard-wrapped block: the line after it as
 * wide as the line before it and the one before that, or the one after it (blank lines between
 * skipped). A block's
 * piece may read as words (`SA PRI` of a PEM header cut every 6 characters).
 */
function insideBlock(text: string, start: number, next: number): boolean {
  // A line break: a line feed between the two (a space or a table cell's edge has none). Read
  // there only: each line is read by the breaks around it, no further.
  let feed = start;
  while (feed < next && text.charCodeAt(feed) !== 0x0a) feed++;
  if (feed >= next) return false;
  const lineStart = text.lastIndexOf('\n', next - 1) + 1;
  let lineEnd = text.indexOf('\n', next);
  if (lineEnd === -1) lineEnd = text.length;
  const width = lineEnd - lineStart;
  const before = text.lastIndexOf('\n', feed - 1) + 1;
  if (feed - before !== width) return false;
  let end = before - 1;
  while (end > 0 && blankLine(text, end)) end = text.lastIndexOf('\n', end - 1);
  if (end > 0 && end - (text.lastIndexOf('\n', end - 1) + 1) === width) return true;
  // The block's first two lines: the line after them as wide (blank lines between skipped).
  let after = lineEnd + 1;
  while (isBlankCode(text.charCodeAt(after))) after++;
  const afterStart = text.lastIndexOf('\n', after - 1) + 1;
  let afterEnd = text.indexOf('\n', after);
  if (afterEnd === -1) afterEnd = text.length;
  return lineEnd < text.length && afterStart > lineEnd && afterEnd - afterStart === width;
}

const isBlankCode = (code: number) => isSpaceOrTab(code) || code === 0x0d || code === 0x0a;

/** True when the line ending at the line feed at `end` is blank (white space only). */
function blankLine(text: string, end: number): boolean {
  for (let i = end - 1; i >= 0; i--) {
    const code = text.charCodeAt(i);
    if (code === 0x0a) return true;
    if (!isBlankCode(code)) return false;
  }
  return true;
}

/** What ends a sentence's word: `.`, `,`, `!`, `?`, `;`, `:`, `)`. */
const PUNCTUATION = /* @__PURE__ */ new Set([0x2e, 0x2c, 0x21, 0x3f, 0x3b, 0x3a, 0x29]);

/**
 * The seams and breaks of `joins` after which the next string or line does not start with a
 * plain word (`joins` itself when none does). A line inside a hard-wrapped block is a piece
 * however it reads (`UQAEIXBD` of an upper-case key cut every 8 characters).
 */
export function wordsApart(text: string, joins: readonly number[]): readonly number[] {
  let kept: number[] | undefined;
  for (let k = 0; k < joins.length; k += 2) {
    const word =
      startsWithWord(text, joins[k + 1]!, text.length) &&
      !insideBlock(text, joins[k]!, joins[k + 1]!);
    if (word && kept === undefined) kept = joins.slice(0, k);
    else if (!word && kept !== undefined) kept.push(joins[k]!, joins[k + 1]!);
  }
  return kept ?? joins;
}

/** True when a seam of `joins` starts at `at`, or after emphasis markers from there. */
export function seamAfter(text: string, at: number, joins: readonly number[]): boolean {
  let seam = at;
  while (isMarker(text.charCodeAt(seam))) seam++;
  const k = firstSeam(joins, seam);
  return k < joins.length && joins[k] === seam;
}

/** The index in `joins` of the first seam starting at `at` or later (a binary search: seams are in order). */
export function firstSeam(joins: readonly number[], at: number): number {
  let low = 0;
  let high = joins.length / 2;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (joins[2 * mid]! < at) low = mid + 1;
    else high = mid;
  }
  return 2 * low;
}

/**
 * What the string starting at `from` (read up to `limit`, emphasis markers skipped) starts with:
 * no token character at all (0), a plain word (1), or a run that may go on with a key (2).
 */
function startOf(text: string, from: number, limit: number): number {
  let head = from;
  while (head < limit && isMarker(text.charCodeAt(head))) head++;
  let run = head;
  while (run < limit && isTokenChar(text.charCodeAt(run))) run++;
  return run === head ? 0 : plainWord(text, head, run) ? 1 : 2;
}
/** The string at `from` goes on with a key before it: it starts with a run that is no plain word. */
const goesOn = (text: string, from: number, limit: number) => startOf(text, from, limit) > 1;
const startsWithWord = (text: string, from: number, limit: number) =>
  startOf(text, from, limit) === 1;

/**
 * Two letters or more (hyphens between) with a vowel, no capital after a small letter: a word,
 * not a key's part.
 */
function plainWord(text: string, from: number, to: number): boolean {
  let letters = 0;
  let vowel = false;
  let lower = false;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x2d && i > from) {
      lower = false;
      continue;
    }
    // Not a letter, or a capital (its small letter 0x20 on) after a small letter.
    if (!isLetter(code) || (lower && isLower(code + 0x20))) return false;
    lower = isLower(code);
    vowel ||= isVowel(code);
    letters++;
  }
  return letters >= 2 && vowel;
}

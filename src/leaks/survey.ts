import { type BigramFilter, bigramStamps, nextGeneration } from './bigramFilter';
import { decodeCharReference } from './charReference';
import { encodedRuns as legacyEncodedRuns } from './legacyEncodedRuns';
import { foldCodePoint, foldKind, MARK_FOLD } from './foldChar';
import { pairedUnit } from './pairedUnit';

/** Lines of one width at least this wide, one after another, are a hard-wrapped block. */
const MIN_WRAP_WIDTH = 4;
/** A line end inside a run of secret characters this long (both lines together) may cut a secret. */
const MIN_CUT_RUN = 12;
/** …of which the end of the first line holds at least this many. */
const MIN_CUT_TAIL = 6;

/** What one pass over a text found: the keyword filter and where a reader's view differs. */
export interface Survey {
  readonly filter: BigramFilter;
  /** Offsets where the text reads differently than it is written (encodings, look-alikes, markers). */
  readonly points: number[];
  /** Pairs `[start, end)` of line breaks (with their indentation) that may wrap a token. */
  readonly breaks: number[];
  /** Pairs `[start, end)` of base64-looking runs (`encodedRuns`). */
  readonly runs: number[];
}

// ASCII classes: the folded code in the low 7 bits, then flags.
const TOKEN = 0x80;
const SPECIAL = 0x100;
const CONTROL = 0x200;
const SECRET = 0x400;
// The C0 controls a reader does not see, and DEL. NUL is not one of them: it keeps texts apart
// (scanTexts), and delivered text never has one (hiddenCharacters.ts).
const ASCII_CONTROL = /[\x01-\x08\x0b\x0c\x0e-\x1f\x7f]/;
const INFO = /* @__PURE__ */ (() => {
  const info = new Uint16Array(128);
  for (let code = 0; code < 128; code++) {
    const char = String.fromCharCode(code);
    info[code] =
      (code >= 0x41 && code <= 0x5a ? code | 0x20 : code) |
      (/[A-Za-z0-9+/=_-]/.test(char) ? TOKEN : 0) |
      (/[&\\%*`~\n]/.test(char) ? SPECIAL : 0) |
      (ASCII_CONTROL.test(char) ? CONTROL | SPECIAL : 0) |
      // What secrets (keys, tokens, URLs with credentials, JWTs, PEM bodies) are written with.
      // (Not `*`, `#` or `!`: Markdown's markers and punctuation run into a line's last word.)
      (/[A-Za-z0-9+/=_.:@?%&~$-]/.test(char) ? SECRET : 0);
  }
  return info;
})();

const isToken = (code: number) => code < 0x80 && (INFO[code]! & TOKEN) !== 0;
const isControl = (code: number) => code < 0x80 && (INFO[code]! & CONTROL) !== 0;
const isSecretChar = (code: number) => code < 0x80 && (INFO[code]! & SECRET) !== 0;
const isBlank = (code: number) => code === 0x20 || code === 0x09;
const ESCAPABLE = /[!-/:-@[-`{-~]/;
const HEX = /[0-9A-Fa-f]/;

/**
 * One pass over `text` (and a sampling pass for base64 runs, encodedRuns.ts): stamps the bigram
 * filter and records where normalising changes what a reader sees (a relevant character
 * reference, escape, percent escape, emphasis marker, invisible control or non-ASCII character),
 * which line breaks may wrap a secret (see `lineEnd`), and which runs may be base64. A marker or look-alike that cannot change a token (`**Item**`, `café`,
 * `日本`, the `о` of a Russian word) is not recorded, so ordinary text asks for no normalised view.
 * Without `wraps` (a text whose lines are joined already) line breaks are not looked at.
 */
export function surveyText(text: string, wraps = true): Survey {
  const generation = nextGeneration();
  const points: number[] = [];
  const breaks: number[] = [];
  const lines: Lines = { start: 0, from: 0, to: 0, width: -1, widthBefore: -1, indent: 0 };
  surveyLoop(text, wraps, generation, points, breaks, lines, 0, text.length);
  if (wraps) lineEnd(text, text.length, lines, breaks);
  return { filter: { generation }, points, breaks, runs: legacyEncodedRuns(text) };
}

/** How far a seam's join may change what a reader sees (a character reference is up to 32 long). */
const SEAM_REACH = 40;

/**
 * The survey of `text`, lines of a text surveyed by `filter` joined as written (`joinedView`),
 * where that survey found nothing that reads differently: only the joining can have made
 * something so, and only near a seam (`seams`, where two pieces of the view meet) — a marker now
 * between two tokens, a look-alike beside one, a reference or escape completed. So only windows
 * around the seams (widened over marker runs) are read, and their bigrams stamped into the
 * filter of the text they came from (every other bigram of the view is one of its bigrams; a
 * filter a newer text took over makes no claim). Base64 runs are found in the whole view.
 */
export function surveyJoined(text: string, seams: readonly number[], filter: BigramFilter): Survey {
  const points: number[] = [];
  const lines: Lines = { start: 0, from: 0, to: 0, width: -1, widthBefore: -1, indent: 0 };
  let from = -1;
  let to = -1;
  for (const seam of seams) {
    let start = Math.max(0, seam - SEAM_REACH);
    while (start > 0 && isMarker(text.charCodeAt(start - 1))) start--;
    if (start <= to) {
      to = Math.max(to, seamEnd(text, seam));
      continue;
    }
    if (to > from) surveyLoop(text, false, filter.generation, points, [], lines, from, to);
    from = start;
    to = seamEnd(text, seam);
  }
  if (to > from) surveyLoop(text, false, filter.generation, points, [], lines, from, to);
  return { filter, points, breaks: [], runs: legacyEncodedRuns(text) };
}

/** Where the window of a seam ends: `SEAM_REACH` after it, widened over a marker run. */
function seamEnd(text: string, seam: number): number {
  let end = Math.min(text.length, seam + SEAM_REACH);
  while (end < text.length && isMarker(text.charCodeAt(end))) end++;
  return end;
}

const isMarker = (code: number) => code === 0x2a || code === 0x60 || code === 0x7e;

/**
 * The survey's loop over every character: the bigram filter, the points, the line ends. (Base64
 * runs are found apart, by sampling: following runs here cost a branch per character.) A function
 * of its own with nothing after its loop: V8 compiles a long first call's loop on the stack (OSR)
 * before the code after it ever ran, and code after the loop without type feedback deoptimised at
 * the end of every call (measured: 1 in 4 calls, the next one interpreted).
 */
function surveyLoop(
  text: string,
  wraps: boolean,
  generation: number,
  points: number[],
  breaks: number[],
  lines: Lines,
  from: number,
  to: number,
): void {
  const stamps = bigramStamps;
  let previous = 0;
  let foldedTo = -1; // where the last look-alike, mark or invisible character ends
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) {
      const info = INFO[code]!;
      const folded = info & 0x7f;
      stamps[(previous << 7) | folded] = generation;
      previous = folded;
      if ((info & SPECIAL) === 0) continue;
      if (code === 0x0a) {
        if (wraps) lineEnd(text, i, lines, breaks);
      } else if (info & CONTROL) {
        // Invisible to a reader: a point only where it may split a token.
        if (tokenBefore(text, i) || foldedTo === i || tokenOrFold(text, i + 1)) points.push(i);
        foldedTo = i + 1;
      } else if (code === 0x2a || code === 0x60 || code === 0x7e) {
        i = marker(text, code, i, points);
      } else if (
        code === 0x26
          ? decodeCharReference(text, i) !== undefined
          : code === 0x5c
            ? ESCAPABLE.test(text[i + 1] ?? '')
            : HEX.test(text[i + 1] ?? '') && HEX.test(text[i + 2] ?? '')
      ) {
        points.push(i);
      }
      continue;
    }
    stamps[(previous << 7) | 0x7f] = generation;
    previous = 0x7f;
    const high = code >= 0xd800 && code <= 0xdbff;
    const kind = high ? astralKind(text.codePointAt(i)!) : foldKind(code);
    // A look-alike changes a token only beside a token character or another look-alike: the
    // `о` of a Russian word or the `ا` of an Arabic one, among letters that stay, spells none.
    if (kind !== 1) {
      const beside = tokenBefore(text, i) || foldedTo === i;
      if (kind === 2 ? beside || tokenOrFold(text, high ? i + 2 : i + 1) : beside) points.push(i);
      foldedTo = high ? i + 2 : i + 1;
    }
    if (high) i++;
  }
}

/**
 * True when a token character the loop read on its own comes right before `i` (the loop skips
 * marker runs, never token characters, and the unit after a high surrogate, which may be one).
 */
function tokenBefore(text: string, i: number): boolean {
  return i > 0 && isToken(text.charCodeAt(i - 1)) && !pairedUnit(text, i - 1);
}

// Module-level, not closures: a closure over the survey loop's counters would keep them in a
// heap context, and the loop reads and writes them at every character.

/** The lines the survey has passed: where the current one starts, and the content of the last. */
interface Lines {
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

/**
 * At the end (`at`) of a line, decides whether the break before it may wrap a secret and
 * records it as `[end of the last line's content, start of this one's)`: the markers a reader
 * skips (indentation, `>` quotes, list markers, a hard break's spaces or backslash) go with it.
 * A break is kept inside a hard-wrapped block (two lines of one width, and the shorter line that
 * ends the block: a secret cut every N characters, at any N), or where it cuts a run of secret
 * characters that looks random (a key, a URL, a JWT cut once).
 */
function lineEnd(text: string, at: number, lines: Lines, breaks: number[]): void {
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
  const { from: lastFrom, to: lastTo, width: lastWidth } = lines;
  if (lastTo > lastFrom && to > from) {
    // The last line of a block is shorter: it goes on only where it continues a secret, so a
    // word after a key that fills its last line exactly is not glued to it.
    const inBlock = lastWidth >= MIN_WRAP_WIDTH && lines.widthBefore === lastWidth;
    if (
      (lastWidth >= MIN_WRAP_WIDTH && width === lastWidth && from - start === lines.indent) ||
      cutsSecret(text, lastFrom, lastTo, from, to, inBlock)
    )
      breaks.push(lastTo, from);
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
 * blanks) read within its first 8 characters. Read by code unit: a regex and a copy per line
 * cost ordinary text (a line every ~20 characters) more than the rest of the survey's line work.
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

const isDigit = (code: number) => code >= 0x30 && code <= 0x39;

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
      (code >= 0x30 && code <= 0x39) ||
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

// An emphasis or code marker run changes a token only between token characters or beside `:`/`=`.
function marker(text: string, code: number, at: number, points: number[]): number {
  const n = text.length;
  let end = at + 1;
  while (end < n && text.charCodeAt(end) === code) end++;
  if (code === 0x7e && end - at < 2) return at; // one tilde is a character (Azure secrets have them)
  const before = at > 0 ? text.charCodeAt(at - 1) : 0x20;
  const after = end < n ? text.charCodeAt(end) : 0x20;
  const operator = (c: number) => c === 0x3a || c === 0x3d;
  if (
    (isToken(before) && (isToken(after) || operator(after))) ||
    (operator(before) && after !== 0x0a) ||
    (isToken(after) && operator(before))
  ) {
    points.push(at);
  }
  return end - 1;
}

/** True when the character at `at` is a token character or one that folds (a look-alike, a mark, an invisible). */
function tokenOrFold(text: string, at: number): boolean {
  if (at >= text.length) return false;
  const code = text.charCodeAt(at);
  if (code < 0x80) return isToken(code) || isControl(code);
  return (
    (code >= 0xd800 && code <= 0xdbff ? astralKind(text.codePointAt(at)!) : foldKind(code)) !== 1
  );
}

const astralKinds = new Map<number, number>();

function astralKind(code: number): number {
  let kind = astralKinds.get(code);
  if (kind === undefined) {
    const folded = foldCodePoint(code);
    kind = folded === null ? 1 : folded === MARK_FOLD ? 3 : 2;
    astralKinds.set(code, kind);
  }
  return kind;
}

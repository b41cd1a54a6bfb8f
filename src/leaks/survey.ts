import { type BigramFilter, bigramStamps, nextGeneration } from './bigramFilter';
import { decodeCharReference } from './charReference';
import { foldCodePoint, foldKind, MARK_FOLD } from './foldChar';

/** Base64 runs at least this long are decoded (12 bytes: the shortest secret worth finding). */
export const MIN_ENCODED_RUN = 24;
/** A line that ends in a token run at least this long may wrap a secret onto the next line. */
const MIN_WRAPPED_RUN = 8;

/** What one pass over a text found: the keyword filter and where a reader's view differs. */
export interface Survey {
  readonly filter: BigramFilter;
  /** Offsets where the text reads differently than it is written (encodings, look-alikes, markers). */
  readonly points: number[];
  /** Pairs `[start, end)` of line breaks (with their indentation) that may wrap a token. */
  readonly breaks: number[];
  /** Pairs `[start, end)` of base64-looking runs. */
  readonly runs: number[];
}

// ASCII classes: the folded code in the low 7 bits, then flags.
const TOKEN = 0x80;
const SPECIAL = 0x100;
const CONTROL = 0x200;
// The C0 controls a reader does not see, and DEL. NUL is not one of them: it keeps texts apart
// (redactTexts), and delivered text never has one (hiddenCharacters.ts).
const ASCII_CONTROL = /[\x01-\x08\x0b\x0c\x0e-\x1f\x7f]/;
const INFO = /* @__PURE__ */ (() => {
  const info = new Uint16Array(128);
  for (let code = 0; code < 128; code++) {
    const char = String.fromCharCode(code);
    info[code] =
      (code >= 0x41 && code <= 0x5a ? code | 0x20 : code) |
      (/[A-Za-z0-9+/=_-]/.test(char) ? TOKEN : 0) |
      (/[&\\%*`~\n]/.test(char) ? SPECIAL : 0) |
      (ASCII_CONTROL.test(char) ? CONTROL | SPECIAL : 0);
  }
  return info;
})();

const isToken = (code: number) => code < 0x80 && (INFO[code]! & TOKEN) !== 0;
const isControl = (code: number) => code < 0x80 && (INFO[code]! & CONTROL) !== 0;
// A line end wraps a token only when what precedes it looks random, not like a word.
const RANDOM_LOOKING = /\d|[a-z][A-Z]|[_+/=]/;
const ESCAPABLE = /[!-/:-@[-`{-~]/;
const HEX = /[0-9A-Fa-f]/;

/**
 * One pass over `text`: stamps the bigram filter and records where normalising changes what a
 * reader sees (a relevant character reference, escape, percent escape, emphasis marker or
 * non-ASCII character), which line breaks may wrap a token, and which runs may be base64. A
 * marker or look-alike that cannot change a token (`**Item**`, `café`, `日本`) is not recorded,
 * so ordinary text asks for no normalised view at all.
 */
export function surveyText(text: string): Survey {
  const generation = nextGeneration();
  const stamps = bigramStamps;
  const points: number[] = [];
  const breaks: number[] = [];
  const runs: number[] = [];
  let previous = 0;
  let run = 0;
  let runStart = 0;
  let lastRunStart = -1;
  let lastRunEnd = -1;
  let foldedTo = -1; // where the last look-alike, mark or invisible character ends
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) {
      const info = INFO[code]!;
      const folded = info & 0x7f;
      stamps[(previous << 7) | folded] = generation;
      previous = folded;
      if (info & TOKEN) {
        if (run++ === 0) runStart = i;
        continue;
      }
      if (run > 0) {
        if (run >= MIN_ENCODED_RUN) runs.push(runStart, i);
        lastRunStart = runStart;
        lastRunEnd = i;
        run = 0;
      }
      if ((info & SPECIAL) === 0) continue;
      if (code === 0x0a) {
        lineBreak(text, i, lastRunStart, lastRunEnd, breaks);
      } else if (info & CONTROL) {
        // Invisible to a reader: a point only where it may split a token.
        if (lastRunEnd === i || foldedTo === i || tokenOrFold(text, i + 1)) points.push(i);
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
      const beside = run > 0 || foldedTo === i;
      if (kind === 2 ? beside || tokenOrFold(text, high ? i + 2 : i + 1) : beside) points.push(i);
      foldedTo = high ? i + 2 : i + 1;
    }
    if (run > 0) {
      if (run >= MIN_ENCODED_RUN) runs.push(runStart, i);
      lastRunStart = runStart;
      lastRunEnd = i;
      run = 0;
    }
    if (high) i++;
  }
  if (run >= MIN_ENCODED_RUN) runs.push(runStart, n);
  return { filter: { generation }, points, breaks, runs };
}

// Module-level, not closures: a closure over the survey loop's counters would keep them in a
// heap context, and the loop reads and writes them at every character.

/** Records the line break at `at` when the token run that ends the line may wrap onto the next. */
function lineBreak(
  text: string,
  at: number,
  lastRunStart: number,
  lastRunEnd: number,
  breaks: number[],
): void {
  let end = at;
  while (end > 0 && at - end < 4 && /[ \t\r\\]/.test(text[end - 1]!)) end--;
  if (end !== lastRunEnd || lastRunEnd - lastRunStart < MIN_WRAPPED_RUN) return;
  if (!RANDOM_LOOKING.test(text.slice(lastRunStart, lastRunEnd))) return;
  let next = at + 1;
  while (next < text.length && next - at < 9 && /[ \t>]/.test(text[next]!)) next++;
  const first = text.charCodeAt(next);
  if (!isToken(first) || (first === 0x2d && text[next + 1] === ' ')) return; // "- item" is a list
  breaks.push(end, next);
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

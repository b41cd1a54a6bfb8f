import { isEdgeMarker as isMarker, isTokenChar } from './tokenChars';

const isLetter = (code: number) => (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a;
const isLower = (code: number) => code >= 0x61 && code <= 0x7a;
const isUpper = (code: number) => code >= 0x41 && code <= 0x5a;

/**
 * Where a finding that a scan of the joined text ran across the seams of `joins` (`[start, end)`
 * pairs in order, see textStream.ts) to `end` ends as the reader sees it: before the first seam
 * from `from` on after which the next string does not go on with the key. A key's end is
 * ambiguous where the next string starts with characters of its alphabet: a plain word there
 * (two letters or more, maybe hyphenated, a vowel, no digit, no capital after a small letter:
 * `thanks`, `OK`, `Thanks`) is the reader's word and ends the key; anything else (a digit, a
 * mixed-case run, `_`, a single character, `df`) reads as the key going on, and is masked with
 * it. (So a tail of a few letters that happens to read as a word is left: a few characters of a
 * key whose rest is masked.)
 */
export function tailAcross(
  text: string,
  from: number,
  end: number,
  joins: readonly number[],
): number {
  for (let k = firstSeam(joins, from); k < joins.length && joins[k]! < end; k += 2) {
    if (!goesOn(text, joins[k + 1]!, end)) {
      let cut = joins[k]!;
      while (cut > from && isMarker(text.charCodeAt(cut - 1))) cut--;
      return cut;
    }
  }
  return end;
}

/** The seams of `joins` after which the next string does not start with a plain word (`joins` itself when none does). */
export function wordsApart(text: string, joins: readonly number[]): readonly number[] {
  let kept: number[] | undefined;
  for (let k = 0; k < joins.length; k += 2) {
    const word = startsWithWord(text, joins[k + 1]!, text.length);
    if (word && kept === undefined) kept = joins.slice(0, k);
    else if (!word && kept !== undefined) kept.push(joins[k]!, joins[k + 1]!);
  }
  return kept ?? joins;
}

/** True when a seam of `joins` starts at `at`, or after emphasis markers from there. */
export function seamAfter(text: string, at: number, joins: readonly number[]): boolean {
  let seam = at;
  while (seam < text.length && isMarker(text.charCodeAt(seam))) seam++;
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
 * no token character at all (`'none'`), a plain word (`'word'`), or a run that may go on with a key.
 */
function startOf(text: string, from: number, limit: number): 'none' | 'word' | 'run' {
  let head = from;
  while (head < limit && isMarker(text.charCodeAt(head))) head++;
  let run = head;
  while (run < limit && isTokenChar(text.charCodeAt(run))) run++;
  return run === head ? 'none' : plainWord(text, head, run) ? 'word' : 'run';
}
/** The string at `from` goes on with a key before it: it starts with a run that is no plain word. */
const goesOn = (text: string, from: number, limit: number) => startOf(text, from, limit) === 'run';
const startsWithWord = (text: string, from: number, limit: number) =>
  startOf(text, from, limit) === 'word';

const VOWELS = /* @__PURE__ */ new Set('aeiouyAEIOUY'.split('').map((char) => char.charCodeAt(0)));

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
    if (!isLetter(code) || (lower && isUpper(code))) return false;
    lower = isLower(code);
    vowel ||= VOWELS.has(code);
    letters++;
  }
  return letters >= 2 && vowel;
}

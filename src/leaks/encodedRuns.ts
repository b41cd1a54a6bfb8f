import { isTokenUnit as isToken } from './cutsSecret';
import { pairedUnit } from './pairedUnit';
import { type Offsets, push } from './passOutput';
import { separatedRunAt } from './separatedRuns';

/** Base64 runs at least this long are decoded (12 bytes: the shortest secret worth finding). */
export const MIN_ENCODED_RUN = 24;

/** Every code unit after the first multiple of this inside a long enough run is looked at (a pure call: see removeHiddenCharacters.ts). */
const STEP = /* @__PURE__ */ (() => MIN_ENCODED_RUN >> 1)();

/**
 * Appends to `runs` the pairs `[start, end)` of the maximal runs of token characters at least
 * `MIN_ENCODED_RUN` long, in order. Such a run holds two offsets 12 apart that are multiples of
 * 12, so only every 12th character is looked at first; a token character there is followed to
 * the end of its run, and a run that reaches the next multiple is followed back to its start (at
 * most 12 characters: the multiple before was not in it). The character after a lone high
 * surrogate is read with it, as the first pass reads it, and never starts a run. Each character
 * is read at most twice; prose about a third of them. At the same samples, a short unit before
 * a separator may be one of a run of characters or hex bytes spaced out, or of `0x` bytes
 * listed: those runs go to `lists` (`separatedRunAt`).
 */
export function encodedRuns(text: string, runs: Offsets, lists: Offsets): void {
  const n = text.length;
  let k = 0;
  while (k < n) {
    const code = text.charCodeAt(k);
    if (!isToken(code)) {
      // A separator or a list's comma, a unit after it: maybe a run of separated units.
      const end = listMayFollow(text, k - 1, code) ? separatedRunAt(text, k, lists) : k;
      k = end > k ? Math.ceil(end / STEP) * STEP : k + STEP;
      continue;
    }
    let end = k + 1;
    while (end < n && isToken(text.charCodeAt(end))) end++;
    if (end - k <= STEP) {
      // A short unit before a separator (or a comma): maybe one of a run of them.
      const listed =
        end - k <= 4 && listMayFollow(text, end - 1, text.charCodeAt(end))
          ? separatedRunAt(text, k, lists)
          : k;
      k = listed > k ? Math.ceil(listed / STEP) * STEP : k + STEP;
      continue;
    }
    let start = k;
    while (start > 0 && isToken(text.charCodeAt(start - 1))) start--;
    // A token character read with a lone high surrogate before it is not part of the run.
    if (pairedUnit(text, start)) start++;
    if (end - start >= MIN_ENCODED_RUN) {
      push(runs, start);
      push(runs, end);
    }
    k = Math.ceil(end / STEP) * STEP;
  }
}

/**
 * True when the separator `after` (at `at + 1`) may be one of a run of separated units: the
 * same separator two or three characters on (a character or a hex byte spaced out), or a `0x`
 * byte next (a list). Prose mostly fails the first read.
 */
function listMayFollow(text: string, at: number, after: number): boolean {
  if (after !== 0x20 && after !== 0xa0 && after !== 0x2c && after !== 0x3b) return false;
  return (
    text.charCodeAt(at + 3) === after ||
    text.charCodeAt(at + 4) === after ||
    text.charCodeAt(at + 2) === 0x30 ||
    text.charCodeAt(at + 3) === 0x30
  );
}

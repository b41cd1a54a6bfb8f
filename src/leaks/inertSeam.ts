import { asciiUnit, unitPair } from './caselessUnit';
import { MIN_ENCODED_RUN } from './encodedRuns';
import type { ScanTables } from './scanTables';
import { isTokenChar } from './tokenChars';

const isMarker = (code: number) => code === 0x2a || code === 0x60;

/** Units of one or two characters spaced out on both sides of a seam: a run of them may cross it. */
const SPACED_UNITS = /(^|\s)\S\S? \S\S?\s+\S\S? \S/;

/**
 * The token characters from `i` towards `stop` (forward with `step` 1; backward with -1, reading
 * the unit before `i`), markers skipped: it stops at the first unit that is not one.
 */
function units(text: string, i: number, stop: number, step: number): number {
  let count = 0;
  for (; (stop - i) * step > 0; i += step) {
    const code = text.charCodeAt(step > 0 ? i : i - 1);
    if (isMarker(code)) continue;
    if (!isTokenChar(code)) break;
    count++;
  }
  return count;
}

/**
 * True when the short copy `seamReach` would make of one seam (the text `[from, end)` joined to
 * `[start, to)`) provably yields nothing, so neither it nor its reader view need be built:
 *  - all of it is plain (`plain`: the text's first pass saw no `specials` in `[from, to)`): the
 *    copy's pass's only points are marker runs, its view is the copy with the markers dropped
 *    and holds no point (no window is needed whole; a lone low surrogate reads as written, and
 *    a low one after a high one has the high one in the copy too, or is lone there);
 *  - the token characters that meet at the seam, markers skipped, are too few for a run;
 *  - no keyword crosses the seam in the view (in the copy, which keeps the markers, a keyword
 *    across it holds no marker, so it is one in the view too): no keyword has the two units
 *    either side of it one after the other, as a caseless regex reads them (`pairs`; a unit
 *    above ASCII matches only one above ASCII). Where one has, the copy is read only when such
 *    a keyword reads, that way, the units around the seam (`fits`; on the bench's ordinary text
 *    1 seam in 10 has a pair, `0` + `A` of `sq0atp`, and none of them the keyword).
 *  - no run of separated units (spaced out, or hex bytes spaced out) crosses it: units of one or
 *    two characters spaced out on both sides of the seam are read in the copy.
 * Not decided here when a keyword holds a marker (a reader's view drops it).
 * Ordinary Markdown joined to the text before it (`Article 5` + `**Item 6**`) is decided here.
 */
export function inertSeam(
  text: string,
  tables: ScanTables,
  from: number,
  end: number,
  start: number,
  to: number,
  plain: boolean,
): boolean {
  const ascii = tables.keywordAscii;
  if (!plain || ascii[0x2a]! + ascii[0x60]! > 0) return false;
  const before = units(text, end, from, -1);
  const after = units(text, start, to, 1);
  if (before > 0 && after > 0 && before + after >= MIN_ENCODED_RUN) return false;
  // The units either side of the seam as the view reads them (markers skipped): when no keyword
  // has them one after the other, none crosses it (nor with nothing on one side in the copy,
  // whatever the pair read then).
  let last = end;
  while (last > from && isMarker(text.charCodeAt(last - 1))) last--;
  let first = start;
  while (first < to && isMarker(text.charCodeAt(first))) first++;
  // Where keywords have them, the copy is read only when one reads the units around them too.
  const list = tables.pairs[unitPair(text.charCodeAt(last - 1), text.charCodeAt(first))] ?? [];
  for (let q = 0; q < list.length; q += 2) {
    const keyword = tables.keywords[list[q]!]!;
    if (
      fits(text, keyword, list[q + 1]!, last, from, -1) &&
      fits(text, keyword, list[q + 1]!, first, to, 1)
    )
      return false;
  }
  // Two spaces at least, or the pattern's two literal ones cannot match.
  const a = Math.max(0, end - 7);
  let spaces = 0;
  for (let i = a; i < start + 6; i++) if (text.charCodeAt(i) === 0x20) spaces++;
  return spaces < 2 || !SPACED_UNITS.test(text.slice(a, start + 6));
}

/**
 * True when `keyword` reads the text from `i` towards `stop`, markers skipped, as a caseless regex
 * reads it: its units from `j` on (forward with `step` 1), or those before `j` backward (-1).
 */
function fits(
  text: string,
  keyword: string,
  j: number,
  i: number,
  stop: number,
  step: number,
): boolean {
  const back = step > 0 ? 0 : -1;
  while (j !== (step > 0 ? keyword.length : 0)) {
    if ((stop - i) * step <= 0) return false;
    const code = text.charCodeAt(i + back);
    i += step;
    if (isMarker(code)) continue;
    if (asciiUnit(code) !== asciiUnit(keyword.charCodeAt(j + back))) return false;
    j += step;
  }
  return true;
}

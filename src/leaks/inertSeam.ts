import { asciiUnit } from './caselessUnit';
import { MIN_ENCODED_RUN } from './encodedRuns';
import { GROUP_CODE } from './keywordTables';
import type { ScanTables } from './scanTables';
import { isTokenChar } from './tokenChars';

const isMarker = (code: number) => code === 0x2a || code === 0x60;

/** Where the last `units` stopped. */
let reached = 0;

/**
 * The units from `i` towards `stop` (forward with `step` 1; backward with -1, reading the unit
 * before `i`), markers skipped, up to `most`, that are token characters, or with `ascii` units a
 * keyword may match (as a caseless regex reads them): it stops at the first unit that is not, and
 * sets `reached`. No test to call per unit.
 */
function units(
  text: string,
  i: number,
  stop: number,
  step: number,
  ascii?: Uint8Array,
  most = Infinity,
): number {
  let count = 0;
  for (; (stop - i) * step > 0 && count < most; i += step) {
    const code = text.charCodeAt(step > 0 ? i : i - 1);
    if (isMarker(code)) continue;
    if (!(ascii ? ascii[asciiUnit(code)] === 1 : isTokenChar(code))) break;
    count++;
  }
  reached = i;
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
 *    across it holds no marker, so it is one in the view too): no keyword has the units either
 *    side of it one after the other (`pairs`), or read in the units keywords may match on
 *    either side, as far as the longest keyword reaches.
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
  // No keyword has the two units either side of the seam one after the other: none crosses it
  // (nor with nothing on one side of it in the copy, `end === from` or `start === to`).
  const last = text.charCodeAt(end - 1);
  const first = text.charCodeAt(start);
  if (
    !isMarker(last) &&
    !isMarker(first) &&
    !tables.pairs[129 * asciiUnit(last) + asciiUnit(first)]
  )
    return true;
  const seam = units(text, end, from, -1, ascii, tables.longest - 1); // the units read before the seam
  const head = reached;
  units(text, start, to, 1, ascii, tables.longest - 1);
  const tail = reached;
  if (head === end || tail === start) return true;
  // The keyword automaton over that stretch as the view reads it (markers skipped), as the first
  // pass runs it: a keyword group accepted at `i` starts at `i + 1 - groupLength`. One whose
  // keywords may reach across the seam (`seam`, counted in the units read) is left to the copy.
  let state = 0;
  let at = 0;
  for (let i = head; i < tail; i++) {
    if (i === end) i = start;
    const code = text.charCodeAt(i);
    if (isMarker(code)) continue;
    state = tables.next[state + tables.classes[code]!]!;
    at++;
    if (state >= tables.accepting && mayCross(tables, state, at, seam)) return false;
  }
  return true;
}

/**
 * True when a keyword of a group the automaton's accepting `state` reports, ending at the `at`-th
 * unit read, may start before the `seam`-th and end after it (its text is not verified here).
 */
function mayCross(tables: ScanTables, state: number, at: number, seam: number): boolean {
  const k = (state - tables.accepting) / tables.stride;
  for (let c = tables.from[k]!; c < tables.from[k + 1]!; c++) {
    const group = tables.codes[c]! - GROUP_CODE;
    if (group < 0) continue; // an event, not a keyword: points are ruled out above
    const begin = at - tables.groupLength[group]!;
    if (begin < seam && begin + tables.groupLongest[group]! > seam) return true;
  }
  return false;
}

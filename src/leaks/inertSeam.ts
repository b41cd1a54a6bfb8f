import { MIN_ENCODED_RUN } from './encodedRuns';
import { foldKind } from './foldChar';
import { GROUP_CODE } from './keywordTables';
import type { ScanTables } from './scanTables';
import { isTokenChar as isToken } from './tokenChars';

/** Per rule set: the ASCII units its keywords may match (both cases of a letter), and whether one has a unit above ASCII. */
interface KeywordUnits {
  readonly ascii: Uint8Array;
  readonly other: boolean;
}

/** `null`: a keyword holds a marker (`*`, `` ` ``), which a reader's view drops: no seam is decided here. */
const known = /* @__PURE__ */ new WeakMap<ScanTables, KeywordUnits | null>();

function keywordUnits(tables: ScanTables): KeywordUnits | null {
  let units = known.get(tables);
  if (units !== undefined) return units;
  const ascii = new Uint8Array(128);
  let other = false;
  for (const keyword of tables.keywords)
    for (let j = 0; j < keyword.length; j++) {
      const code = keyword.charCodeAt(j);
      if (code >= 0x80) other = true;
      else if ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a)
        ascii[code | 0x20] = ascii[code & ~0x20] = 1;
      else ascii[code] = 1;
    }
  units = ascii[0x2a] === 1 || ascii[0x60] === 1 ? null : { ascii, other };
  known.set(tables, units);
  return units;
}

/**
 * What a seam's copy may hold for `inertSeam` to decide it: what a reader's view copies as
 * written (no reference, escape, percent escape, tilde or invisible control; above ASCII, only
 * a unit that stays itself) and the emphasis and code markers `*` and `` ` ``, which it drops.
 */
const plain = (code: number): boolean =>
  code < 0x80
    ? PLAIN_ASCII[code] === 1
    : !(code >= 0xd800 && code <= 0xdfff) && foldKind(code) === 1;

const PLAIN_ASCII = /* @__PURE__ */ (() => {
  const table = new Uint8Array(128).fill(1);
  for (const char of '&\\%~\x7f') table[char.charCodeAt(0)] = 0;
  for (let code = 0x01; code < 0x20; code++)
    if (code !== 0x09 && code !== 0x0a && code !== 0x0d) table[code] = 0;
  return table;
})();

const isMarker = (code: number) => code === 0x2a || code === 0x60;

/**
 * True when the short copy `seamReach` would make of one seam (the text `[from, end)` joined to
 * `[start, to)`) provably yields nothing, so neither it nor its reader view need be built:
 *  - all of it is plain: its pass's only points are marker runs, its view is the copy with the
 *    markers dropped and holds no point (no window is needed whole);
 *  - the token characters that meet at the seam, markers skipped, are too few for a run;
 *  - no keyword crosses the seam in the view (in the copy, which keeps the markers, a keyword
 *    across it holds no marker, so it is one in the view too): read in the units keywords may
 *    match on either side, as far as the longest keyword reaches.
 * Ordinary Markdown joined to the text before it (`Article 5` + `**Item 6**`) is decided here.
 */
export function inertSeam(
  text: string,
  tables: ScanTables,
  from: number,
  end: number,
  start: number,
  to: number,
): boolean {
  const units = keywordUnits(tables);
  if (units === null) return false;
  for (let i = from; i < end; i++) if (!plain(text.charCodeAt(i))) return false;
  for (let i = start; i < to; i++) if (!plain(text.charCodeAt(i))) return false;
  let before = 0;
  for (let i = end - 1; i >= from; i--) {
    const code = text.charCodeAt(i);
    if (isMarker(code)) continue;
    if (!isToken(code)) break;
    before++;
  }
  let after = 0;
  for (let i = start; i < to; i++) {
    const code = text.charCodeAt(i);
    if (isMarker(code)) continue;
    if (!isToken(code)) break;
    after++;
  }
  if (before > 0 && after > 0 && before + after >= MIN_ENCODED_RUN) return false;
  const { ascii, other } = units;
  const mayMatch = (code: number) => (code >= 0x80 ? other : ascii[code] === 1);
  const reach = tables.longest - 1;
  let head = end;
  let seam = 0; // the units read before the seam
  for (; head > from && seam < reach; head--) {
    const code = text.charCodeAt(head - 1);
    if (isMarker(code)) continue;
    if (!mayMatch(code)) break;
    seam++;
  }
  let tail = start;
  for (let count = 0; tail < to && count < reach; tail++) {
    const code = text.charCodeAt(tail);
    if (isMarker(code)) continue;
    if (!mayMatch(code)) break;
    count++;
  }
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
    const code = tables.codes[c]!;
    if (code < GROUP_CODE) continue; // an event, not a keyword: points are ruled out above
    const group = code - GROUP_CODE;
    const begin = at - tables.groupLength[group]!;
    if (begin >= seam) continue;
    for (let g = tables.groupFrom[group]!; g < tables.groupFrom[group + 1]!; g++)
      if (begin + tables.keywords[tables.groupEntries[g]!]!.length > seam) return true;
  }
  return false;
}

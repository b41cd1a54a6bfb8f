import { foldKind } from './foldChar';
import { encodedRuns } from './encodedRuns';
import { lineBreaks } from './lineBreaks';
import { mergeBreaks } from './mergeBreaks';
import { spaceBreaks } from './spaceBreaks';
import { tableBreaks } from './tableBreaks';
import { quotedPrintableAt } from './decodeEscape';
import { type Offsets, offsets, type PassOutput, passOutput, push, toArray } from './passOutput';
import { quotedPrintableStretches } from './quotedPrintable';
import { Separated } from './separatedRuns';
import {
  controlPoint,
  escapePoint,
  foldPoint,
  markerPoint,
  type PointState,
  startPoints,
} from './readsDifferently';
import { caselessUnit } from './caselessUnit';
import { GROUP_CODE, PassEvent } from './keywordTables';
import type { ScanTables } from './scanTables';

/** One pass's working state: its text, its tables, what it found, the points so far. */
interface Pass extends PointState {
  text: string;
  tables: ScanTables;
  out: PassOutput;
  /** Where a quoted-printable escape or soft line break starts. */
  equals: Offsets;
  /** Line ends other than a line feed (a lone carriage return, a line or paragraph separator). */
  lineEnds: Offsets;
  /** Table cell edges (`|`), and the seams the pass found besides line ends (spaces, cells). */
  pipes: Offsets;
  seams: Offsets;
}

// One pass state per nesting level of views: a view's pass runs while its parent's output is
// still being read. Reused from call to call: on ordinary text the pass allocates only the copy
// of its points that `markerPoints` merges the markers' into (a scratch list swapped in
// costs 49 B gz for ~12 ns a pass).
const passes: Pass[] = [];

/**
 * The scanner's first pass: one loop over the char codes of `text`, driven by the rule set's
 * tables (a class per code unit, the keyword automaton, the token-run automaton). It finds the
 * keywords (verified, in order of start), the points where the text reads differently than it
 * is written, the line breaks that may wrap a secret (without `wraps`, a text whose lines are
 * joined already, none), the long token runs and the runs of separated units. Rules, views and decoders run only where it
 * points. The output is `level`'s, reused: read it before the next pass at the same level.
 */
export function firstPass(
  text: string,
  tables: ScanTables,
  wraps: boolean,
  level: number,
): PassOutput {
  while (passes.length <= level) passes.push(newPass());
  const pass = passes[level]!;
  const out = pass.out;
  out.hits.length =
    out.points.length =
    out.breaks.length =
    out.runs.length =
    out.lists.length =
    out.specials.length =
      0;
  pass.text = text;
  pass.tables = tables;
  pass.equals.length = pass.lineEnds.length = pass.pipes.length = pass.seams.length = 0;
  startPoints(pass);
  loop(pass, text, tables.classes, tables.next, tables.accepting, text.length);
  markerPoints(text, pass);
  pass.text = '';
  // Line ends and long token runs are found apart: a native search for each line end, and a
  // look at every 12th character for runs, cost less than a branch at every character.
  if (wraps) {
    lineBreaks(text, out.breaks, pass.lineEnds);
    // Spaces that wrap a key on one line, and a key split across table cells.
    const seams = pass.seams;
    if (out.hits.length > 0) spaceBreaks(text, out.hits, seams);
    if (pass.pipes.length > 1) tableBreaks(text, pass.pipes, seams);
    if (seams.length > 0) {
      const merged = mergeBreaks(toArray(out.breaks), toArray(seams));
      out.breaks.length = 0;
      for (const at of merged) push(out.breaks, at);
    }
  }
  encodedRuns(text, out.runs, out.lists);
  if (pass.equals.length > 0)
    quotedPrintableStretches(text, pass.equals, Separated.QuotedPrintable, out.lists);
  return out;
}

function newPass(): Pass {
  return {
    text: '',
    tables: undefined as unknown as ScanTables,
    out: passOutput(),
    equals: offsets(),
    lineEnds: offsets(),
    pipes: offsets(),
    seams: offsets(),
    foldedTo: -1,
    markerEnd: -1,
    pairedAt: -1,
  };
}

/**
 * The loop itself, with nothing before it but locals and nothing after it but its return: V8
 * compiles a long first call's loop on the stack (OSR) before the code around it ever ran, and
 * code there without type feedback deoptimised the loop on the next call (measured: a property
 * read before the loop left it deoptimised at 8× the cost).
 */
function loop(
  pass: Pass,
  text: string,
  classes: Uint8Array,
  next: Int32Array,
  accepting: number,
  n: number,
): void {
  let state = 0;
  for (let i = 0; i < n; i++) {
    state = next[state + classes[text.charCodeAt(i)]!]!;
    if (state >= accepting) accepted(pass, i, state);
  }
}

/** The automaton reached an accepting state at `i`: keywords ending there, or an event. */
function accepted(pass: Pass, i: number, state: number): void {
  const tables = pass.tables;
  const k = (state - tables.accepting) / tables.stride;
  const codes = tables.codes;
  for (let at = tables.from[k]!, to = tables.from[k + 1]!; at < to; at++) {
    const code = codes[at]!;
    if (code >= GROUP_CODE) keywordsAt(pass, i, code - GROUP_CODE);
    else {
      // What a reader's view may read differently (`specials`): not `=`, a line end, `|`.
      if (code < PassEvent.Equals) push(pass.out.specials, i);
      if (i !== pass.pairedAt) eventAt(pass, i, code);
    }
  }
}

function eventAt(pass: Pass, i: number, event: number): void {
  const text = pass.text;
  const points = pass.out.points;
  switch (event) {
    case PassEvent.LineSeparator:
      // A carriage return before a line feed is part of that line end.
      if (text.charCodeAt(i) !== 0x0d || text.charCodeAt(i + 1) !== 0x0a) push(pass.lineEnds, i);
      return;
    case PassEvent.Pipe:
      push(pass.pipes, i);
      return;
    case PassEvent.Equals:
      if (quotedPrintableAt(text, i, text.length)) push(pass.equals, i);
      return;
    case PassEvent.Ampersand:
    case PassEvent.Backslash:
    case PassEvent.Percent:
      escapePoint(text, i, text.charCodeAt(i), points);
      return;
    case PassEvent.Tilde:
      markerPoint(text, i, pass, points);
      return;
    case PassEvent.Control:
      controlPoint(text, i, pass, points);
      return;
    case PassEvent.Unresolved: {
      // First sight of this unit in this rule set's table: classified for good.
      const code = text.charCodeAt(i);
      const tables = pass.tables;
      const folds = foldKind(code) !== 1;
      tables.classes[code] = folds ? tables.foldClass : tables.otherClass;
      if (folds) foldPoint(text, i, pass, points);
      return;
    }
    default: // Fold, High
      foldPoint(text, i, pass, points);
  }
}

/** The keywords of group `group` that end at `i`, each checked whole and recorded by its start. */
function keywordsAt(pass: Pass, i: number, group: number): void {
  const { text, tables } = pass;
  const start = i + 1 - tables.groupLength[group]!;
  const hits = pass.out.hits;
  for (let at = tables.groupFrom[group]!, to = tables.groupFrom[group + 1]!; at < to; at++) {
    const entry = tables.groupEntries[at]!;
    const keyword = tables.keywords[entry]!;
    const anyCase = tables.anyCase[entry]!;
    // The automaton's classes group the units as a caseless regex reads them: a keyword in any
    // case no longer than its group's prefix is verified already (and the call costs).
    if (!(anyCase && keyword.length === i + 1 - start) && !matches(text, start, keyword, anyCase))
      continue;
    // Keywords end in order, not start in order (a longer one ends later): kept sorted by start.
    let k = hits.length;
    push(hits, 0);
    push(hits, 0);
    const list = hits.list;
    while (k > 0 && list[k - 2]! > start) {
      list[k] = list[k - 2]!;
      list[k + 1] = list[k - 1]!;
      k -= 2;
    }
    list[k] = start;
    list[k + 1] = entry;
  }
}

/** True when `keyword` occurs at `start` (`anyCase` 1: in any case, as a caseless regex reads it). */
function matches(text: string, start: number, keyword: string, anyCase: number): boolean {
  if (start + keyword.length > text.length) return false;
  for (let j = 0; j < keyword.length; j++) {
    const a = text.charCodeAt(start + j);
    const b = keyword.charCodeAt(j);
    if (a === b) continue;
    if (!anyCase) return false;
    if (a < 0x80 && b < 0x80) {
      if ((a | 0x20) !== (b | 0x20) || (a | 0x20) < 0x61 || (a | 0x20) > 0x7a) return false;
    } else if (caselessUnit(a) !== caselessUnit(b)) return false;
  }
  return true;
}

/**
 * The emphasis and code markers (`*`, backtick) are no event of the loop: a native search finds
 * each run (ordinary text has one in ~30 characters, each an event cost ~40 ns), and its points
 * are merged in order into the loop's. (The loop skips a unit read with a high surrogate; a
 * marker there needs no skip: a run after a high surrogate or a marker is no point.)
 */
function markerPoints(text: string, pass: Pass): void {
  const points = pass.out.points;
  const found = toArray(points);
  points.length = 0;
  pass.markerEnd = -1;
  let k = 0;
  for (let star = text.indexOf('*'), tick = text.indexOf('`'); star >= 0 || tick >= 0;) {
    const at = tick < 0 || (star >= 0 && star < tick) ? star : tick;
    while (k < found.length && found[k]! < at) push(points, found[k++]!);
    markerPoint(text, at, pass, points);
    const next = Math.max(at + 1, pass.markerEnd);
    if (at === star) star = text.indexOf('*', next);
    else tick = text.indexOf('`', next);
  }
  while (k < found.length) push(points, found[k++]!);
}

import { firstPass } from './firstPass';
import { inertSeam } from './inertSeam';
import { type PassOutput, toArray } from './passOutput';
import { patternReach } from './patternReach';
import { readerView } from './readerView';
import type { ScanTables } from './scanTables';
import { isTokenChar as isToken } from './tokenChars';
import { viewOffset } from './viewOffset';
import { windowsAround } from './viewWindows';

/** How far a join may change what a reader sees around a seam (a character reference is up to 32 long). */
const SEAM_REACH = 40;
/** What a match reads before its start: a lookbehind, and the 32 characters `accept` is given. */
const CONTEXT = 64;
/** Offsets this far apart keep a stretch of text in one window (`windowsAround` reaches 160). */
const STEP = 128;

/**
 * The windows of the joined view (those `windowsAround` the breaks' starts would make, or parts
 * of them) in which joining the lines can find something the text as written does not have:
 *  - a seam makes a point, a token run or a keyword across it (read in a short joined copy):
 *    around that keyword, as far as its rules reach; the whole window for a run or a point;
 *  - a rule may run from a keyword whose match reaches a seam (as far as its pattern can reach,
 *    `patternReach`), when what it requires is in the text and its `within` character follows;
 *  - a rule reads the whole view (a finder, an unanchored pattern, a rule without keywords):
 *    every window, as before;
 *  - a rule's lookarounds read past the 64 characters of context a match is given (a host's:
 *    the tables' `around`): the whole text.
 * Nothing else of a joined view can yield a finding the scan of the text as written does not
 * make, so ordinary text wrapped after a URL (a line that reads as a cut secret, every few
 * lines) builds no view at all. `normalised`: the view decodes and folds as well (a required
 * character may appear there), so a window with a point is read whole and no rule's gate applies.
 */
export function joinedWindows(
  text: string,
  breaks: readonly number[],
  points: readonly number[],
  pass: PassOutput,
  tables: ScanTables,
  normalised: boolean,
  level: number,
): [number, number][] {
  // A host rule's lookarounds may read past any window (the 64 characters of context a match
  // is given): the view is of the whole text.
  if (tables.around > 64) return [[0, text.length]];
  const starts: number[] = [];
  let removed = 0; // what the breaks remove in all: a match reaches no further than its length and that
  for (let k = 0; k < breaks.length; k += 2) {
    starts.push(breaks[k]!);
    removed += breaks[k + 1]! - breaks[k]!;
  }
  const windows = windowsAround(text, starts);
  if (tables.always.length > 0) return windows;
  // The hits are read before a short copy's pass (at the next level) could reuse them.
  const list = pass.hits.list.slice(0, pass.hits.length);
  const state: Search = {
    text,
    breaks,
    tables,
    normalised,
    level,
    removed,
    specials: pass.specials.list.slice(0, pass.specials.length),
    special: 0,
    required: new Int8Array(tables.requires.length),
    noneUntil: [],
    next: new Map(),
    run: [-1, -1],
    stops: new Map(),
  };
  const kept: [number, number][] = [];
  let hit = 0;
  let point = 0;
  let seam = 0;
  for (const window of windows) {
    const [from, to] = window;
    while (hit < list.length && list[hit]! < from) hit += 2;
    while (point < points.length && points[point]! < from) point++;
    while (seam < breaks.length && breaks[seam]! < from) seam += 2;
    if (point < points.length && points[point]! < to) {
      kept.push(window);
      continue;
    }
    const ranges: [number, number][] = []; // stretches of the window the view needs
    let whole = false;
    for (let k = seam; !whole && k < breaks.length && breaks[k]! < to;) {
      const reach = seamReach(state, k, from, to);
      k = reach.next;
      if (reach.reach === Reach.Window) whole = true;
      else if (reach.reach === Reach.View) return windows;
      else if (reach.to > reach.from) ranges.push([reach.from, reach.to]);
    }
    let near = seam; // the first break that ends after the current hit's context starts
    for (let k = hit; !whole && k < list.length && list[k]! < to; k += 2) {
      const at = list[k]!;
      if (at < state.noneUntil[list[k + 1]!]!) continue; // `mayRun` would rule it out
      while (near < breaks.length && breaks[near + 1]! <= at - CONTEXT) near += 2;
      const length = mayRun(state, list[k + 1]!, at, to, near);
      if (length === Reach.View) return windows;
      if (length < 0) continue;
      const end = viewEnd(breaks, near, at, length, to);
      // A seam before the match changes what it reads before it; one right after it, what its
      // lookahead reads.
      if (seamWithin(breaks, near, at - CONTEXT, end + CONTEXT))
        ranges.push([at - CONTEXT, end + CONTEXT]);
      // A match that may run to the window's end needs all of it from here: later hits add nothing.
      if (end >= to) break;
    }
    if (whole) kept.push(window);
    else if (ranges.length > 0)
      for (const [a, b] of windowsAround(text, spread(ranges)))
        kept.push([Math.max(a, from), Math.min(b, to)]);
  }
  return kept;
}

interface Search {
  readonly text: string;
  readonly breaks: readonly number[];
  readonly tables: ScanTables;
  readonly normalised: boolean;
  readonly level: number;
  readonly removed: number;
  /** The text's pass's `specials`, and the first at or after the start of the last seam's copy. */
  readonly specials: Int32Array;
  special: number;
  readonly required: Int8Array; // per required string: 1 when in the text, 2 when not, 0 unknown
  readonly noneUntil: number[]; // per entry: no rule of it runs for a later hit before this (hits come in order; `mayRun`)
  readonly next: Map<string, number>; // per `within` character: where last found (hits in order)
  readonly run: [number, number]; // the last token run across a seam, `[start, end)` (seams in order)
  /** Per `within.stops`: `[from, stop]`, the first stop at or after `from` (searches go forward). */
  readonly stops: Map<RegExp, [number, number]>;
}

const enum Reach {
  None = -1, // no rule of the entry may run
  Window = -2, // the whole window is needed (a token run or a point across a seam)
  View = -3, // a rule reads the whole view: every window is needed
}

/**
 * Offsets along the stretches (merged), close enough that `windowsAround` keeps each stretch in
 * one window: each part of the text is covered once, however many stretches overlap there.
 */
function spread(ranges: [number, number][]): number[] {
  ranges.sort((x, y) => x[0] - y[0]);
  const offsets: number[] = [];
  let covered = -1;
  for (const [a, b] of ranges) {
    if (b <= covered) continue;
    for (let at = Math.max(0, a, covered + 1); at < b; at += STEP) offsets.push(at);
    offsets.push(b);
    covered = b;
  }
  return offsets;
}

/**
 * How far the longest match of a rule of keyword entry `entry`, found at `at`, may reach (the
 * longest of its rules'), or `Reach.None` when none may run, `Reach.View` for a rule of the
 * whole text. A rule runs when the strings it requires are in the text and, anchored with a
 * `within` character, one follows within its distance once the breaks are removed (`near`: the
 * first break that may lie after `at`). Without `at`, every rule of the entry runs (no gate).
 * Ruled out for what holds of later hits too (a string absent, no `within` character on, or
 * none within its distance and all the breaks remove), the entry is out up to where that ends.
 */
function mayRun(search: Search, entry: number, at = -1, to = 0, near = 0): number {
  const { tables, text } = search;
  let longest: number = Reach.None;
  let until = Infinity;
  for (let e = tables.entryFrom[entry]!; e < tables.entryFrom[entry + 1]!; e++) {
    const r = tables.entryRules[e]!;
    const rule = tables.rules[r]!;
    if (at >= 0 && !search.normalised) {
      let present = true;
      for (let q = tables.requiredFrom[r]!; present && q < tables.requiredFrom[r + 1]!; q++) {
        const id = tables.required[q]!;
        search.required[id] ||= text.includes(tables.requires[id]!) ? 1 : 2;
        present = search.required[id] === 1;
      }
      if (!present) continue;
      if (rule.within) {
        const char = rule.within.char;
        let next = search.next.get(char);
        if (next === undefined || (next !== -1 && next < at))
          search.next.set(char, (next = text.indexOf(char, at)));
        if (next === -1) continue;
        until = Math.min(until, next - rule.within.distance - search.removed);
        if (viewEnd(search.breaks, near, at, rule.within.distance, to) < next) continue;
        const stops = rule.within.stops;
        // A host's `stops` without `g` would be searched from the text's start: not a pre-check.
        if (stops?.global && firstStop(search, stops, at + tables.keywords[entry]!.length) < next)
          continue;
      }
    }
    if (rule.find !== undefined || !rule.anchored || !rule.pattern) return Reach.View;
    longest = Math.max(longest, patternReach(rule.pattern).length);
  }
  if (longest < 0) search.noneUntil[entry] = until; // ungated, only an entry without rules
  return longest;
}

/**
 * The first character of `stops` at or after `from` the joined view keeps (one inside a break goes
 * with it), or the text's length; remembered per class: hits in order read each stretch once.
 */
function firstStop(search: Search, stops: RegExp, from: number): number {
  const known = search.stops.get(stops);
  if (known !== undefined && known[0] <= from && from <= known[1]) return known[1];
  const { text, breaks } = search;
  let low = 0;
  let high = breaks.length / 2;
  while (low < high) {
    // The first break that ends after `from`.
    const middle = (low + high) >> 1;
    if (breaks[2 * middle + 1]! <= from) low = middle + 1;
    else high = middle;
  }
  let k = 2 * low;
  let at = from;
  for (;;) {
    stops.lastIndex = at;
    const stop = stops.exec(text)?.index ?? text.length;
    while (k < breaks.length && breaks[k + 1]! <= stop) k += 2;
    if (k < breaks.length && breaks[k]! <= stop && stop < text.length) {
      at = breaks[k + 1]!;
      continue;
    }
    search.stops.set(stops, [from, stop]);
    return stop;
  }
}

/** Where in the text a match of `length` from `at` ends at most, the breaks up to it removed. */
function viewEnd(
  breaks: readonly number[],
  first: number,
  at: number,
  length: number,
  to: number,
): number {
  if (length === Infinity) return to;
  let position = at;
  let left = length;
  for (let k = first; k < breaks.length && breaks[k]! < to; k += 2) {
    if (breaks[k + 1]! <= position) continue;
    const start = Math.max(breaks[k]!, position);
    if (start - position >= left) break;
    left -= start - position;
    position = breaks[k + 1]!;
  }
  return Math.min(to, position + left);
}

/** True when a break starts in `[a, b)`. */
function seamWithin(breaks: readonly number[], first: number, a: number, b: number): boolean {
  for (let k = first; k < breaks.length && breaks[k]! < b; k += 2) if (breaks[k]! >= a) return true;
  return false;
}

/**
 * What the seams from break `k` on (a chain of breaks close together, read as one) make across
 * them, their lines joined in a short copy read by the first pass: a point or a token run across a
 * seam needs the whole window; a keyword, the stretch its rules reach from there. Returns that and
 * the first break after the chain.
 */
function seamReach(
  search: Search,
  k: number,
  from: number,
  to: number,
): { reach: number; from: number; to: number; next: number } {
  const { text, breaks, tables } = search;
  // As far as a keyword may reach back across a seam, and a reference or marker run around it.
  const reach = Math.max(SEAM_REACH, tables.longest);
  let next = k + 2;
  while (
    next < breaks.length &&
    breaks[next]! < to &&
    breaks[next]! - breaks[next - 1]! < 2 * reach
  )
    next += 2;
  // Widened over marker runs: a run's point is where it starts, beside what comes before it.
  let at = Math.max(from, breaks[k]! - reach);
  while (at > from && isMarker(text.charCodeAt(at - 1))) at--;
  const copyFrom = at;
  let stop = Math.min(to, breaks[next - 1]! + reach);
  while (stop < to && isMarker(text.charCodeAt(stop))) stop++;
  const result = { reach: Reach.None as number, from: Infinity, to: -Infinity, next };
  // One seam whose copy provably yields nothing is decided without the copy (`inertSeam`); its
  // units unread when the pass saw no special in its stretch (walked to from the last seam's, back
  // too should one widened over markers start before it; past either end `undefined` is no less).
  let special = search.special;
  while (search.specials[special - 1]! >= copyFrom) special--;
  while (search.specials[special]! < copyFrom) special++;
  search.special = special;
  const plain = !(search.specials[special]! < stop);
  if (next === k + 2 && inertSeam(text, tables, copyFrom, breaks[k]!, breaks[k + 1]!, stop, plain))
    return result;
  let copy = '';
  const seams: number[] = [];
  for (let j = k; j < next; j += 2) {
    copy += text.slice(at, breaks[j]);
    seams.push(copy.length);
    at = breaks[j + 1]!;
  }
  copy += text.slice(at, stop);
  const needs = (a: number, b: number) => {
    result.reach = 0;
    result.from = Math.min(result.from, a);
    result.to = Math.max(result.to, b);
  };
  let pass = firstPass(copy, tables, false, search.level);
  let copyLength = copy.length;
  if (pass.points.length > 0) {
    // The text around the seams has no point (the window would be read whole), so the join made
    // this one: a marker run between token characters (`0` + `**Item`), a reference cut in two.
    // The copy is read as the normalised view reads it, with the same tests as a plain copy; a
    // point in it still, or a seam inside what it decodes, needs the whole window.
    const view = readerView(copy, toArray(pass.points), [], false, [[0, copy.length]]);
    for (let j = 0; j < seams.length; j++) {
      const inView = viewOffset(view, seams[j]!);
      if (inView < 0) {
        result.reach = Reach.Window;
        return result;
      }
      seams[j] = inView;
    }
    pass = firstPass(view.text, tables, false, search.level);
    copyLength = Math.max(copyLength, view.text.length);
    if (pass.points.length > 0) {
      result.reach = Reach.Window;
      return result;
    }
  }
  // Runs and hits come in order of start: one pointer into the seams serves each list.
  let seam = 0;
  const crosses = (first: number, last: number) => {
    while (seam < seams.length && seams[seam]! <= first) seam++;
    return seam < seams.length && seams[seam]! < last;
  };
  for (let j = 0; j < pass.runs.length; j += 2) {
    if (!crosses(pass.runs.list[j]!, pass.runs.list[j + 1]!)) continue;
    // A token run across a seam is decoded whole: the stretch it covers, joined (a run across
    // the seams of many chains, in a hard-wrapped block, is followed once).
    const run = search.run;
    if (!(run[0] <= breaks[k]! && breaks[k]! < run[1])) {
      run[0] = runStart(text, breaks, k, from);
      run[1] = runEnd(text, breaks, next - 2, to);
    }
    needs(run[0] - CONTEXT, Math.min(to, run[1] + CONTEXT));
  }
  seam = 0;
  // A run of separated units across a seam is decoded whole, as a token run is.
  for (let j = 0; j < pass.lists.length; j += 3)
    if (crosses(pass.lists.list[j]!, pass.lists.list[j + 1]!)) needs(from, to);
  seam = 0;
  for (let j = 0; j < pass.hits.length; j += 2) {
    const start = pass.hits.list[j]!;
    const entry = pass.hits.list[j + 1]!;
    if (!crosses(start, start + tables.keywords[entry]!.length)) continue;
    // Gates are not read here: the keyword is not in the text as written.
    const longest = mayRun(search, entry);
    if (longest === Reach.View) {
      result.reach = Reach.View;
      return result;
    }
    const end = viewEnd(breaks, k, copyFrom, longest + copyLength, to);
    needs(copyFrom - CONTEXT, Math.min(to, end + CONTEXT));
  }
  return result;
}

/** Where the token run that ends at break `k` starts, runs on earlier lines joined to it included. */
function runStart(text: string, breaks: readonly number[], k: number, from: number): number {
  let at = breaks[k]!;
  for (;;) {
    while (at > from && isToken(text.charCodeAt(at - 1))) at--;
    // The run reaches the start of a joined line: it goes on before that line's break.
    if (k >= 2 && at === breaks[k - 1]) {
      k -= 2;
      at = breaks[k]!;
    } else return at;
  }
}

/** Where the token run that starts after break `k` ends, runs on later lines joined to it included. */
function runEnd(text: string, breaks: readonly number[], k: number, to: number): number {
  let at = breaks[k + 1]!;
  for (;;) {
    while (at < to && isToken(text.charCodeAt(at))) at++;
    if (k + 2 < breaks.length && at === breaks[k + 2]) {
      k += 2;
      at = breaks[k + 1]!;
    } else return at;
  }
}

const isMarker = (code: number) => code === 0x2a || code === 0x60 || code === 0x7e;

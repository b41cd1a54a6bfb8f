import { firstPass } from './firstPass';
import type { Offsets } from './passOutput';
import type { ScanTables } from './scanTables';
import { windowsAround } from './viewWindows';

/** How far a join may change what a reader sees around a seam (a character reference is up to 32 long). */
const SEAM_REACH = 40;

/**
 * The windows of a joined view (`windowsAround` the breaks' starts) in which joining the lines
 * can find something: a window where some rule may run (one of its keywords is there and what it
 * requires is in the text; a `within` character follows it in the window), where the text
 * reads differently (a point: the view is normalised there), or where a seam makes what neither
 * line has: a keyword, a token run or a point across it (read in a short joined copy around the
 * seam). Every other window yields nothing a rule could report, so the view leaves it out:
 * ordinary text wrapped after a URL (a line that reads as a cut secret) builds no view at all.
 * `normalised`: the view decodes and folds as well (a required character may appear there).
 */
export function joinedWindows(
  text: string,
  breaks: readonly number[],
  points: readonly number[],
  hits: Offsets,
  tables: ScanTables,
  normalised: boolean,
  level: number,
): [number, number][] {
  const starts: number[] = [];
  for (let k = 0; k < breaks.length; k += 2) starts.push(breaks[k]!);
  const windows = windowsAround(text, starts);
  if (tables.always.length > 0) return windows;
  // The hits are read now, before a short copy's pass reuses the next level's output.
  const list = hits.list;
  const hitCount = hits.length;
  const kept: [number, number][] = [];
  let hit = 0;
  let point = 0;
  let seam = 0;
  const required = new Map<number, boolean>();
  for (const window of windows) {
    const [from, to] = window;
    while (hit < hitCount && list[hit]! < from) hit += 2;
    while (point < points.length && points[point]! < from) point++;
    while (seam < breaks.length && breaks[seam]! < from) seam += 2;
    let matters = point < points.length && points[point]! < to;
    for (let k = hit; !matters && k < hitCount && list[k]! < to; k += 2) {
      const runs = mayRun(text, list[k]!, list[k + 1]!, to, tables, normalised, required);
      // A rule that reads the whole text (a finder, an unanchored pattern) may find something
      // anywhere in the view once its keyword is in it: every window is kept.
      if (runs === Runs.Whole) return windows;
      matters = runs === Runs.Here;
    }
    for (let k = seam; !matters && k < breaks.length && breaks[k]! < to;)
      [matters, k] = seamMatters(text, breaks, k, from, to, tables, level);
    if (matters) kept.push(window);
  }
  return kept;
}

const enum Runs {
  No,
  /** An anchored rule, from this keyword. */
  Here,
  /** A rule over the whole view. */
  Whole,
}

/** Whether some rule of keyword entry `entry`, found at `at`, may run in the joined view. */
function mayRun(
  text: string,
  at: number,
  entry: number,
  to: number,
  tables: ScanTables,
  normalised: boolean,
  required: Map<number, boolean>,
): Runs {
  let runs = Runs.No;
  for (let e = tables.entryFrom[entry]!; e < tables.entryFrom[entry + 1]!; e++) {
    const r = tables.entryRules[e]!;
    const rule = tables.rules[r]!;
    const whole = rule.find !== undefined || !rule.anchored;
    if (normalised) {
      if (whole) return Runs.Whole;
      runs = Runs.Here;
      continue;
    }
    let present = true;
    for (let q = tables.requiredFrom[r]!; present && q < tables.requiredFrom[r + 1]!; q++) {
      const id = tables.required[q]!;
      let known = required.get(id);
      if (known === undefined) required.set(id, (known = text.includes(tables.requires[id]!)));
      present = known;
    }
    if (!present) continue;
    if (whole) return Runs.Whole;
    if (rule.within) {
      const next = text.indexOf(rule.within.char, at);
      if (next === -1 || next >= to) continue;
    }
    runs = Runs.Here;
  }
  return runs;
}

/**
 * Whether the seams from break `k` on (a chain of breaks less than twice the reach apart, read
 * as one) make a keyword, a token run or a point across them: the lines around them are joined
 * in a short copy and read by the first pass. Returns the answer and the first break after the chain.
 */
function seamMatters(
  text: string,
  breaks: readonly number[],
  k: number,
  from: number,
  to: number,
  tables: ScanTables,
  level: number,
): [boolean, number] {
  // As far as a keyword may reach back across a seam, and a reference or marker run around it.
  const reach = Math.max(SEAM_REACH, tables.longest);
  let end = k + 2;
  while (end < breaks.length && breaks[end]! < to && breaks[end]! - breaks[end - 1]! < 2 * reach)
    end += 2;
  let copy = '';
  const seams: number[] = [];
  // Widened over marker runs: a run's point is where it starts, beside what comes before it.
  let at = Math.max(from, breaks[k]! - reach);
  while (at > from && isMarker(text.charCodeAt(at - 1))) at--;
  for (let j = k; j < end; j += 2) {
    copy += text.slice(at, breaks[j]);
    seams.push(copy.length);
    at = breaks[j + 1]!;
  }
  let stop = Math.min(to, breaks[end - 1]! + reach);
  while (stop < to && isMarker(text.charCodeAt(stop))) stop++;
  copy += text.slice(at, stop);
  const pass = firstPass(copy, tables, false, level);
  if (pass.points.length > 0) return [true, end];
  const crosses = (first: number, last: number) => {
    for (const seam of seams) if (first < seam && seam < last) return true;
    return false;
  };
  for (let j = 0; j < pass.runs.length; j += 2)
    if (crosses(pass.runs.list[j]!, pass.runs.list[j + 1]!)) return [true, end];
  for (let j = 0; j < pass.hits.length; j += 2) {
    const start = pass.hits.list[j]!;
    if (crosses(start, start + tables.keywords[pass.hits.list[j + 1]!]!.length)) return [true, end];
  }
  return [false, end];
}

const isMarker = (code: number) => code === 0x2a || code === 0x60 || code === 0x7e;

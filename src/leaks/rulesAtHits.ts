import type { LeakRule } from './leakRule';
import type { Offsets } from './passOutput';
import type { ScanTables } from './scanTables';

/**
 * Reports one span a rule's engine yields: the secret `[start, end)` and the whole match
 * `[matchStart, matchEnd)`, by the rule's index in the set.
 */
export type SpanReport = (
  rule: number,
  start: number,
  end: number,
  matchStart: number,
  matchEnd: number,
) => void;

// Per rule, what the current text has done with it, valid while its stamp is the current one:
// nothing is cleared per text (a text's stamp is new), and nothing is allocated per hit.
interface RuleState {
  stamp: Int32Array;
  /** Anchored rules: where the last match ended (a keyword inside it starts nothing). */
  consumed: Int32Array;
  /** Anchored rules with `within`: the next occurrence of the character at or after the last start. */
  next: Float64Array;
  /** The required strings: stamp, then 1 present / 2 absent. */
  requiredStamp: Int32Array;
  required: Uint8Array;
  /**
   * Per rule: its pattern as run here (no lookup per hit), sticky for an anchored rule, else
   * global; never the host's own regex, whatever `g` or `y` it has.
   */
  runs: (RegExp | undefined)[];
}

const states = new WeakMap<ScanTables, RuleState>();
let generation = 0;

function stateOf(tables: ScanTables): RuleState {
  let state = states.get(tables);
  if (!state) {
    const count = tables.rules.length;
    state = {
      stamp: new Int32Array(count),
      consumed: new Int32Array(count),
      next: new Float64Array(count),
      requiredStamp: new Int32Array(tables.requires.length),
      required: new Uint8Array(tables.requires.length),
      // Sticky: matches only where `lastIndex` points. The host's `g`/`y` dropped: a `yy` throws,
      // a `y` ties a search over the text to offset 0, a regex without `g` finds its first forever.
      runs: tables.rules.map(
        ({ anchored: isAnchored, pattern }) =>
          pattern &&
          new RegExp(pattern, pattern.flags.replace(/[gy]/g, '') + (isAnchored ? 'y' : 'g')),
      ),
    };
    states.set(tables, state);
  }
  return state;
}

/**
 * Runs the rules of `tables` on `text` where its first pass found their keywords (`hits`): an
 * anchored rule sticky at each of its keyword starts (none inside its last match), any other
 * rule once over the whole text when one of its keywords occurs, a rule without keywords always;
 * a rule only when the strings it requires occur. Each span goes to `report`, unchecked
 * (placeholders and acceptance are the caller's).
 */
export function rulesAtHits(
  text: string,
  tables: ScanTables,
  hits: Offsets,
  report: SpanReport,
): void {
  const state = stateOf(tables);
  const stamp = ++generation;
  if (generation === 0x7fffffff) {
    state.stamp.fill(0);
    state.requiredStamp.fill(0);
    generation = 1;
  }
  const { rules, always, entryFrom, entryRules } = tables;
  for (let k = 0; k < always.length; k++) {
    const r = always[k]!;
    if (requiredPresent(text, tables, state, r, stamp))
      whole(text, rules[r]!, r, report, state.runs[r]);
  }
  const list = hits.list;
  for (let k = 0; k < hits.length; k += 2) {
    const at = list[k]!;
    const entry = list[k + 1]!;
    for (let e = entryFrom[entry]!, to = entryFrom[entry + 1]!; e < to; e++) {
      const r = entryRules[e]!;
      const rule = rules[r]!;
      if (state.stamp[r] !== stamp) {
        if (!requiredPresent(text, tables, state, r, stamp)) continue;
        state.stamp[r] = stamp;
        state.consumed[r] = -1;
        state.next[r] = -1;
        if (rule.find || !rule.anchored) whole(text, rule, r, report, state.runs[r]);
      }
      if (rule.anchored && rule.pattern) anchored(text, rule, r, at, state, report);
    }
  }
}

/** True when every string rule `r` requires occurs in the text (each looked for once per text). */
function requiredPresent(
  text: string,
  tables: ScanTables,
  state: RuleState,
  r: number,
  stamp: number,
): boolean {
  for (let k = tables.requiredFrom[r]!, to = tables.requiredFrom[r + 1]!; k < to; k++) {
    const q = tables.required[k]!;
    if (state.requiredStamp[q] !== stamp) {
      state.requiredStamp[q] = stamp;
      state.required[q] = text.includes(tables.requires[q]!) ? 1 : 2;
    }
    if (state.required[q] === 2) return false;
  }
  return true;
}

/** What a rule finds over the whole text: its `find` spans, and its pattern everywhere unless anchored. */
function whole(
  text: string,
  rule: LeakRule,
  r: number,
  report: SpanReport,
  pattern: RegExp | undefined,
): void {
  if (rule.find) for (const [start, end] of rule.find(text)) report(r, start, end, start, end);
  if (!pattern || rule.anchored) return;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    reportMatch(r, match, report);
    if (match[0].length === 0) pattern.lastIndex++;
  }
}

/** An anchored rule at one of its keyword starts. */
function anchored(
  text: string,
  rule: LeakRule,
  r: number,
  at: number,
  state: RuleState,
  report: SpanReport,
): void {
  if (at < state.consumed[r]!) return;
  const within = rule.within;
  if (within) {
    // Starts only move forward, so the search for the next occurrence never goes back.
    let next = state.next[r]!;
    if (next !== Infinity && next < at) {
      const found = text.indexOf(within.char, at);
      next = state.next[r] = found === -1 ? Infinity : found;
    }
    if (next - at > within.distance) return;
  }
  const sticky = state.runs[r]!;
  sticky.lastIndex = at;
  // `test` first: most keywords start no match, and a match object costs more than a boolean.
  if (!sticky.test(text)) return;
  state.consumed[r] = sticky.lastIndex; // the match's end
  sticky.lastIndex = at;
  reportMatch(r, sticky.exec(text)!, report);
}

/** A match's secret span (its `secret` group, or all of it), then the whole match's span. */
function reportMatch(r: number, match: RegExpExecArray, report: SpanReport): void {
  const group = match.indices?.groups?.secret;
  const matchEnd = match.index + match[0].length;
  if (group) report(r, group[0], group[1], match.index, matchEnd);
  else report(r, match.index, matchEnd, match.index, matchEnd);
}

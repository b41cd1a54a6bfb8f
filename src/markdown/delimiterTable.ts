import { type Rows, addRow, createRows, rowField, setRowField } from './rows';

/** What a `*`/`_` run's record holds, at these offsets. */
export const enum Run {
  /** Its character code, its length as written and what is left of it. */
  Char,
  Length,
  Count,
  /** Whether it can open (`CAN_OPEN`) and close (`CAN_CLOSE`). */
  Flags,
  /** Its neighbours while pairing. */
  Previous,
  Next,
  /** The pairs it opens, outermost first, and closes, innermost first (lists through pairs). */
  Opens,
  Closes,
  LastClose,
  Width,
}

/** What an emphasis pair's record holds, at these offsets. */
export const enum Pair {
  /** Characters used: 1 em, 2 strong. */
  Use,
  /** Shown as text (nested too deep). */
  Literal,
  NextOpen,
  NextClose,
  Width,
}

/**
 * The `*`/`_` runs of one paragraph and the emphasis pairs made of them, as records of typed
 * arrays rather than an object per run: a paragraph of a million runs makes no garbage. A run
 * and a pair are known by their index; -1 is none.
 */
export interface DelimiterTable {
  readonly runs: Rows;
  readonly pairs: Rows;
}

/** Whether a run can open (`CAN_OPEN`) or close (`CAN_CLOSE`) emphasis. */
export const CAN_OPEN = 1;
export const CAN_CLOSE = 2;

/** An empty table. */
export function createDelimiterTable(): DelimiterTable {
  return { runs: createRows(Run.Width), pairs: createRows(Pair.Width) };
}

/** Appends a run after `previous`; returns its index. */
export function addRun(
  table: DelimiterTable,
  char: number,
  length: number,
  flags: number,
  previous: number,
): number {
  const run = addRow(table.runs);
  const set = (field: Run, value: number) => setRowField(table.runs, run, field, value);
  set(Run.Char, char);
  set(Run.Length, length);
  set(Run.Count, length);
  set(Run.Flags, flags);
  set(Run.Previous, previous);
  set(Run.Next, -1);
  set(Run.Opens, -1);
  set(Run.Closes, -1);
  set(Run.LastClose, -1);
  if (previous >= 0) setRowField(table.runs, previous, Run.Next, run);
  return run;
}

/** Records a pair of `use` characters between an opener and a closer; returns its index. */
export function addPair(
  table: DelimiterTable,
  opener: number,
  closer: number,
  use: number,
): number {
  const pair = addRow(table.pairs);
  setRowField(table.pairs, pair, Pair.Use, use);
  // Each new pair of an opener lies outside the ones before it: it goes first.
  setRowField(table.pairs, pair, Pair.NextOpen, rowField(table.runs, opener, Run.Opens));
  setRowField(table.runs, opener, Run.Opens, pair);
  setRowField(table.pairs, pair, Pair.NextClose, -1);
  const last = rowField(table.runs, closer, Run.LastClose);
  if (last >= 0) setRowField(table.pairs, last, Pair.NextClose, pair);
  else setRowField(table.runs, closer, Run.Closes, pair);
  setRowField(table.runs, closer, Run.LastClose, pair);
  return pair;
}

/**
 * The `*`/`_` runs of one paragraph and the emphasis pairs made of them, in columns of typed
 * arrays rather than an object per run: a paragraph of a million runs makes no garbage. A run
 * and a pair are known by their index; -1 is none.
 */
export interface DelimiterTable {
  runs: number;
  pairs: number;
  /** Per run: its character code, its length as written and what is left, whether it can open
   * (1) and close (2), its neighbours while pairing, and the pairs it opens and closes. */
  char: Uint16Array;
  length: Int32Array;
  count: Int32Array;
  flags: Uint8Array;
  previous: Int32Array;
  next: Int32Array;
  /** The pairs it opens, outermost first, and closes, innermost first (lists through `pairNext…`). */
  opens: Int32Array;
  closes: Int32Array;
  lastClose: Int32Array;
  /** Per pair: characters used (1 em, 2 strong), whether shown as text (nested too deep), links. */
  use: Uint8Array;
  literal: Uint8Array;
  nextOpen: Int32Array;
  nextClose: Int32Array;
}

/** Whether a run can open (`CAN_OPEN`) or close (`CAN_CLOSE`) emphasis. */
export const CAN_OPEN = 1;
export const CAN_CLOSE = 2;

/** An empty table with room for `capacity` runs and as many pairs. */
export function createDelimiterTable(capacity = 16): DelimiterTable {
  return {
    runs: 0,
    pairs: 0,
    char: new Uint16Array(capacity),
    length: new Int32Array(capacity),
    count: new Int32Array(capacity),
    flags: new Uint8Array(capacity),
    previous: new Int32Array(capacity),
    next: new Int32Array(capacity),
    opens: new Int32Array(capacity),
    closes: new Int32Array(capacity),
    lastClose: new Int32Array(capacity),
    use: new Uint8Array(capacity),
    literal: new Uint8Array(capacity),
    nextOpen: new Int32Array(capacity),
    nextClose: new Int32Array(capacity),
  };
}

function grown<T extends Uint8Array | Uint16Array | Int32Array>(array: T): T {
  const bigger = new (array.constructor as new (length: number) => T)(array.length * 2);
  bigger.set(array);
  return bigger;
}

/** Appends a run after `previous`; returns its index. */
export function addRun(
  table: DelimiterTable,
  char: number,
  length: number,
  flags: number,
  previous: number,
): number {
  if (table.runs === table.char.length) {
    for (const key of RUN_COLUMNS) (table[key] as Int32Array) = grown(table[key] as Int32Array);
  }
  const run = table.runs++;
  table.char[run] = char;
  table.length[run] = length;
  table.count[run] = length;
  table.flags[run] = flags;
  table.previous[run] = previous;
  table.next[run] = -1;
  table.opens[run] = -1;
  table.closes[run] = -1;
  table.lastClose[run] = -1;
  if (previous >= 0) table.next[previous] = run;
  return run;
}

/** Records a pair of `use` characters between an opener and a closer; returns its index. */
export function addPair(
  table: DelimiterTable,
  opener: number,
  closer: number,
  use: number,
): number {
  if (table.pairs === table.use.length) {
    for (const key of PAIR_COLUMNS) (table[key] as Int32Array) = grown(table[key] as Int32Array);
  }
  const pair = table.pairs++;
  table.use[pair] = use;
  table.literal[pair] = 0;
  // Each new pair of an opener lies outside the ones before it: it goes first.
  table.nextOpen[pair] = table.opens[opener]!;
  table.opens[opener] = pair;
  table.nextClose[pair] = -1;
  const last = table.lastClose[closer]!;
  if (last >= 0) table.nextClose[last] = pair;
  else table.closes[closer] = pair;
  table.lastClose[closer] = pair;
  return pair;
}

const RUN_COLUMNS = [
  'char',
  'length',
  'count',
  'flags',
  'previous',
  'next',
  'opens',
  'closes',
  'lastClose',
] as const;
const PAIR_COLUMNS = ['use', 'literal', 'nextOpen', 'nextClose'] as const;

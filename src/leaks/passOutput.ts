/** A growable list of offsets, reused from pass to pass (no allocation once it is large enough). */
export interface Offsets {
  list: Int32Array;
  length: number;
}

/** What the first pass found in one text, in order of position. */
export interface PassOutput {
  /** Pairs `[start, entry]`: a keyword entry (see `ScanTables`) verified at `start`, by start. */
  readonly hits: Offsets;
  /** Offsets where the text reads differently than it is written (encodings, look-alikes, markers). */
  readonly points: Offsets;
  /** Pairs `[start, end)` of line breaks (with the markers a reader skips) that may wrap a token. */
  readonly breaks: Offsets;
  /** Pairs `[start, end)` of runs of token characters at least `MIN_ENCODED_RUN` long. */
  readonly runs: Offsets;
  /** Triples `[start, end, kind]` of runs of separated units (`Separated`: spaced out, listed). */
  readonly lists: Offsets;
  /**
   * Where a unit a reader's view may read differently was seen, whether or not it makes a point
   * (a reference, an escape, a tilde, an invisible control, a unit above ASCII that folds, a high
   * surrogate, one the pass classifies on first sight): a stretch without one holds only units a
   * reader's view copies as written (a low surrogate without a high one before it among them),
   * and the markers it drops.
   */
  readonly specials: Offsets;
}

/** An empty list. */
export function offsets(): Offsets {
  return { list: new Int32Array(16), length: 0 };
}

/** Appends one offset. */
export function push(into: Offsets, value: number): void {
  if (into.length === into.list.length) {
    const grown = new Int32Array(into.list.length * 2);
    grown.set(into.list);
    into.list = grown;
  }
  into.list[into.length++] = value;
}

/** A new, empty output. */
export function passOutput(): PassOutput {
  return {
    hits: offsets(),
    points: offsets(),
    breaks: offsets(),
    runs: offsets(),
    lists: offsets(),
    specials: offsets(),
  };
}

/** The offsets as a plain array (what a view is built from). */
export function toArray(from: Offsets): number[] {
  const array = new Array<number>(from.length);
  for (let k = 0; k < from.length; k++) array[k] = from.list[k]!;
  return array;
}

import { isSpaceOrTab } from './tokenChars';

/** Characters of context kept on each side of a point, so a keyword before a secret is kept too. */
const CONTEXT = 160;

/**
 * Merged windows `[from, to)` of `source` reaching 160 characters around sorted offsets, widened
 * to spaces or tabs: the stretches a view of the text is built of.
 */
export function windowsAround(source: string, offsets: readonly number[]): [number, number][] {
  const windows: [number, number][] = [];
  // The first space at or after a position is the same for every position up to it: remembering
  // the last answer keeps a text without spaces from being searched to its end once per point.
  let searchedFrom = -1;
  let found = -1;
  for (const offset of offsets) {
    const last = windows[windows.length - 1];
    if (last && offset < last[1] + CONTEXT) {
      last[1] = Math.max(last[1], rightEdge(offset + CONTEXT));
      continue;
    }
    let from = Math.max(0, offset - CONTEXT, last ? last[1] : 0);
    const floor = last ? last[1] : 0;
    while (from > floor && !isSpaceOrTab(source.charCodeAt(from - 1))) from--;
    windows.push([from, rightEdge(offset + CONTEXT)]);
  }
  return windows;

  function rightEdge(at: number): number {
    if (at >= source.length) return source.length;
    if (at < searchedFrom || at > found) {
      found = at;
      while (found < source.length && !isSpaceOrTab(source.charCodeAt(found))) found++;
      searchedFrom = at;
    }
    return found;
  }
}

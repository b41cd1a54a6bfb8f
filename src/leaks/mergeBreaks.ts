/**
 * Break pairs `[start, end)` from several sources (line ends, spaces, table cells, a value's
 * seams) as one list in order, each text offset in one break at most: a break inside another
 * (a line end inside a table seam) is left out, as is one that overlaps the break before it.
 */
export function mergeBreaks(...lists: readonly (readonly number[])[]): number[] {
  const pairs: [number, number][] = [];
  for (const list of lists)
    for (let k = 0; k < list.length; k += 2) pairs.push([list[k]!, list[k + 1]!]);
  pairs.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: number[] = [];
  let end = -1;
  for (const [start, stop] of pairs) {
    if (start < end) continue;
    merged.push(start, stop);
    end = stop;
  }
  return merged;
}

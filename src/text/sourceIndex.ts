import type { ReaderText } from './readerText';

/**
 * Where the character at `index` of a reader's text was written in its source: `index` plus the
 * removed units before it (a binary search over `removed`). `index` may be `text.length`, the end.
 */
export function sourceIndex(view: ReaderText, index: number): number {
  const { removed } = view;
  // The answer s is the smallest with s - (removed units below s) === index and s not removed:
  // search for how many removed units come before it.
  let low = 0;
  let high = removed.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    // removed[middle] lies before the answer when fewer than it kept units precede it.
    if (removed[middle]! - middle <= index) low = middle + 1;
    else high = middle;
  }
  return index + low;
}

import type { ReaderView } from './readerView';

/**
 * Where source offset `at` of a copy falls in its view: the first view character written at or
 * after it; -1 inside what one view character stands for (a reference the seam cut in two).
 */
export function viewOffset(view: ReaderView, at: number): number {
  const { at: starts, from, to } = view;
  for (let k = 0; k < starts.length; k++) {
    if (to[k]! < 0) {
      const length = (k + 1 < starts.length ? starts[k + 1]! : view.text.length) - starts[k]!;
      if (from[k]! + length > at) return starts[k]! + Math.max(0, at - from[k]!);
    } else if (from[k]! >= at) return starts[k]!;
    else if (to[k]! > at) return -1;
  }
  return view.text.length;
}

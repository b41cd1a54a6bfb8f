import { isSpaceOrTab } from './tokenChars';

/**
 * The stretches a window's view needs (merged, clipped to `[from, to)`), each with `context`
 * more on either side and widened to the spaces or tabs around it (as `windowsAround` widens,
 * not its 160 characters), added to `kept`: a stretch starts `CONTEXT` before a keyword, so any
 * match from a keyword inside it reads its lookbehind and the 32 characters `accept` is given
 * in the window too. Each widening reads on from the last one's end: linear in the window.
 */
export function stretches(
  text: string,
  ranges: [number, number][],
  from: number,
  to: number,
  context: number,
  kept: [number, number][],
): void {
  ranges.sort((x, y) => x[0] - y[0]);
  const first = kept.length;
  for (const range of ranges) {
    let a = Math.max(from, range[0] - context);
    let b = Math.min(to, range[1] + context);
    const last = kept.length > first ? kept[kept.length - 1]! : undefined;
    if (last && b <= last[1]) continue;
    const floor = last ? last[1] : from;
    if (a < floor) a = floor;
    while (a > floor && !isSpaceOrTab(text.charCodeAt(a - 1))) a--;
    while (b < to && !isSpaceOrTab(text.charCodeAt(b))) b++;
    if (last && a <= last[1]) last[1] = b;
    else kept.push([a, b]);
  }
}

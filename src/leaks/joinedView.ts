import type { ReaderView } from './readerView';
import { windowsAround } from './viewWindows';

/**
 * The windows of `source` around `breaks` (pairs `[start, end)`) with those breaks removed and
 * nothing else changed: the joined view of a text in which the first pass found nothing that reads
 * differently than written. It is copied a line at a time, where `readerView` would look at every
 * character that may need folding (on ordinary text, most of what it does). Same windows and
 * piece map as `readerView`'s joined view; `windows` (those of the breaks) may leave some out.
 */
export function joinedView(
  source: string,
  breaks: readonly number[],
  windows: readonly (readonly [number, number])[] = windowsOf(source, breaks),
): ReaderView {
  const parts: string[] = [];
  const at: number[] = [];
  const from: number[] = [];
  const to: number[] = [];
  let length = 0;
  const copy = (start: number, end: number) => {
    if (end <= start) return;
    parts.push(source.slice(start, end));
    at.push(length);
    from.push(start);
    to.push(-1);
    length += end - start;
  };
  let next = 0; // the next break, as an index into `breaks`
  for (const [windowFrom, windowTo] of windows) {
    if (length > 0) {
      // Windows are kept apart as readerView keeps them: a newline standing for nothing.
      parts.push('\n');
      at.push(length);
      from.push(windowFrom);
      to.push(windowFrom);
      length++;
    }
    while (next < breaks.length && breaks[next]! < windowFrom) next += 2;
    let i = windowFrom;
    while (next < breaks.length && breaks[next]! < windowTo) {
      // As readerView reads them: a break that starts before the last one ended (a seam listed
      // twice, as a line break and as a join) ends the joining in this window.
      if (breaks[next]! < i) break;
      copy(i, breaks[next]!);
      i = breaks[next + 1]!;
      next += 2;
    }
    copy(i, windowTo);
  }
  return { text: parts.join(''), at, from, to };
}

/** The windows around the breaks' starts. */
function windowsOf(source: string, breaks: readonly number[]): [number, number][] {
  const starts: number[] = [];
  for (let k = 0; k < breaks.length; k += 2) starts.push(breaks[k]!);
  return windowsAround(source, starts);
}

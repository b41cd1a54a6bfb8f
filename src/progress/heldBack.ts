import type { PartialValue } from './createValueBuilder';
import { HOLD_MAX, HOLD_WINDOW, holdBack, MARKUP_REACH, runStart, tailOf } from './holdBack';
import type { SegmentJoins } from './segmentJoins';

/** What a view of a partial value holds back, in the offsets of its strings joined in reading order. */
export interface HeldBack {
  /** Nothing from here on is shown. */
  readonly cut: number;
  /** Stretches before the cut shown masked (`[start, end)` pairs): undecided, too long to hold. */
  readonly masks: readonly number[];
}

/**
 * What a view of the value read so far may not show yet: the end of the text read
 * ({@link holdBack}), and, in a segment reply, the end of the visible strings the final scan
 * joins, which a string still to come may be joined to: other strings may have been read between
 * them and the end (a share's url after its title, a custom schema's other members of a
 * segment's data). That end is held back like the end of the text read while that keeps the view
 * within {@link HOLD_MAX} of it, and masked until the join is decided beyond. `window`: as far
 * back from an end as nothing is shown ({@link holdBack}).
 */
export function heldBack(
  partial: PartialValue,
  openMarkup: (text: string) => number,
  joins: SegmentJoins | undefined,
  window = HOLD_WINDOW,
): HeldBack {
  // A rule's lookaround reads without bound: nothing is decided before the end.
  if (window === Infinity) return { cut: 0, masks: [] };
  const { strings } = partial;
  const tail = tailOf(strings, window);
  const hold = holdBack(tail.text, tagStart(tail.text, openMarkup), window);
  let cut = tail.start + hold.cut;
  const masks = hold.masks.map((at) => tail.start + at);
  const chain = joins?.chain ?? [];
  // The last string read alone is the end of the text read: held back above already.
  if (chain.length === 0 || (chain.length === 1 && chain[0]!.string === strings.length - 1))
    return { cut, masks };

  // The chain's end as one text, as the scan joins it, with where each piece was read: back to
  // where its last run starts, twice as far each time it goes on (linear overall).
  const taken: number[] = [];
  let length = 0;
  let want = Math.max(MARKUP_REACH, window);
  let text = '';
  for (let k = chain.length - 1; k >= 0; k--) {
    taken.push(k);
    length += strings[chain[k]!.string]!.text.length + 1;
    if (length < want && k > 0) continue;
    text = taken
      .map(
        (at, n) =>
          strings[chain[at]!.string]!.text + (n === 0 ? '' : chain[taken[n - 1]!]!.separator),
      )
      .reverse()
      .join('');
    if (k === 0 || runStart(text, text.length) > 0) break;
    want = 2 * length;
  }
  const pieces: { at: number; start: number; length: number }[] = [];
  let at = 0;
  for (let n = taken.length - 1; n >= 0; n--) {
    const entry = strings[chain[taken[n]!]!.string]!;
    pieces.push({ at, start: entry.start, length: entry.text.length });
    at += entry.text.length + (n > 0 ? chain[taken[n - 1]!]!.separator.length : 0);
  }
  const chained = holdBack(text, tagStart(text, openMarkup), window);
  // Where the chain's cut was read: its end is held back like the end of the text read while
  // that keeps the view within HOLD_MAX of the end, and masked (until decided) beyond.
  const into = pieces.find((piece) => chained.cut < piece.at + piece.length) ?? pieces.at(-1)!;
  const chainCut = into.start + Math.max(0, Math.min(chained.cut - into.at, into.length));
  const held = partial.length - chainCut <= HOLD_MAX;
  if (held) cut = Math.min(cut, chainCut);
  const undecided = [...chained.masks, ...(held ? [] : [chained.cut, text.length])];
  for (let k = 0; k < undecided.length; k += 2)
    for (const piece of pieces) {
      const from = Math.max(undecided[k]!, piece.at);
      const to = Math.min(undecided[k + 1]!, piece.at + piece.length);
      if (to > from) masks.push(piece.start + from - piece.at, piece.start + to - piece.at);
    }
  return { cut, masks };
}

/** Where a tag still being written starts within {@link MARKUP_REACH} of the end of `text`, or -1. */
function tagStart(text: string, openMarkup: (text: string) => number): number {
  const from = Math.max(0, text.length - MARKUP_REACH);
  const start = openMarkup(from === 0 ? text : text.slice(from));
  return start < 0 ? -1 : from + start;
}

import type { JsonObserver } from '../json/jsonObserver';
import { type PartialValue, createValueBuilder } from './createValueBuilder';
import type { ProgressScanner } from './progressScanner';
import { type SafeView, safeProgressView } from './safeProgressView';

/** Follows a streamed answer and says when a new progress view is due: see {@link createProgress}. */
export interface ProgressTracker {
  /** Watches the parser (beside the judge): builds the value read so far. */
  readonly observer: JsonObserver;
  /**
   * After a chunk, with `offset` characters read: the next view to show, or `undefined` when none
   * is due (nothing new to show, or not worth a rescan yet).
   */
  next(offset: number): ProgressValue | undefined;
}

/** A progress view: the reply read so far, safe to show, provisional. */
export interface ProgressValue {
  readonly value: unknown;
  /**
   * Characters of the reply's strings read but not shown yet: at most 128, or as far as a host
   * leak rule's lookarounds read (all of them for an unbounded one).
   */
  readonly heldBack: number;
}

/** Views are at least this many characters apart. */
const MIN_STEP = 16;
/** Each view rescans everything read: they are spaced so all the rescans of an answer cost at most this many times its length. */
const RESCAN_FACTOR = 16;

// The field of each segment type a reader sees as text while it streams.
const VISIBLE: Readonly<Record<string, string>> = { text: 'text', markdown: 'content' };

/**
 * Progress views of a streamed answer for hosts that show a reply as it is written: for the IM
 * preset the segments read so far (closed segments whole, the open text or Markdown segment's text
 * so far), for a custom schema the value read so far. Each view is safe to show
 * ({@link safeProgressView}: undecided text held back, secrets masked, markup withheld) and
 * provisional: the turn's `final` result is what counts, and a `rejected` answer's views are void.
 * The views are a lazy chunk, loaded by a turn that asks for progress; the turn's policies come
 * prepared as a {@link ProgressScanner}.
 */
export function createProgress(
  mode: 'segments' | 'custom',
  scanner: ProgressScanner,
): ProgressTracker {
  const builder = createValueBuilder(scanner.pointerOf);
  let lastOffset = 0;
  let scanned = 0;
  let last = '';
  return {
    observer: builder.observer,
    next(offset) {
      if (offset - lastOffset < MIN_STEP || scanned + offset > RESCAN_FACTOR * offset)
        return undefined;
      lastOffset = offset;
      scanned += offset;
      const partial = builder.current();
      const view = safeProgressView(partial, scanner);
      if (view === undefined) return undefined;
      // The same cut, masks and withheld spans show the same: nothing new to send.
      if (view.signature === last) return undefined;
      last = view.signature;
      const value = mode === 'segments' ? segmentsView(view, partial) : view.value;
      if (value === undefined) return undefined;
      return { value, heldBack: view.heldBack };
    },
  };
}

/** The segments a view may show: whole closed ones, then the open text segment's text so far. */
function segmentsView(view: SafeView, partial: PartialValue): unknown {
  const shown = (view.value as { segments?: unknown } | null)?.segments;
  const read = (partial.root as { segments?: unknown } | null)?.segments;
  if (!Array.isArray(shown) || !Array.isArray(read)) return undefined;
  const segments: unknown[] = [];
  for (let k = 0; k < shown.length; k++) {
    const original = read[k] as object;
    const segment = shown[k] as { type?: unknown; data?: Record<string, unknown> } | null;
    if (partial.closed.has(original) && !view.partly.has(original)) {
      segments.push(segment);
      continue;
    }
    const field = typeof segment?.type === 'string' ? VISIBLE[segment.type] : undefined;
    const text = field === undefined ? undefined : segment?.data?.[field];
    if (typeof text === 'string' && text !== '')
      segments.push({ type: segment!.type, data: { [field!]: text } });
    break;
  }
  return { segments };
}

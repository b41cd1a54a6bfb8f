import type { PartialValue } from './createValueBuilder';

/** What the final reply's leak scan will join in a segment reply read so far: see {@link segmentJoins}. */
export interface SegmentJoins {
  /**
   * The value to scan: the partial value, with each segment whose `type` is not read yet typed by
   * the field its data holds, so the scan joins its text to its neighbours' as the final one will.
   */
  readonly scanned: unknown;
  /**
   * The visible strings (indexes into the partial value's strings), in delivery order, that end
   * with one a string still to come may be joined to, each with what joins it to the one before
   * (`\n`, or `@` before a mention target). Empty when no string read can be joined to one to come.
   */
  readonly chain: readonly { readonly string: number; readonly separator: string }[];
}

// The field a reader sees of each segment type, as the leak scanner joins them (a mention target
// is read after an `@`); its key in the data tells an untyped segment's type.
const VISIBLE: Readonly<Record<string, string>> = {
  text: 'text',
  markdown: 'content',
  share: 'title',
  mention: 'target',
};
const TYPE_OF: Readonly<Record<string, string>> = {
  text: 'text',
  content: 'markdown',
  title: 'share',
  target: 'mention',
};

/** A segment's visible field: decided by its type once read, else by its data; `undefined`: none. */
interface Visibility {
  readonly key: string | undefined;
  /** The type is read (or the data tells it); otherwise the segment may still turn out visible. */
  readonly decided: boolean;
  /** The type the data tells, for a segment whose type is not read yet. */
  readonly predicted?: string;
}

/**
 * The final reply's leak scan reads the visible strings of a segment reply (text, Markdown, share
 * titles, mention targets) as one text, each joined to the next segment's, in delivery order —
 * whatever order each segment's members came in. A progress view scans the value read so far: a
 * segment that wrote its `data` before its `type` would be read as not visible, and a secret cut
 * across it and the segment before found by neither part. So the scan reads such a segment as
 * its data says it is typed, and the view holds back the end of the last visible string that a
 * string still to come may be joined to (the next segment's), wherever it is in reading order.
 * `undefined` for a value that is not a segment reply (its strings join in reading order).
 */
export function segmentJoins(partial: PartialValue): SegmentJoins | undefined {
  const root = partial.root as { segments?: unknown } | null;
  const segments = typeof root === 'object' && root !== null ? root.segments : undefined;
  if (!Array.isArray(segments)) return undefined;
  const openString = partial.openPointer;
  const visibility: Visibility[] = segments.map((segment: unknown, k) =>
    visibilityOf(segment, k, openString, partial),
  );
  let scanned: unknown = root;
  if (visibility.some((each) => each.predicted !== undefined)) {
    const typed = segments.map((segment: unknown, k) =>
      visibility[k]!.predicted === undefined
        ? segment
        : { ...(segment as object), type: visibility[k]!.predicted },
    );
    scanned = { ...root, segments: typed };
  }
  return { scanned, chain: chainOf(partial, segments, visibility) };
}

function visibilityOf(
  segment: unknown,
  index: number,
  openString: string | undefined,
  partial: PartialValue,
): Visibility {
  if (typeof segment !== 'object' || segment === null) return { key: undefined, decided: true };
  const { type, data } = segment as { type?: unknown; data?: unknown };
  const typeOpen = openString === `/segments/${index}/type`;
  if (typeof type === 'string' && !typeOpen) return { key: VISIBLE[type], decided: true };
  // The type is not read yet: the data's visible field tells it (any other type with that field
  // is invalid, and refused once the type is read).
  if (typeof data === 'object' && data !== null)
    for (const key of Object.keys(data))
      if (TYPE_OF[key] !== undefined && stringAt(partial, data, key) !== undefined)
        return { key, decided: true, predicted: TYPE_OF[key] };
  return { key: undefined, decided: false };
}

/** The index in `strings` of the string at `container[key]`, if one was read there. */
function stringAt(partial: PartialValue, container: object, key: string): number | undefined {
  return partial.byPlace.get(container)?.get(key);
}

/** The visible strings, in order, ending with the last one a string to come may be joined to. */
function chainOf(
  partial: PartialValue,
  segments: readonly unknown[],
  visibility: readonly Visibility[],
): SegmentJoins['chain'] {
  // Once the list is closed, no segment comes.
  if (segments.length === 0 || partial.closed.has(segments)) return [];
  const visibleString = (k: number): number | undefined => {
    const key = visibility[k]?.key;
    const data = (segments[k] as { data?: unknown } | null)?.data;
    if (key === undefined || typeof data !== 'object' || data === null) return undefined;
    return stringAt(partial, data, key);
  };
  const last = segments.length - 1;
  const lastVisible = visibility[last]!;
  // The last segment's visible string is joined to the next segment's; a last segment that is
  // (or may become) visible but has no string yet will join its own to the one before it.
  let end: number;
  if (visibleString(last) !== undefined) end = last;
  else if (!lastVisible.decided || lastVisible.key !== undefined) end = last - 1;
  else return [];
  const chain: { string: number; separator: string }[] = [];
  for (let k = end; k >= 0; k--) {
    const string = visibleString(k);
    if (string === undefined) break;
    chain.push({ string, separator: visibility[k]!.key === 'target' ? '@' : '\n' });
    if (k === 0 || visibleString(k - 1) === undefined) break;
  }
  return chain.reverse();
}

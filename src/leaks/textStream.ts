import { appendPointer } from '../issues/appendPointer';
import { isEdgeMarker, isTokenChar } from './tokenChars';

/** One string of a value inside the stream: its pointer, its place in document order, and where it starts in the stream. */
export interface StreamPiece {
  readonly pointer: string;
  readonly order: number;
  readonly start: number;
  readonly length: number;
  /** The piece is the name of the member at `pointer`, not its value. */
  readonly name?: boolean | undefined;
}

/** A span `[start, end)` of the stream's text. */
interface Span {
  readonly start: number;
  readonly end: number;
}

/** Every string of a value as one text, with where each came from and which seams a reader does not see. */
export interface TextStream {
  /**
   * The strings, each separated from the next: by a newline where the reader may see the two as
   * one text, by two paragraph separators (U+2029, white space to every rule, never a wrapped
   * line) elsewhere, and by the `@` a client shows before a mention target.
   */
  readonly text: string;
  /** Pairs `[start, end)` of the separators between two strings the reader sees as one text. */
  readonly joins: readonly number[];
  /**
   * The pieces that overlap a span of `spans` (in order of start, as a scan's findings come), or
   * every piece, in the order of their starts. Each call walks the value again and makes only
   * the pieces asked for: a reply without findings never asks (so the value is not to change).
   */
  pieces(spans?: readonly Span[]): StreamPiece[];
  /** The numbers of the value `test` holds for, in document order, with their pointers (host literals are looked for in them). */
  numbers(test: (value: number) => boolean): { readonly pointer: string; readonly value: number }[];
}

// What a reader sees as running text in a segment reply: text, Markdown, a share card's title,
// and a mention, which a client shows as `@` and the target.
const VISIBLE: Record<string, string> = {
  text: 'text',
  markdown: 'content',
  share: 'title',
  mention: 'target',
};
// The member names a segment reply is written with: no secret, and never joined to a string.
// (Pure calls here and below: a bundle that never lays out a stream drops them.)
const CATALOG_NAMES = /* @__PURE__ */ (() =>
  new Set(
    'segments type data text content target media kind value message_id forward_id id url title'.split(
      ' ',
    ),
  ))();
/**
 * What keeps two strings apart that the reader does not see as one: two paragraph separators
 * (white space to every rule; the scanner reads one as a line end a key may be wrapped at, and
 * two in a row as the end of a text).
 */
const BARRIER = '\u2029\u2029';
const BARRIER_MENTION = /* @__PURE__ */ (() => `${BARRIER}@`)();

/** The first (`step` 1) or last (`step` -1) character of a string that is not an emphasis marker (`*_\`~`); -1 when none. */
function edgeCode(text: string, step: 1 | -1): number {
  for (let i = step === 1 ? 0 : text.length - 1; i >= 0 && i < text.length; i += step) {
    const code = text.charCodeAt(i);
    if (!isEdgeMarker(code)) return code;
  }
  return -1;
}

/** What a second walk is asked for (see `textStream`), and what it finds. */
interface Laid {
  /** The spans the pieces asked for overlap (none: every piece); `[]` for numbers only. */
  readonly spans?: readonly Span[] | undefined;
  /** Where the other strings start in the stream (the first walk's). */
  readonly offset: number;
  readonly test?: (value: number) => boolean;
  /** The pieces, or (given `test`) the numbers. */
  readonly found: unknown[];
}

/**
 * The strings of a value joined, so one scan sees a secret cut in two. In a segment reply
 * (`{ segments: [...] }`) the visible strings come first, in delivery order, and those of
 * consecutive segments are joined as the reader sees them (a mention target after an `@`); the
 * other strings (urls, ids, types) follow. In any other value the strings are in document order
 * and every two adjacent ones are joined. Member names (those outside the segment catalog) come
 * last, each read on its own; `names: false` leaves out those of a segment reply, for a reply
 * validated already (its names are the catalog's). A seam is listed only where a token could run
 * across it (token characters on both sides, emphasis markers aside).
 *
 * The text and its seams are laid out at once, without an object per string or container; the
 * pieces and numbers come from another walk that lays out the same starts, when asked for, and
 * make an object only for what was asked: a reply without findings never asks, and a reply with
 * one pays a walk, not an object per string and container (they were most of the stream's garbage).
 */
export function textStream(value: unknown, names = true): TextStream {
  const { text, joins, offset } = layOut(value, names);
  const again = (laid: Laid) => (layOut(value, names, laid), laid.found as never);
  return {
    text,
    joins,
    pieces: (spans) => (spans?.length === 0 ? [] : again({ spans, offset, found: [] })),
    numbers: (test) => again({ spans: [], offset, test, found: [] }),
  };
}

/**
 * Calls `each` with every piece that a span of `spans` (in order of start, as a scan's findings
 * come) overlaps, and the part overlapped (`start`, `end` in the piece). Only those pieces are made.
 */
export function eachOverlap<T extends Span>(
  stream: TextStream,
  spans: readonly T[],
  each: (span: T, piece: StreamPiece, start: number, end: number) => void,
): void {
  const pieces = stream.pieces(spans);
  let first = 0; // spans come in order of start: the first piece they can overlap only moves on
  for (const span of spans) {
    while (first + 1 < pieces.length && pieces[first + 1]!.start <= span.start) first++;
    for (let k = first; k < pieces.length && pieces[k]!.start < span.end; k++) {
      const piece = pieces[k]!;
      const start = Math.max(span.start, piece.start) - piece.start;
      const end = Math.min(span.end, piece.start + piece.length) - piece.start;
      if (end > start) each(span, piece, start, end);
    }
  }
}

/**
 * Walks a value in stream order: its text and seams laid out, or (given `laid`) the pieces and
 * numbers it asks for, with their pointers.
 */
function layOut(
  value: unknown,
  names: boolean,
  laid?: Laid,
): { readonly text: string; readonly joins: number[]; readonly offset: number } {
  // Visible strings in place at once (a sort with a comparator cost more than the rest of a
  // reply's leak scan); the others apart, after every visible one.
  const parts: string[] = [];
  const others: string[] = [];
  const otherPieces: StreamPiece[] = [];
  const joins: number[] = [];
  const path: (string | number)[] = []; // the keys of the containers around (in a second walk)
  const at = [0, 0]; // the first span each of the two runs of starts (visible, other) can overlap
  let length = 0; // of the visible strings and their separators
  let otherLength = 0; // of the other strings and their separators
  let order = 0;
  let previous: string | undefined; // the last visible string
  // Asked for: a piece `[start, start + size)`, its starts in the `run` rising (spans by start).
  const asked = (start: number, size: number, run: 0 | 1) => {
    const spans = laid!.spans;
    if (!spans) return true;
    while (at[run]! < spans.length && spans[at[run]!]!.end <= start) at[run]!++;
    return at[run]! < spans.length && spans[at[run]!]!.start < start + size;
  };
  const pointer = (key: string | number | undefined) =>
    (key === undefined ? path : [...path, key]).reduce(appendPointer, '');
  const piece = (
    key: string | number | undefined,
    start: number,
    size: number,
    name?: boolean,
  ) => ({
    pointer: pointer(key),
    order,
    start,
    length: size,
    name,
  });
  // A string the reader sees; `continues` when it follows the visible string before as one text
  // (a seam, not a barrier), `mention` for a mention target.
  const visible = (
    text: string,
    key: string | number | undefined,
    continues: boolean,
    mention: boolean,
  ): void => {
    const seam = previous !== undefined && continues;
    // A mention shows as `@target`: the `@` is read with both neighbours (`user:pass` + `@host`).
    const separator = mention
      ? seam
        ? '@'
        : BARRIER_MENTION
      : previous === undefined
        ? ''
        : seam
          ? '\n'
          : BARRIER;
    length += separator.length;
    if (!laid) {
      parts.push(separator, text);
      if (
        seam &&
        !mention &&
        isTokenChar(edgeCode(previous!, -1)) &&
        isTokenChar(edgeCode(text, 1))
      )
        joins.push(length - 1, length);
    } else if (asked(length, text.length, 0)) laid.found.push(piece(key, length, text.length));
    order++;
    length += text.length;
    previous = text;
  };
  // A string read on its own (`name`: a member name), after a barrier (the first one's is dropped
  // when no visible string comes before).
  const other = (text: string, key: string | number, name: boolean) => {
    otherLength += BARRIER.length;
    if (!laid) others.push(BARRIER, text);
    else if (asked(otherLength + laid.offset, text.length, 1))
      otherPieces.push(piece(key, otherLength + laid.offset, text.length, name));
    order++;
    otherLength += text.length;
  };
  const number = (key: string | number | undefined, found: number) =>
    laid?.test?.(found) && laid.found.push({ pointer: pointer(key), value: found });

  // In a segment reply, a string is visible when it is the shown member of an object that is a
  // member `data` (`/segments/N/data/text`); `dataObject` says `node` is such an object's value.
  // In any other value every string is visible, joined to the one before, and every member name
  // is read. `node` is member `key` of the container at `path` (the value itself has no key).
  const segments = (value as { segments?: unknown } | null)?.segments;
  const plain = !Array.isArray(segments);
  let lastVisible = -2;
  const walk = (
    node: unknown,
    key: string | number | undefined,
    index: number,
    shown: string | undefined,
    dataObject: boolean,
    isVisible: boolean,
  ): void => {
    if (typeof node === 'string') {
      if (plain || isVisible) {
        visible(node, key, plain || lastVisible === index - 1, shown === 'target');
        lastVisible = index;
      } else other(node, key!, false);
    } else if (typeof node === 'number') number(key, node);
    else if (typeof node === 'object' && node !== null) {
      const inner = laid && key !== undefined;
      if (inner) path.push(key);
      if (Array.isArray(node))
        for (let k = 0; k < node.length; k++) walk(node[k], k, index, shown, false, false);
      else
        for (const name of Object.keys(node)) {
          if (plain || (names && !CATALOG_NAMES.has(name))) other(name, name, true);
          walk(
            (node as Record<string, unknown>)[name],
            name,
            index,
            shown,
            name === 'data',
            dataObject && shown !== undefined && name === shown,
          );
        }
      if (inner) path.pop();
    }
  };
  if (plain) walk(value, undefined, -2, undefined, false, false);
  else
    for (const key of Object.keys(value as object)) {
      const inner = (value as Record<string, unknown>)[key];
      if (key !== 'segments') {
        other(key, key, true);
        walk(inner, key, -2, undefined, key === 'data', false);
      } else {
        path.push(key);
        for (let index = 0; index < segments.length; index++) {
          const segment: unknown = segments[index];
          const type = (segment as { type?: unknown } | null)?.type;
          // Own names only (a type `toString` shows nothing), and no type that is not a string.
          const shown =
            typeof type === 'string' && Object.hasOwn(VISIBLE, type) ? VISIBLE[type] : undefined;
          walk(segment, index, index, shown, false, false);
        }
        path.pop();
      }
    }
  // The other strings after the visible ones (if any), apart from them.
  for (const moved of otherPieces) laid!.found.push(moved);
  // Joined once, not concatenated: alone, `+=` measured cheaper, but in a check its rope (two
  // string nodes a piece, live until the scan flattens it) survived scavenges; a whole checkReply
  // measured 3-7 % faster with the join (paired, bundled, 32 KB to 1 MiB).
  const text = laid ? '' : parts.concat(previous === undefined ? others.slice(1) : others).join('');
  return { text, joins, offset: previous === undefined ? -BARRIER.length : length };
}

import { appendPointer } from '../issues/appendPointer';
import { isEdgeMarker, isTokenChar } from './tokenChars';

/** One string of a value inside the stream: its pointer, its place in document order, and where it starts in the stream. */
export interface StreamPiece {
  readonly pointer: string;
  readonly order: number;
  readonly start: number;
  readonly length: number;
  /** The piece is the name of the member at `pointer`, not its value. */
  readonly name?: true;
}

/** Every string of a value as one text, with where each came from and which seams a reader does not see. */
export interface TextStream {
  /**
   * The strings, each separated from the next: by a newline where the reader may see the two as
   * one text, by two paragraph separators (U+2029, white space to every rule, never a wrapped
   * line) elsewhere, and by the `@` a client shows before a mention target.
   */
  readonly text: string;
  readonly pieces: readonly StreamPiece[];
  /** Pairs `[start, end)` of the separators between two strings the reader sees as one text. */
  readonly joins: readonly number[];
  /** The numbers of the value, in document order, with their pointers (host literals are looked for in them). */
  readonly numbers: readonly { readonly pointer: string; readonly value: number }[];
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
const CATALOG_NAMES = /* @__PURE__ */ new Set(
  'segments type data text content target media kind value message_id forward_id id url title'.split(
    ' ',
  ),
);
/**
 * What keeps two strings apart that the reader does not see as one: two paragraph separators
 * (white space to every rule; the scanner reads one as a line end a key may be wrapped at, and
 * two in a row as the end of a text).
 */
const BARRIER = '\u2029\u2029';
const BARRIER_MENTION = `${BARRIER}@`;

/** The first (`step` 1) or last (`step` -1) character of a string that is not an emphasis marker (`*_\`~`); -1 when none. */
function edgeCode(text: string, step: 1 | -1): number {
  for (let i = step === 1 ? 0 : text.length - 1; i >= 0 && i < text.length; i += step) {
    const code = text.charCodeAt(i);
    if (!isEdgeMarker(code)) return code;
  }
  return -1;
}

/**
 * Where a container sits in the value: its own container's place and its key. Made only when
 * the pieces are asked for (a finding's path): the stream's text is laid out without them. A
 * string or a number keeps its container's place and its own key (no place of its own).
 */
interface Place {
  readonly parent?: Place | undefined;
  readonly key: string | number;
}

/** The RFC 6901 pointer of `key` in the container at `place` (`''` for the value itself: no key). */
function pointerOf(place: Place | undefined, key: string | number | undefined): string {
  const keys: (string | number)[] = [];
  for (let at = place; at !== undefined; at = at.parent) keys.push(at.key);
  let pointer = '';
  for (let k = keys.length - 1; k >= 0; k--) pointer = appendPointer(pointer, keys[k]!);
  return key === undefined ? pointer : appendPointer(pointer, key);
}

/**
 * A string or a number of the value, member `key` of the container at `parent`: its pointer is
 * spelled out only when read. A number has its `value`; a string, where it is in the stream.
 */
class Piece implements StreamPiece {
  declare readonly value: number;
  constructor(
    readonly parent: Place | undefined,
    readonly key: string | number | undefined,
    readonly order = 0,
    public start = 0,
    readonly length = 0,
    readonly name?: true,
  ) {}

  get pointer(): string {
    return pointerOf(this.parent, this.key);
  }
}

/** The pieces and numbers of a value, from a second walk (see `textStream`). */
interface Laid {
  readonly pieces: Piece[];
  readonly numbers: Piece[];
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
 * pieces and numbers come from a second walk that lays out the same starts, when first read: a
 * reply without findings never asks for them, and its thousands of strings and containers cost
 * no objects (they were most of the stream's garbage). So the value is not to change between.
 */
export function textStream(value: unknown, names = true): TextStream {
  let laid: Laid | undefined;
  const lay = () => {
    if (!laid) layOut(value, names, (laid = { pieces: [], numbers: [] }));
    return laid;
  };
  return {
    ...layOut(value, names),
    get pieces() {
      return lay().pieces;
    },
    get numbers() {
      return lay().numbers;
    },
  };
}

/**
 * Walks a value in stream order: its text and seams laid out, or (given `laid`) its pieces and
 * numbers, with the places their pointers are spelled from.
 */
function layOut(
  value: unknown,
  names: boolean,
  laid?: Laid,
): { readonly text: string; readonly joins: number[] } {
  // Visible strings in place at once (a sort with a comparator cost more than the rest of a
  // reply's leak scan); the others apart, after every visible one.
  const parts: string[] = [];
  const others: string[] = [];
  const otherPieces: Piece[] = [];
  const joins: number[] = [];
  let length = 0; // of the visible strings and their separators
  let otherLength = 0; // of the other strings and their separators
  let order = 0;
  let previous: string | undefined; // the last visible string
  // A string the reader sees; `continues` when it follows the visible string before as one text
  // (a seam, not a barrier), `mention` for a mention target.
  const visible = (
    text: string,
    parent: Place | undefined,
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
    if (laid) laid.pieces.push(new Piece(parent, key, order, length, text.length));
    else {
      parts.push(separator, text);
      if (
        seam &&
        !mention &&
        isTokenChar(edgeCode(previous!, -1)) &&
        isTokenChar(edgeCode(text, 1))
      )
        joins.push(length - 1, length);
    }
    order++;
    length += text.length;
    previous = text;
  };
  // A string read on its own (`name`: a member name), after a barrier (the first one's is dropped
  // when no visible string comes before).
  const other = (text: string, parent: Place | undefined, key: string | number, name: boolean) => {
    otherLength += BARRIER.length;
    if (laid)
      otherPieces.push(new Piece(parent, key, order, otherLength, text.length, name || undefined));
    else others.push(BARRIER, text);
    order++;
    otherLength += text.length;
  };
  const number = (parent: Place | undefined, key: string | number | undefined, found: number) =>
    laid?.numbers.push(Object.assign(new Piece(parent, key), { value: found }));

  // In a segment reply, a string is visible when it is the shown member of an object that is a
  // member `data` (`/segments/N/data/text`); `dataObject` says `node` is such an object's value.
  // In any other value every string is visible, joined to the one before, and every member name
  // is read. `node` is member `key` of the container at `parent` (the value itself has no key).
  const segments = (value as { segments?: unknown } | null)?.segments;
  const plain = !Array.isArray(segments);
  let lastVisible = -2;
  const walk = (
    node: unknown,
    parent: Place | undefined,
    key: string | number | undefined,
    index: number,
    shown: string | undefined,
    dataObject: boolean,
    isVisible: boolean,
  ): void => {
    if (typeof node === 'string') {
      if (plain || isVisible) {
        visible(node, parent, key, plain || lastVisible === index - 1, shown === 'target');
        lastVisible = index;
      } else other(node, parent, key!, false);
    } else if (typeof node === 'number') number(parent, key, node);
    else if (typeof node === 'object' && node !== null) {
      const place = laid && key !== undefined ? { parent, key } : parent;
      if (Array.isArray(node))
        for (let k = 0; k < node.length; k++) walk(node[k], place, k, index, shown, false, false);
      else
        for (const name of Object.keys(node)) {
          if (plain || (names && !CATALOG_NAMES.has(name))) other(name, place, name, true);
          walk(
            (node as Record<string, unknown>)[name],
            place,
            name,
            index,
            shown,
            name === 'data',
            dataObject && shown !== undefined && name === shown,
          );
        }
    }
  };
  if (plain) walk(value, undefined, undefined, -2, undefined, false, false);
  else
    for (const key of Object.keys(value as object)) {
      const inner = (value as Record<string, unknown>)[key];
      if (key !== 'segments') {
        other(key, undefined, key, true);
        walk(inner, undefined, key, -2, undefined, key === 'data', false);
      } else {
        const place = laid && { key };
        for (let index = 0; index < segments.length; index++) {
          const segment: unknown = segments[index];
          const type = (segment as { type?: unknown } | null)?.type;
          // Own names only (a type `toString` shows nothing), and no type that is not a string.
          const shown =
            typeof type === 'string' && Object.hasOwn(VISIBLE, type) ? VISIBLE[type] : undefined;
          walk(segment, place, index, index, shown, false, false);
        }
      }
    }
  // The other strings after the visible ones, apart from them (if any).
  const offset = previous === undefined ? -BARRIER.length : length;
  for (const piece of otherPieces) {
    piece.start += offset;
    laid!.pieces.push(piece);
  }
  // Joined once, not concatenated: alone, `+=` measured cheaper, but in a check its rope (two
  // string nodes a piece, live until the scan flattens it) survived scavenges; a whole checkReply
  // measured 3-7 % faster with the join (paired, bundled, 32 KB to 1 MiB).
  const text = laid ? '' : parts.concat(previous === undefined ? others.slice(1) : others).join('');
  return { text, joins };
}

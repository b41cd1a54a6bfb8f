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
 * Where a container sits in the value: its own container's place and its key. The pointer text
 * is spelled out only when asked for (a finding's path): a reply has tens of thousands of
 * strings, and spelling each one's pointer cost more than the rest of the stream. A string or a
 * number keeps its container's place and its own key (no place of its own: one object fewer per
 * string).
 */
class Place {
  constructor(
    readonly parent: Place | undefined,
    readonly key: string | number,
  ) {}
}

/** The RFC 6901 pointer of `key` in the container at `place` (`''` for the value itself: no key). */
function pointerOf(place: Place | undefined, key: string | number | undefined): string {
  const keys: (string | number)[] = [];
  for (let at = place; at !== undefined; at = at.parent) keys.push(at.key);
  let pointer = '';
  for (let k = keys.length - 1; k >= 0; k--) pointer = appendPointer(pointer, keys[k]!);
  return key === undefined ? pointer : appendPointer(pointer, key);
}

/** One string as collected: its place, its order, and where it goes in the stream (set when laid out). */
class Piece implements StreamPiece {
  start = 0;
  constructor(
    readonly text: string,
    readonly parent: Place | undefined,
    readonly key: string | number | undefined,
    readonly order: number,
    readonly continues: boolean,
    readonly visible: boolean,
    readonly kind: 'name' | 'mention' | undefined,
  ) {}

  get pointer(): string {
    return pointerOf(this.parent, this.key);
  }
  get length(): number {
    return this.text.length;
  }
  get name(): true | undefined {
    return this.kind === 'name' ? true : undefined;
  }
}

/** A number of the value and its place. */
class NumberAt {
  constructor(
    readonly parent: Place | undefined,
    readonly key: string | number | undefined,
    readonly value: number,
  ) {}

  get pointer(): string {
    return pointerOf(this.parent, this.key);
  }
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
 */
export function textStream(value: unknown, names = true): TextStream {
  // Visible strings and the others apart, each in document order: laid out one list after the
  // other (a sort with a comparator cost more than the rest of a reply's leak scan).
  const visibles: Piece[] = [];
  const others: Piece[] = [];
  const numbers: NumberAt[] = [];
  let order = 0;
  const add = (
    text: string,
    parent: Place | undefined,
    key: string | number | undefined,
    continues: boolean,
    visible = true,
    kind?: 'name' | 'mention',
  ) => {
    const piece = new Piece(text, parent, key, order++, continues, visible, kind);
    (visible ? visibles : others).push(piece);
  };
  const segments = (value as { segments?: unknown } | null)?.segments;
  if (Array.isArray(segments)) {
    let lastVisible = -2;
    // A string is visible when it is the shown member of an object that is a member `data`
    // (`/segments/N/data/text`); `dataObject` says `node` is such an object's value. `node` is
    // member `key` of the container at `parent`.
    const walk = (
      node: unknown,
      parent: Place | undefined,
      key: string | number,
      index: number,
      shown: string | undefined,
      dataObject: boolean,
      visible: boolean,
    ): void => {
      if (typeof node === 'string') {
        const mention = visible && shown === 'target' ? 'mention' : undefined;
        add(node, parent, key, visible && lastVisible === index - 1, visible, mention);
        if (visible) lastVisible = index;
      } else if (typeof node === 'number') numbers.push(new NumberAt(parent, key, node));
      else if (typeof node === 'object' && node !== null) {
        const place = new Place(parent, key);
        if (Array.isArray(node))
          for (let k = 0; k < node.length; k++) walk(node[k], place, k, index, shown, false, false);
        else
          for (const name of Object.keys(node)) {
            if (names && !CATALOG_NAMES.has(name)) add(name, place, name, false, false, 'name');
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
    for (const key of Object.keys(value as object)) {
      const inner = (value as Record<string, unknown>)[key];
      if (key !== 'segments') {
        add(key, undefined, key, false, false, 'name');
        walk(inner, undefined, key, -2, undefined, key === 'data', false);
      } else {
        const place = new Place(undefined, key);
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
  } else {
    let joinable = 0;
    // `node` is member `key` of the container at `parent`; the value itself has no key.
    const walk = (
      node: unknown,
      parent: Place | undefined,
      key: string | number | undefined,
    ): void => {
      if (typeof node === 'string') add(node, parent, key, joinable++ > 0);
      else if (typeof node === 'number') numbers.push(new NumberAt(parent, key, node));
      else if (typeof node === 'object' && node !== null) {
        const place = key === undefined ? parent : new Place(parent, key);
        if (Array.isArray(node)) for (let k = 0; k < node.length; k++) walk(node[k], place, k);
        else
          for (const name of Object.keys(node)) {
            add(name, place, name, false, false, 'name');
            walk((node as Record<string, unknown>)[name], place, name);
          }
      }
    };
    walk(value, undefined, undefined);
  }
  return layOut(visibles.concat(others), numbers);
}

/**
 * The pieces (visible strings first) laid out as one text, with their separators and the seams
 * a token could run across.
 */
function layOut(pieces: Piece[], numbers: NumberAt[]): TextStream {
  // Joined once, not concatenated: alone, `+=` measured cheaper, but in a check its rope (two
  // string nodes a piece, live until the scan flattens it) survived scavenges; a whole checkReply
  // measured 3-7 % faster with the join (paired, bundled, 32 KB to 1 MiB).
  const parts: string[] = [];
  const joins: number[] = [];
  let start = 0;
  // The piece before, as locals: reading it back from its object cost a cache miss per piece.
  let previousVisible = false;
  let previousText: string | undefined;
  for (let n = 0; n < pieces.length; n++) {
    const item = pieces[n]!;
    const seam = previousVisible && item.continues;
    // A mention shows as `@target`: the `@` is read with both neighbours (`user:pass` + `@host`).
    if (item.kind === 'mention') {
      const separator = seam ? '@' : BARRIER_MENTION;
      parts.push(separator);
      start += separator.length;
    } else if (previousText !== undefined) {
      const separator = seam ? '\n' : BARRIER;
      parts.push(separator);
      start += separator.length;
      if (seam && isTokenChar(edgeCode(previousText, -1)) && isTokenChar(edgeCode(item.text, 1)))
        joins.push(start - 1, start);
    }
    item.start = start;
    parts.push(item.text);
    start += item.text.length;
    previousVisible = item.visible;
    previousText = item.text;
  }
  return { text: parts.join(''), pieces, joins, numbers };
}

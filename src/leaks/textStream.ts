import { appendPointer } from '../issues/appendPointer';

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
const TOKEN_EDGE = /[A-Za-z0-9+/=_-]/;
/**
 * What keeps two strings apart that the reader does not see as one: two paragraph separators
 * (white space to every rule; the scanner reads one as a line end a key may be wrapped at, and
 * two in a row as the end of a text).
 */
const BARRIER = '\u2029\u2029';
const MARKER = /[*_`~]/;

/** The first (`step` 1) or last (`step` -1) character of a string that is not an emphasis marker. */
function edgeChar(text: string, step: 1 | -1): string {
  for (let i = step === 1 ? 0 : text.length - 1; i >= 0 && i < text.length; i += step) {
    if (!MARKER.test(text[i]!)) return text[i]!;
  }
  return '';
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
  const collected: Collected[] = [];
  const numbers: { pointer: string; value: number }[] = [];
  const add = (
    text: string,
    pointer: string,
    continues: boolean,
    visible = true,
    kind?: 'name' | 'mention',
  ) => {
    collected.push({ text, pointer, continues, visible, kind });
  };
  const segments = (value as { segments?: unknown } | null)?.segments;
  if (Array.isArray(segments)) {
    let lastVisible = -2;
    const walk = (
      node: unknown,
      pointer: string,
      index: number,
      visibleKey: string | undefined,
    ): void => {
      if (typeof node === 'string') {
        const visible = visibleKey !== undefined && pointer.endsWith(`/data/${visibleKey}`);
        const mention = visible && visibleKey === 'target' ? 'mention' : undefined;
        add(node, pointer, visible && lastVisible === index - 1, visible, mention);
        if (visible) lastVisible = index;
      } else if (typeof node === 'number') numbers.push({ pointer, value: node });
      else if (Array.isArray(node))
        node.forEach((item, k) => walk(item, appendPointer(pointer, k), index, visibleKey));
      else if (typeof node === 'object' && node !== null)
        for (const key of Object.keys(node)) {
          const inner = appendPointer(pointer, key);
          if (names && !CATALOG_NAMES.has(key)) add(key, inner, false, false, 'name');
          walk((node as Record<string, unknown>)[key], inner, index, visibleKey);
        }
    };
    for (const key of Object.keys(value as object)) {
      const inner = (value as Record<string, unknown>)[key];
      if (key !== 'segments') {
        add(key, appendPointer('', key), false, false, 'name');
        walk(inner, appendPointer('', key), -2, undefined);
      } else
        segments.forEach((segment, index) =>
          walk(
            segment,
            appendPointer('/segments', index),
            index,
            VISIBLE[(segment as { type?: string } | null)?.type ?? ''],
          ),
        );
    }
  } else {
    let joinable = 0;
    const walk = (node: unknown, pointer: string): void => {
      if (typeof node === 'string') add(node, pointer, joinable++ > 0);
      else if (typeof node === 'number') numbers.push({ pointer, value: node });
      else if (Array.isArray(node))
        node.forEach((item, k) => walk(item, appendPointer(pointer, k)));
      else if (typeof node === 'object' && node !== null)
        for (const key of Object.keys(node)) {
          const inner = appendPointer(pointer, key);
          add(key, inner, false, false, 'name');
          walk((node as Record<string, unknown>)[key], inner);
        }
    };
    walk(value, '');
  }
  // Visible strings first, each part in document order: a partition in two passes (a sort with
  // a comparator and an object per string cost more than the rest of a reply's leak scan).
  const ordered: number[] = [];
  for (let k = 0; k < collected.length; k++) if (collected[k]!.visible) ordered.push(k);
  for (let k = 0; k < collected.length; k++) if (!collected[k]!.visible) ordered.push(k);
  const parts: string[] = [];
  const pieces: StreamPiece[] = [];
  const joins: number[] = [];
  let start = 0;
  for (let n = 0; n < ordered.length; n++) {
    const order = ordered[n]!;
    const item = collected[order]!;
    const previous = n > 0 ? collected[ordered[n - 1]!]! : undefined;
    const seam = previous !== undefined && item.continues && previous.visible;
    // A mention shows as `@target`: the `@` is read with both neighbours (`user:pass` + `@host`).
    if (item.kind === 'mention') {
      const separator = seam ? '@' : `${BARRIER}@`;
      parts.push(separator);
      start += separator.length;
    } else if (previous !== undefined) {
      const separator = seam ? '\n' : BARRIER;
      parts.push(separator);
      start += separator.length;
      if (
        seam &&
        TOKEN_EDGE.test(edgeChar(previous.text, -1)) &&
        TOKEN_EDGE.test(edgeChar(item.text, 1))
      )
        joins.push(start - 1, start);
    }
    const length = item.text.length;
    pieces.push(
      item.kind === 'name'
        ? { pointer: item.pointer, order, start, length, name: true }
        : { pointer: item.pointer, order, start, length },
    );
    parts.push(item.text);
    start += length;
  }
  const text = parts.join('');
  return { text, pieces, joins, numbers };
}

interface Collected {
  readonly text: string;
  readonly pointer: string;
  readonly continues: boolean;
  readonly visible: boolean;
  readonly kind: 'name' | 'mention' | undefined;
}

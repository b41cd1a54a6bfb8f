import { appendPointer } from '../issues/encodePointer';

/** One string of a value inside the stream: its pointer, its place in document order, and where it starts in the stream. */
export interface StreamPiece {
  readonly pointer: string;
  readonly order: number;
  readonly start: number;
  readonly length: number;
}

/** Every string of a value as one text, with where each came from and which seams a reader does not see. */
export interface TextStream {
  /**
   * The strings, each separated from the next by one character: a newline where the reader may
   * see the two as one text, a paragraph separator (U+2029, white space to every rule, never a
   * wrapped line) elsewhere.
   */
  readonly text: string;
  readonly pieces: readonly StreamPiece[];
  /** Pairs `[start, end)` of the separators between two strings the reader sees as one text. */
  readonly joins: readonly number[];
}

// What a reader sees as running text in a segment reply: text, Markdown, a share card's title.
const VISIBLE: Record<string, string> = { text: 'text', markdown: 'content', share: 'title' };
const TOKEN_EDGE = /[A-Za-z0-9+/=_-]/;
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
 * consecutive segments are joined as the reader sees them; the other strings (urls, ids, types)
 * follow. In any other value the strings are in document order and every two adjacent ones are
 * joined. A seam is listed only where a token could run across it (token characters on both
 * sides, emphasis markers aside).
 */
export function textStream(value: unknown): TextStream {
  const collected: { text: string; pointer: string; continues: boolean; visible: boolean }[] = [];
  const add = (text: string, pointer: string, continues: boolean, visible = true) => {
    collected.push({ text, pointer, continues, visible });
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
        add(node, pointer, visible && lastVisible === index - 1, visible);
        if (visible) lastVisible = index;
      } else if (Array.isArray(node))
        node.forEach((item, k) => walk(item, appendPointer(pointer, k), index, visibleKey));
      else if (typeof node === 'object' && node !== null)
        for (const key of Object.keys(node))
          walk(
            (node as Record<string, unknown>)[key],
            appendPointer(pointer, key),
            index,
            visibleKey,
          );
    };
    for (const key of Object.keys(value as object)) {
      const inner = (value as Record<string, unknown>)[key];
      if (key !== 'segments') walk(inner, appendPointer('', key), -2, undefined);
      else
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
    const walk = (node: unknown, pointer: string): void => {
      if (typeof node === 'string') add(node, pointer, collected.length > 0);
      else if (Array.isArray(node))
        node.forEach((item, k) => walk(item, appendPointer(pointer, k)));
      else if (typeof node === 'object' && node !== null)
        for (const key of Object.keys(node))
          walk((node as Record<string, unknown>)[key], appendPointer(pointer, key));
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
    const item = collected[ordered[n]!]!;
    if (n > 0) {
      const previous = collected[ordered[n - 1]!]!;
      const seam = item.continues && previous.visible;
      parts.push(seam ? '\n' : '\u2029');
      if (
        seam &&
        TOKEN_EDGE.test(edgeChar(previous.text, -1)) &&
        TOKEN_EDGE.test(edgeChar(item.text, 1))
      )
        joins.push(start - 1, start);
    }
    pieces.push({ pointer: item.pointer, order: ordered[n]!, start, length: item.text.length });
    parts.push(item.text);
    start += item.text.length + 1;
  }
  const text = parts.join('');
  return { text, pieces, joins };
}

import { decodeCharReference } from './charReference';
import { foldCodePoint, MARK_FOLD } from './foldChar';

/** Characters of context kept on each side of a point, so a keyword before a secret is kept too. */
const CONTEXT = 160;

/**
 * Stretches of a text as a reader sees them, with a map back to where each character came from:
 * character `i` of `text` was written at `[starts[i], ends[i])` of the source.
 */
export interface ReaderView {
  readonly text: string;
  readonly starts: number[];
  readonly ends: number[];
}

/**
 * The normalised view of the windows of `source` around `points` (and `breaks`): character
 * references and Markdown escapes decoded as a CommonMark renderer does, percent escapes decoded,
 * emphasis and code markers dropped, every character folded (NFKC, look-alikes, default-ignorables
 * dropped, a mark on a Latin letter dropped) and, with `join`, each listed line break removed.
 * Windows reach `CONTEXT` characters beyond their points, to the next space or tab, and are
 * separated by a newline. Linear: each source character is read once.
 */
export function readerView(source: string, points: readonly number[], breaks: readonly number[], join: boolean): ReaderView {
  let text = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let lastCode = 0x0a;
  const emit = (chars: string, start: number, end: number) => {
    text += chars;
    lastCode = chars.charCodeAt(chars.length - 1);
    for (let k = 0; k < chars.length; k++) {
      starts.push(start);
      ends.push(end);
    }
  };
  let breakIndex = 0;
  for (const [from, to] of windowsAround(source, join ? breaks.filter((_, k) => k % 2 === 0) : points)) {
    if (text.length > 0) emit('\n', from, from);
    while (breakIndex < breaks.length && breaks[breakIndex]! < from) breakIndex += 2;
    let i = from;
    while (i < to) {
      if (join && breakIndex < breaks.length && i === breaks[breakIndex]) {
        i = breaks[breakIndex + 1]!;
        breakIndex += 2;
        continue;
      }
      const code = source.charCodeAt(i);
      if (code === 0x26) {
        const reference = decodeCharReference(source, i);
        if (reference) {
          emitFolded(reference.text, i, i + reference.length);
          i += reference.length;
          continue;
        }
      } else if (code === 0x5c && /[!-/:-@[-`{-~]/.test(source[i + 1] ?? '')) {
        emit(source[i + 1]!, i, i + 2); // an escaped character is literal: no marker, no fold
        i += 2;
        continue;
      } else if (code === 0x25) {
        const decoded = percentDecoded(source, i, to);
        if (decoded) {
          emitFolded(decoded.text, i, decoded.end);
          i = decoded.end;
          continue;
        }
      } else if (code === 0x2a || code === 0x60 || (code === 0x7e && source.charCodeAt(i + 1) === 0x7e)) {
        while (i < to && source.charCodeAt(i) === code) i++;
        continue;
      } else if (code >= 0x80) {
        const point = source.codePointAt(i)!;
        const width = point > 0xffff ? 2 : 1;
        emitFolded(String.fromCodePoint(point), i, i + width);
        i += width;
        continue;
      }
      emit(source[i]!, i, i + 1);
      i++;
    }
  }
  return { text, starts, ends };

  function emitFolded(chars: string, start: number, end: number): void {
    for (const char of chars) {
      const code = char.codePointAt(0)!;
      const folded = code < 0x80 ? null : foldCodePoint(code);
      if (folded === MARK_FOLD) {
        // A mark on a Latin letter or digit is an accent on a token: the reader still reads the token.
        if (!(lastCode < 0x80 && /[A-Za-z0-9]/.test(String.fromCharCode(lastCode)))) emit(char, start, end);
      } else {
        emit(folded ?? char, start, end);
      }
    }
  }
}

/** Merged windows `[from, to)` around sorted offsets, widened to spaces or tabs. */
function windowsAround(source: string, offsets: readonly number[]): [number, number][] {
  const windows: [number, number][] = [];
  const edge = /[ \t]/g;
  // The first space at or after a position is the same for every position up to it: remembering
  // the last answer keeps a text without spaces from being searched to its end once per point.
  let searchedFrom = -1;
  let found = -1;
  for (const offset of offsets) {
    const last = windows[windows.length - 1];
    if (last && offset < last[1] + CONTEXT) {
      last[1] = Math.max(last[1], rightEdge(offset + CONTEXT));
      continue;
    }
    let from = Math.max(0, offset - CONTEXT, last ? last[1] : 0);
    const floor = last ? last[1] : 0;
    while (from > floor && !/[ \t]/.test(source[from - 1]!)) from--;
    windows.push([from, rightEdge(offset + CONTEXT)]);
  }
  return windows;

  function rightEdge(at: number): number {
    if (at >= source.length) return source.length;
    if (at < searchedFrom || at > found) {
      edge.lastIndex = at;
      found = edge.exec(source) ? edge.lastIndex - 1 : source.length;
      searchedFrom = at;
    }
    return found;
  }
}

const HEX_PAIR = /^[0-9A-Fa-f]{2}$/;

/**
 * The character one percent-encoded UTF-8 sequence from `at` spells (`%41`, `%E2%80%8B`), and
 * where the sequence ends; undefined when the bytes are no valid UTF-8 character. One character
 * at a time, so an invalid byte costs its own three characters, never a rescan of the run.
 */
function percentDecoded(source: string, at: number, limit: number): { text: string; end: number } | undefined {
  const byte = (k: number) => (k + 3 <= limit && source.charCodeAt(k) === 0x25 && HEX_PAIR.test(source.slice(k + 1, k + 3)) ? parseInt(source.slice(k + 1, k + 3), 16) : -1);
  const lead = byte(at);
  if (lead < 0) return undefined;
  const length = lead < 0x80 ? 1 : lead >= 0xc2 && lead < 0xe0 ? 2 : lead >= 0xe0 && lead < 0xf0 ? 3 : lead >= 0xf0 && lead < 0xf5 ? 4 : 0;
  if (length === 0) return undefined;
  let code = length === 1 ? lead : lead & (0xff >> (length + 1));
  for (let k = 1; k < length; k++) {
    const next = byte(at + 3 * k);
    if (next < 0x80 || next > 0xbf) return undefined;
    code = (code << 6) | (next & 0x3f);
  }
  const overlong = (length === 3 && code < 0x800) || (length === 4 && (code < 0x10000 || code > 0x10ffff));
  if (overlong || (code >= 0xd800 && code <= 0xdfff)) return undefined;
  return { text: String.fromCodePoint(code), end: at + 3 * length };
}

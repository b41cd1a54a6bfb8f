import { decodeCharReference } from './charReference';
import { decodeByteEscape, decodeTextEscape, isEscapable } from './decodeEscape';
import { foldCodePoint, foldKind, MARK_FOLD } from './foldChar';
import { isControl, isDigit, isLetter } from './tokenChars';
import { windowsAround } from './viewWindows';

/**
 * Stretches of a text as a reader sees them, with a map back to where each character came from
 * (`sourceStart`, `sourceEnd`). The map is kept per piece, not per character: a view is mostly
 * source copied as written, and findings, the only thing mapped back, are rare.
 */
export interface ReaderView {
  readonly text: string;
  /** Per piece: where it starts in `text`, where its source starts and ends; a copied piece has `end` -1. */
  readonly at: number[];
  readonly from: number[];
  readonly to: number[];
}

/** The piece of a view that holds character `i`: the last piece starting at or before it. */
function pieceOf(view: ReaderView, i: number): number {
  let low = 0;
  let high = view.at.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (view.at[middle]! <= i) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Where character `i` of the view was written: its first source offset. */
export function sourceStart(view: ReaderView, i: number): number {
  const k = pieceOf(view, i);
  return view.to[k]! < 0 ? view.from[k]! + i - view.at[k]! : view.from[k]!;
}

/** Where character `i` of the view was written: the source offset after it. */
export function sourceEnd(view: ReaderView, i: number): number {
  const k = pieceOf(view, i);
  return view.to[k]! < 0 ? view.from[k]! + i - view.at[k]! + 1 : view.to[k]!;
}

/**
 * What may read differently than written: references, escapes, markers, controls, anything above
 * ASCII (`[&\\%*\`~\x01-\x08\x0b\x0c\x0e-\x1f\x7f\u0080-\uffff]`). The ASCII ones, by code.
 */
export const SPECIAL_ASCII = /* @__PURE__ */ (() => {
  const table = new Uint8Array(128);
  for (const char of '&\\%*`~') table[char.charCodeAt(0)] = 1;
  for (let code = 0; code < 0x80; code++) if (isControl(code)) table[code] = 1;
  return table;
})();

/**
 * The first offset at or after `i` of a character that may read differently; the length when
 * none. A loop over char codes: the windows of a reply's seams are short and full of such
 * characters, and a regex search from each one cost more than the view's own work.
 */
function nextSpecial(source: string, i: number): number {
  const n = source.length;
  for (; i < n; i++) {
    const code = source.charCodeAt(i);
    if (code >= 0x80 || SPECIAL_ASCII[code] === 1) return i;
  }
  return n;
}
/** `[A-Za-z0-9]` (NaN, a dropped character, is none). */
const isLatinOrDigit = (code: number): boolean => isLetter(code) || isDigit(code);

/**
 * The normalised view of the windows of `source` around `points` (and `breaks`): character
 * references and Markdown escapes decoded as a CommonMark renderer does, percent escapes decoded,
 * emphasis and code markers dropped, every character folded (NFKC, look-alikes, default-ignorables
 * and invisible controls dropped, a mark on a Latin letter dropped) and, with `join`, each listed line break removed
 * (`windows`, those of the points or breaks, may leave some out).
 * Windows (`windowsAround`) reach 160 characters beyond their points, to the next space or tab, and are
 * separated by a newline. Linear: each source character is read once; what reads as written is
 * copied a run at a time.
 */
export function readerView(
  source: string,
  points: readonly number[],
  breaks: readonly number[],
  join: boolean,
  windows: readonly (readonly [number, number])[] = windowsAround(
    source,
    join ? breaks.filter((_, k) => k % 2 === 0) : points,
  ),
): ReaderView {
  const parts: string[] = [];
  // Per piece, as in ReaderView.
  const pieceAt: number[] = [];
  const pieceFrom: number[] = [];
  const pieceTo: number[] = [];
  let length = 0;
  let lastCode = 0x0a;
  let copyFrom = -1; // the start of a run of source that reads as written, not yet emitted
  const flush = (end: number) => {
    if (copyFrom < 0) return;
    if (end > copyFrom) {
      parts.push(source.slice(copyFrom, end));
      pieceAt.push(length);
      pieceFrom.push(copyFrom);
      pieceTo.push(-1);
      length += end - copyFrom;
      lastCode = source.charCodeAt(end - 1);
    }
    copyFrom = -1;
  };
  // Characters that stand for the source `[start, end)` as a whole.
  const emit = (chars: string, start: number, end: number) => {
    parts.push(chars);
    pieceAt.push(length);
    pieceFrom.push(start);
    pieceTo.push(end);
    length += chars.length;
    lastCode = chars.charCodeAt(chars.length - 1);
  };
  let breakIndex = 0;
  let special = -1; // the next offset `nextSpecial` found, once searched
  for (const [from, to] of windows) {
    if (length > 0) emit('\n', from, from);
    while (breakIndex < breaks.length && breaks[breakIndex]! < from) breakIndex += 2;
    let i = from;
    while (i < to) {
      if (join && breakIndex < breaks.length && i === breaks[breakIndex]) {
        flush(i);
        i = breaks[breakIndex + 1]!;
        breakIndex += 2;
        continue;
      }
      // Up to the next character that may read differently (or the next break) the source is
      // copied as written: found by a native search, not character by character.
      const next =
        join && breakIndex < breaks.length && breaks[breakIndex]! > i
          ? Math.min(to, breaks[breakIndex]!)
          : to;
      if (special < i) {
        // Remembered: windows only move forward, so no stretch of source is searched twice.
        special = nextSpecial(source, i);
      }
      if (special > i) {
        if (copyFrom < 0) copyFrom = i;
        i = Math.min(special, next);
        continue;
      }
      const code = source.charCodeAt(i);
      if (code === 0x26) {
        const reference = decodeCharReference(source, i);
        if (reference) {
          flush(i);
          emitFolded(reference.text, i, i + reference.length);
          i += reference.length;
          continue;
        }
      } else if (code === 0x5c) {
        if (isEscapable(source.charCodeAt(i + 1))) {
          flush(i);
          emit(source[i + 1]!, i, i + 2); // an escaped character is literal: no marker, no fold
          i += 2;
          continue;
        }
        // `\x67`, `\u0067`: a string escape written as text.
        const decoded = decodeTextEscape(source, i, to);
        if (decoded) {
          flush(i);
          emitFolded(decoded.text, i, decoded.end);
          i = decoded.end;
          continue;
        }
      } else if (code === 0x25) {
        const decoded = decodeByteEscape(source, i, to, code);
        if (decoded) {
          flush(i);
          emitFolded(decoded.text, i, decoded.end);
          i = decoded.end;
          continue;
        }
      } else if (code < 0x20 || code === 0x7f) {
        // Only the invisible controls are special below 0x20 (tab, newline and NUL are copied).
        flush(i);
        lastCode = NaN; // as a dropped character: no letter for a mark to sit on
        i++;
        continue;
      } else if (
        code === 0x2a ||
        code === 0x60 ||
        (code === 0x7e && source.charCodeAt(i + 1) === 0x7e)
      ) {
        flush(i);
        while (i < to && source.charCodeAt(i) === code) i++;
        continue;
      } else if (code >= 0x80 && ((code >= 0xd800 && code <= 0xdbff) || foldKind(code) !== 1)) {
        // A character that stays itself (kind 1) is copied like ASCII; the others fold.
        flush(i);
        const point = source.codePointAt(i)!;
        const width = point > 0xffff ? 2 : 1;
        emitFolded(String.fromCodePoint(point), i, i + width);
        i += width;
        continue;
      }
      if (copyFrom < 0) copyFrom = i;
      i++;
    }
    flush(i);
  }
  return { text: parts.join(''), at: pieceAt, from: pieceFrom, to: pieceTo };

  function emitFolded(chars: string, start: number, end: number): void {
    for (const char of chars) {
      const code = char.codePointAt(0)!;
      const folded = code < 0x80 ? (isControl(code) ? '' : null) : foldCodePoint(code);
      if (folded === MARK_FOLD) {
        // A mark on a Latin letter or digit is an accent on a token: the reader still reads the token.
        if (!isLatinOrDigit(lastCode)) emit(char, start, end);
      } else if (folded === '') {
        lastCode = NaN; // as before: a dropped character leaves no letter for a mark to sit on
      } else {
        emit(folded ?? char, start, end);
      }
    }
  }
}

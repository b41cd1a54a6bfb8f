import { INVISIBLE_CONTROLS, SUBDIVISION_FLAG } from './hiddenCharacters';

/**
 * A text as a reader sees it: what renders as nothing, and the bidirectional controls that
 * reorder what is around them, removed. `removed` lists the source offsets (UTF-16 code units) of
 * every unit taken out, ascending, so a position in `text` maps back to its source
 * (`sourceIndex`).
 */
export interface ReaderText {
  readonly text: string;
  readonly removed: readonly number[];
}

// Bidi controls (U+061C, U+200E/F, U+202A–202E, U+2066–2069) are default-ignorable, like
// zero-width characters, soft hyphens, variation selectors and tags. Beyond those, the invisible
// controls the scanner also reads as absent (hiddenCharacters.ts): C0 and C1 controls (tab and
// line endings stay), interlinear annotation marks and the object replacement character.
const HIDDEN_CLASS = `[\\p{Default_Ignorable_Code_Point}${INVISIBLE_CONTROLS}]`;
const HIDDEN = /* @__PURE__ */ new RegExp(HIDDEN_CLASS, 'gu');
const HIDDEN_ANY = /* @__PURE__ */ new RegExp(HIDDEN_CLASS, 'u');

const ZWNJ = 0x200c;
const ZWJ = 0x200d;
const KEYCAP = 0x20e3;
const TAG_FIRST = 0xe0000;
const TAG_LAST = 0xe007f;
// A whole subdivision flag read from its 🏴 (two code units before its first tag).
const FLAG_AT = /* @__PURE__ */ new RegExp(SUBDIVISION_FLAG, 'y');

const isVariationSelector = (code: number) =>
  (code >= 0xfe00 && code <= 0xfe0f) || (code >= 0xe0100 && code <= 0xe01ef);

/**
 * Whether a hidden character at `index` does visible work in its place and stays: a joiner
 * between two non-ASCII characters (emoji sequences, Persian and Indic shaping), a variation
 * selector after a non-ASCII character or before a keycap. (The tags of a subdivision flag are
 * kept by the caller.) Between ASCII characters, where a secret would be split, every one goes.
 */
function keeps(source: string, index: number, code: number, previous: number): boolean {
  if (code === ZWNJ || code === ZWJ) {
    const next = source.codePointAt(index + 1) ?? 0;
    return previous > 0x7f && next > 0x7f && !HIDDEN_ANY.test(String.fromCodePoint(next));
  }
  if (isVariationSelector(code)) {
    return previous > 0x7f || source.charCodeAt(index + (code > 0xffff ? 2 : 1)) === KEYCAP;
  }
  return false;
}

/** Where the subdivision flag whose first tag is at `index` ends, or -1 if none is there. */
function flagEnd(source: string, index: number): number {
  FLAG_AT.lastIndex = index - 2;
  return FLAG_AT.test(source) ? FLAG_AT.lastIndex : -1;
}

/**
 * The text as a reader sees it: bidi controls and characters that render as nothing removed (see
 * `keeps` for the few kept where they shape a visible character). The renderer shows this text and
 * the leak scanner reads it, so what is checked is what is displayed. Linear; a text with nothing
 * hidden is returned as it is.
 *
 * @example
 * readerText('ghp_\u202eabc\u200b').text; // 'ghp_abc'
 */
export function readerText(source: string): ReaderText {
  if (!HIDDEN_ANY.test(source)) return { text: source, removed: [] };
  const parts: string[] = [];
  const removed: number[] = [];
  let start = 0;
  // The code point before the current one, as kept.
  let previous = 0;
  let last = 0;
  // The end of the subdivision flag being read: its tags stay, any other tag goes.
  let flag = -1;
  HIDDEN.lastIndex = 0;
  for (let match = HIDDEN.exec(source); match; match = HIDDEN.exec(source)) {
    const index = match.index;
    const code = match[0].codePointAt(0)!;
    if (index > last) previous = codePointBefore(source, index);
    last = index + match[0].length;
    const isTag = code >= TAG_FIRST && code <= TAG_LAST;
    if (isTag && index > flag) flag = flagEnd(source, index);
    if (isTag ? last <= flag : keeps(source, index, code, previous)) {
      previous = code;
      continue;
    }
    parts.push(source.slice(start, index));
    for (let unit = index; unit < last; unit++) removed.push(unit);
    start = last;
  }
  parts.push(source.slice(start));
  return { text: parts.join(''), removed };
}

function codePointBefore(source: string, index: number): number {
  const low = source.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = source.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return ((high - 0xd800) << 10) + low - 0xdc00 + 0x10000;
  }
  return low;
}

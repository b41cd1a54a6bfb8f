import {
  BIDI_CONTROLS,
  INVISIBLE_CONTROLS,
  SUBDIVISION_FLAG,
  TAG_CHARACTER,
} from './hiddenCharacters';

/** What `removeHiddenCharacters` took out of a text. */
export interface HiddenRemoval {
  /** The text without them. */
  readonly text: string;
  /** Bidirectional controls were removed. */
  readonly bidi: boolean;
  /** Invisible controls or stray tag characters were removed. */
  readonly invisible: boolean;
}

/**
 * Matches where a text may have a character `removeHiddenCharacters` takes out (one character
 * class, the fastest search there is: a tag character is looked for by its high surrogate).
 */
// Each pattern is built inside a pure call: a bundle that never uses it drops it (esbuild cannot
// prove a template's `${…}` pure, so a bare `new RegExp` stayed in every first load).
export const HIDDEN_CHARACTER = /* @__PURE__ */ (() =>
  new RegExp(`[${BIDI_CONTROLS}${INVISIBLE_CONTROLS}\\udb40]`))();
const BIDI = /* @__PURE__ */ (() => new RegExp(`[${BIDI_CONTROLS}]`))();
// A flag is matched first and kept; every other hidden character is matched alone and dropped.
const EACH = /* @__PURE__ */ (() =>
  new RegExp(
    `(${SUBDIVISION_FLAG})|[${BIDI_CONTROLS}${INVISIBLE_CONTROLS}]|${TAG_CHARACTER}`,
    'g',
  ))();

/**
 * The text with what can make a client display it differently from how it was checked taken
 * out: bidirectional controls, invisible controls and tag characters outside a subdivision flag
 * (see hiddenCharacters.ts). Undefined when the text has none (the common case: one native
 * search, no copy). Zero-width joiners, variation selectors and soft hyphens stay: emoji,
 * Persian and Indic text need them, and the scanner reads past them.
 *
 * @example
 * removeHiddenCharacters('abc\u202edef'); // { text: 'abcdef', bidi: true, invisible: false }
 */
export function removeHiddenCharacters(text: string): HiddenRemoval | undefined {
  if (!HIDDEN_CHARACTER.test(text)) return undefined;
  const bidi = BIDI.test(text);
  let invisible = false;
  const cleaned = text.replace(EACH, (match, flag: string | undefined) => {
    if (flag !== undefined) return flag;
    if (!BIDI.test(match)) invisible = true;
    return '';
  });
  return cleaned === text ? undefined : { text: cleaned, bidi, invisible };
}

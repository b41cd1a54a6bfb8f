/** A token character (base64, base64url, and the characters of keys): `[A-Za-z0-9+/=_-]`. */
export const isTokenChar = (code: number): boolean =>
  (code >= 0x61 && code <= 0x7a) ||
  (code >= 0x41 && code <= 0x5a) ||
  (code >= 0x2f && code <= 0x39) || // `/` and the digits
  code === 0x2b ||
  code === 0x3d ||
  code === 0x5f ||
  code === 0x2d;

/** `[0-9]` (NaN, past the end, is none). */
export const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;

/** A space or a tab. */
export const isSpaceOrTab = (code: number): boolean => code === 0x20 || code === 0x09;

/** A space or a no-break space: what spaces a secret's pieces or units apart. */
export const isSpaceOrNbsp = (code: number): boolean => code === 0x20 || code === 0xa0;

/** An invisible control: a C0 control but tab, line feed, carriage return and NUL (which keeps texts apart: see scanTexts.ts), or DEL. */
export const isControl = (code: number): boolean =>
  (code >= 0x01 && code <= 0x08) ||
  code === 0x0b ||
  code === 0x0c ||
  (code >= 0x0e && code <= 0x1f) ||
  code === 0x7f;

/** `[a-z]` (NaN, past the end, is none). */
export const isLower = (code: number): boolean => code >= 0x61 && code <= 0x7a;

/** `[A-Za-z]`: a capital is its small letter with 0x20 off (NaN is none). */
export const isLetter = (code: number): boolean => isLower(code | 0x20);

/** True when `[from, to)` is lower-case letters only (or empty): a word, not a piece of a key. */
export function lowerCaseWord(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isLower(text.charCodeAt(i))) return false;
  return true;
}

/** What a reader skips at a string's edge (emphasis and code markers `*_\`~`), as the stream's seams do. */
export const isEdgeMarker = (code: number): boolean =>
  code === 0x2a || code === 0x5f || code === 0x60 || code === 0x7e;

/** A vowel of a word, either case (`y` counts): what tells a plain word from a key's letters. */
export const isVowel = (code: number): boolean => {
  const lower = code | 0x20;
  return (
    lower === 0x61 ||
    lower === 0x65 ||
    lower === 0x69 ||
    lower === 0x6f ||
    lower === 0x75 ||
    lower === 0x79
  );
};

/** A token character (base64, base64url, and the characters of keys): `[A-Za-z0-9+/=_-]`. */
export const isTokenChar = (code: number): boolean =>
  (code >= 0x61 && code <= 0x7a) ||
  (code >= 0x41 && code <= 0x5a) ||
  (code >= 0x2f && code <= 0x39) || // `/` and the digits
  code === 0x2b ||
  code === 0x3d ||
  code === 0x5f ||
  code === 0x2d;

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

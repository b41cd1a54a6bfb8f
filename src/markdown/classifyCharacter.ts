// ASCII classes, looked up: 1 whitespace, 2 punctuation, 0 the rest.
const ASCII = /* @__PURE__ */ (() => {
  const table = new Uint8Array(128);
  for (let code = 0; code < 128; code++) {
    const char = String.fromCharCode(code);
    table[code] = /\s/.test(char) ? 1 : /[!-/:-@[-`{-~]/.test(char) ? 2 : 0;
  }
  return table;
})();

/**
 * What a character next to a `*`/`_` run is, for flanking: 1 whitespace (a line ending or the
 * edge of the text, code -1, counts), 2 punctuation or symbol, 0 anything else. Read per UTF-16
 * unit, as CommonMark's reference renderers do.
 */
export function classifyCharacter(code: number): 0 | 1 | 2 {
  if (code < 0) return 1;
  if (code < 128) return ASCII[code] as 0 | 1 | 2;
  const char = String.fromCharCode(code);
  if (/\s/.test(char)) return 1;
  return /\p{P}|\p{S}/u.test(char) ? 2 : 0;
}

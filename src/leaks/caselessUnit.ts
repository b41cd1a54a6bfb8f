/**
 * How a case-insensitive regex (no `u` flag) reads a code unit: its upper case when that is one
 * unit and does not take a non-ASCII character to ASCII. Keywords of a caseless rule match where
 * these agree.
 */
export function caselessUnit(code: number): number {
  if (code < 0x80) return code >= 0x61 && code <= 0x7a ? code - 0x20 : code;
  const upper = String.fromCharCode(code).toUpperCase();
  return upper.length === 1 && upper.charCodeAt(0) >= 0x80 ? upper.charCodeAt(0) : code;
}

/** `caselessUnit` of an ASCII unit; 0x80 for every other unit. */
export const asciiUnit = (code: number): number => (code < 0x80 ? caselessUnit(code) : 0x80);

/** How many values `asciiUnit` takes: the 128 ASCII units' and 0x80. */
export const ASCII_UNITS = 129;

/** Two units one after the other, as `asciiUnit` reads them: an index below `ASCII_UNITS ** 2`. */
export const unitPair = (first: number, second: number): number =>
  ASCII_UNITS * asciiUnit(first) + asciiUnit(second);

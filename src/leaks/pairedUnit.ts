/**
 * True when code unit `j` is read together with the one before it: the second half of a
 * surrogate pair, or whatever follows a lone high surrogate (a scan reads a high surrogate with
 * the unit after it). Along a chain of high surrogates the first is read alone, the second with
 * it, the third alone, and so on: `j` is taken along when the chain before it is odd.
 */
export function pairedUnit(text: string, j: number): boolean {
  let highs = 0;
  while (j - highs > 0 && isHigh(text.charCodeAt(j - highs - 1))) highs++;
  return highs % 2 === 1;
}

/** A high surrogate: the first unit of an astral character. */
export const isHigh = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;

/**
 * Which pairs of adjacent characters a text contains, ASCII letters folded to lower case and
 * every other character above ASCII folded to one code, so the filter may say "maybe" wrongly
 * but never "no" wrongly, whatever the case of the text. The scanner's survey stamps it in its
 * one pass over the text; it lets the planner skip a keyword without searching the text for it.
 *
 * One 16 KB table is shared and stamped with a generation per text, so a filter allocates
 * nothing and the table is cleared only once every 255 texts. Filters are used synchronously,
 * one text at a time; a filter whose text was followed by another makes no claim.
 */
export interface BigramFilter {
  readonly generation: number;
}

/** The shared table, indexed `(previous << 7) | current` with folded codes. */
export const bigramStamps = /* @__PURE__ */ new Uint8Array(1 << 14);
let generation = 0;

/** Starts a new filter: the caller stamps `bigramStamps` with the returned generation. */
export function nextGeneration(): number {
  if (++generation === 256) {
    bigramStamps.fill(0);
    generation = 1;
  }
  return generation;
}

/** The folded code of a character: ASCII lower-cased, anything else 0x7f. */
export function foldedCode(code: number): number {
  return code >= 0x80 ? 0x7f : code >= 0x41 && code <= 0x5a ? code | 0x20 : code;
}

/** A filter over `text` (the survey builds one in its own pass; this one is for a text alone). */
export function bigramFilter(text: string): BigramFilter {
  const current = nextGeneration();
  let previous = 0;
  for (let i = 0; i < text.length; i++) {
    const code = foldedCode(text.charCodeAt(i));
    bigramStamps[(previous << 7) | code] = current;
    previous = code;
  }
  return { generation: current };
}

/** The table indices of a keyword's bigrams, for `mayContainBigrams`. */
export function bigramsOf(keyword: string): number[] {
  const indices: number[] = [];
  for (let i = 1; i < keyword.length; i++)
    indices.push((foldedCode(keyword.charCodeAt(i - 1)) << 7) | foldedCode(keyword.charCodeAt(i)));
  return indices;
}

/** False when a keyword (given by `bigramsOf`) cannot occur in the filter's text, in any letter case. */
export function mayContainBigrams(filter: BigramFilter, bigrams: readonly number[]): boolean {
  if (filter.generation !== generation) return true; // a newer text took the table: no claim
  for (const index of bigrams) if (bigramStamps[index] !== generation) return false;
  return true;
}

/**
 * Which pairs of adjacent characters a text contains (each code unit folded to its low byte, so
 * the filter may say "maybe" wrongly but never "no" wrongly). Built in one pass, it lets the
 * scanner skip a keyword that cannot occur without searching the text for it.
 *
 * One 64 KB table is shared and stamped with a generation per text, so building a filter
 * allocates nothing and clears the table only once every 255 texts. Filters are used
 * synchronously, one text at a time.
 */
export interface BigramFilter {
  readonly generation: number;
}

const stamps = /* @__PURE__ */ new Uint8Array(65536);
let generation = 0;

export function bigramFilter(text: string): BigramFilter {
  if (++generation === 256) {
    stamps.fill(0);
    generation = 1;
  }
  const current = generation;
  const table = stamps;
  let previous = text.charCodeAt(0) & 0xff;
  for (let i = 1; i < text.length; i++) {
    const code = text.charCodeAt(i) & 0xff;
    table[(previous << 8) | code] = current;
    previous = code;
  }
  return { generation: current };
}

/** False when `keyword` cannot occur in the text the filter was built from. */
export function mayContain(filter: BigramFilter, keyword: string): boolean {
  if (filter.generation !== generation) return true; // a newer text took the table: no claim
  for (let i = 1; i < keyword.length; i++) {
    if (stamps[((keyword.charCodeAt(i - 1) & 0xff) << 8) | (keyword.charCodeAt(i) & 0xff)] !== generation) return false;
  }
  return true;
}

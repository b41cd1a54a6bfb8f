/**
 * Where rule keywords occur in one text, each keyword looked for once however many rules share
 * it, so keyword-heavy prose (thousands of `key` and `token`) is searched once per keyword.
 */
export interface KeywordHits {
  readonly text: string;
  readonly found: Map<string, number[]>;
}

/** Starts an empty index of the keywords of `text`. */
export function keywordHits(text: string): KeywordHits {
  return { text, found: new Map() };
}

/** The one name of a keyword search: case-insensitive searches are kept apart from exact ones. */
export function keywordKey(keyword: string, anyCase: boolean): string {
  return anyCase ? `i ${keyword}` : keyword;
}

/** Every offset where `keyword` starts (in any case when `anyCase`), overlapping ones too, in order. */
export function hitsOf(hits: KeywordHits, keyword: string, anyCase: boolean): number[] {
  const key = keywordKey(keyword, anyCase);
  let starts = hits.found.get(key);
  if (starts === undefined) {
    starts = [];
    const text = hits.text;
    if (anyCase) {
      // `test`, not `exec`: no match array per hit. A literal matches as many characters as it has.
      const search = caseless(keyword);
      search.lastIndex = 0;
      while (search.test(text)) {
        const at = search.lastIndex - keyword.length;
        starts.push(at);
        search.lastIndex = at + 1;
      }
    } else {
      for (let at = text.indexOf(keyword); at !== -1; at = text.indexOf(keyword, at + 1))
        starts.push(at);
    }
    hits.found.set(key, starts);
  }
  return starts;
}

/** True when `keyword` occurs (in any case when `anyCase`); searches only as far as the first hit. */
export function occurs(hits: KeywordHits, keyword: string, anyCase: boolean): boolean {
  const known = hits.found.get(keywordKey(keyword, anyCase));
  if (known !== undefined) return known.length > 0;
  if (!anyCase) return hits.text.includes(keyword);
  const search = caseless(keyword);
  search.lastIndex = 0;
  return search.test(hits.text);
}

const caselessPatterns = new Map<string, RegExp>();

/** A cached global case-insensitive search for a literal keyword. */
function caseless(keyword: string): RegExp {
  let pattern = caselessPatterns.get(keyword);
  if (!pattern) {
    pattern = new RegExp(keyword.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'), 'gi');
    caselessPatterns.set(keyword, pattern);
  }
  return pattern;
}

import type { LeakRule, Span } from './leakRule';

/** Literals shorter than this are too common to mask (a 3-letter env value would hit every word). */
export const MIN_LITERAL_LENGTH = 6;
/** Long literals (a system prompt) are also caught when quoted in part: any run of this many characters. */
export const LITERAL_WINDOW = 48;

/**
 * A rule for the exact values a host registers: env secrets, its system prompt. A long value is
 * also found when the reply quotes any `LITERAL_WINDOW`-character piece of it.
 */
export function hostLiteralRule(values: readonly string[], id = 'host-literal'): LeakRule {
  const needles = new Set<string>();
  for (const value of values) {
    if (value.length < MIN_LITERAL_LENGTH) continue;
    needles.add(value);
    // Overlapping windows, so any quoted run of window + stride characters contains a whole one.
    const stride = LITERAL_WINDOW >> 1;
    for (let at = 0; at + LITERAL_WINDOW < value.length; at += stride)
      needles.add(value.slice(at, at + LITERAL_WINDOW));
  }
  const list = [...needles];
  return {
    id,
    family: 'host',
    keywords: [],
    find: (text) => findAll(text, list),
  };
}

function* findAll(text: string, needles: readonly string[]): Iterable<Span> {
  for (const needle of needles) {
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) {
      yield [at, at + needle.length];
    }
  }
}

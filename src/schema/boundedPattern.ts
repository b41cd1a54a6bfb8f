/**
 * A schema's `pattern` (or `patternProperties` name) compiled for a linear-time engine (see
 * compileBoundedPatterns): it never backtracks, so a test costs at most `(length + 1) × size`.
 */
export interface BoundedPattern {
  /** The pattern as the schema wrote it (ECMAScript syntax, Unicode mode). */
  readonly source: string;
  /** The instructions of its compiled program: the cost of one character, at worst. */
  readonly size: number;
  /** Whether the pattern matches somewhere in the text (ECMAScript `RegExp.prototype.test`). */
  readonly test: (text: string) => boolean;
}

/** What is left of the pattern work one answer may cost (in characters × instructions). */
export interface PatternWork {
  patternWork: number;
}

/** The compiled patterns of one schema, by source: what the judge and the validator run. */
export type BoundedPatterns = ReadonlyMap<string, BoundedPattern>;

/**
 * The pattern work one answer's streaming judge, or one validation, may spend: 2^23 characters ×
 * instructions, about 0.2 s at the engine's worst (a pattern whose automaton it cannot cache),
 * a few milliseconds for the usual ones. A reply that needs more is judged by the validator
 * (the judge) or refused as TOO_LARGE (the validator).
 */
export const PATTERN_WORK = 8_388_608;

/**
 * Tests `text` against `pattern`, charged to `work`: `undefined` (not tested) when the test
 * could cost more than is left.
 */
export function testPattern(
  pattern: BoundedPattern,
  text: string,
  work: PatternWork,
): boolean | undefined {
  const cost = (text.length + 1) * pattern.size;
  if (cost > work.patternWork) return undefined;
  work.patternWork -= cost;
  return pattern.test(text);
}

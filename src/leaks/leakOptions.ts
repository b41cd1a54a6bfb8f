import type { LeakRule } from './leakRule';

/** Options of the leak scanner. */
export interface LeakOptions {
  /**
   * Literal values the host never wants sent: env secrets, its system prompt. The scanner keeps
   * what it prepares for them per array (and finds it again for a new array of the same values):
   * an array is not changed in place after a call (pass a new one).
   */
  readonly literals?: readonly string[] | undefined;
  /**
   * Rules to use instead of the built-in set. The scanner's tables are kept per array and per
   * the rules in it: an array is not changed after its first use (pass a new one).
   */
  readonly rules?: readonly LeakRule[] | undefined;
  /** Exact secrets that are allowed through (test fixtures, published sample keys). */
  readonly allow?: readonly string[] | undefined;
  /** The replacement text. */
  readonly mask?: string | undefined;
}

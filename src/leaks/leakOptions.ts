import type { LeakRule } from './leakRule';

/** Options of the leak scanner. */
export interface LeakOptions {
  /** Literal values the host never wants sent: env secrets, its system prompt. */
  readonly literals?: readonly string[] | undefined;
  /** Rules to use instead of the built-in set. */
  readonly rules?: readonly LeakRule[] | undefined;
  /** Exact secrets that are allowed through (test fixtures, published sample keys). */
  readonly allow?: readonly string[] | undefined;
  /** The replacement text. */
  readonly mask?: string | undefined;
}

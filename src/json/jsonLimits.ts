/**
 * The bounds the strict parser enforces.
 */
export interface JsonLimits {
  /**
   * The most UTF-16 code units accepted. Text beyond it is never scanned: it is refused
   * (TOO_LARGE) unless the text before it already holds a violation, so a stream, which cannot
   * know the length in advance, gives the same verdict as whole text.
   */
  readonly maxLength: number;
  /** The deepest nesting of arrays and objects (TOO_DEEP); at most 1,000 is honoured. */
  readonly maxDepth: number;
  /** `'reject'` refuses a `__proto__` member (PROTO_KEY); `'keep'` keeps it as an own property. */
  readonly protoKey: 'reject' | 'keep';
  /**
   * The most issues one verdict lists (default 100). Validation stops there; the list then ends
   * with one `TOO_MANY_ISSUES` issue saying how many more were not listed (or that some were not).
   */
  readonly maxIssues: number;
}

/**
 * The strict defaults: 1 MiB of text, 64 levels, `__proto__` refused, 100 issues.
 */
export const DEFAULT_JSON_LIMITS: JsonLimits = /* @__PURE__ */ Object.freeze({
  maxLength: 1_048_576,
  maxDepth: 64,
  protoKey: 'reject',
  maxIssues: 100,
});

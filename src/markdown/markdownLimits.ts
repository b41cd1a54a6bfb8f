/**
 * The bounds that keep rendering linear on any input, and what happens past them: the text is
 * still shown, as text.
 */
export const MARKDOWN_LIMITS = /* @__PURE__ */ Object.freeze({
  /**
   * Block quotes and list items open at once. A marker past it is paragraph text: every line
   * matches the open containers again, so the depth multiplies the work of each line.
   */
  maxContainerDepth: 16,
  /** Emphasis open at once; deeper delimiters show as the characters they are. */
  maxInlineDepth: 16,
  /**
   * Characters the link scanners (destinations, titles) may read per character of a paragraph,
   * plus a fixed allowance: past it, a `](` no longer tries to be a link.
   */
  linkScanPerChar: 4,
  linkScanAllowance: 4096,
});

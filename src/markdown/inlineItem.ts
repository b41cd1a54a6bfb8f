/** Where a link or image points, decoded (not yet checked or encoded). */
export interface LinkTarget {
  readonly destination: string;
  readonly title: string | undefined;
}

/** An emphasis pair: `em` or `strong`, shown as its characters when nested too deep. */
export interface EmphasisMatch {
  readonly tag: 'em' | 'strong';
  readonly chars: string;
  literal: boolean;
}

/** A run of `*` or `_`, linked to its neighbours while emphasis is resolved. */
export interface Delimiter {
  readonly kind: 'delimiter';
  readonly char: string;
  /** The run's length as written, and what is left of it after matches. */
  readonly length: number;
  count: number;
  readonly canOpen: boolean;
  readonly canClose: boolean;
  /** Its place among the delimiters of the paragraph, in order. */
  readonly index: number;
  previous: Delimiter | undefined;
  next: Delimiter | undefined;
  /** Matches this run opens (outermost first) and closes (innermost first), once it has any. */
  opens: EmphasisMatch[] | undefined;
  closes: EmphasisMatch[] | undefined;
}

/** `[` or `![`: a link or image when a `]` closes it, the characters otherwise. */
export interface LinkOpen {
  readonly kind: 'open';
  readonly image: boolean;
  target: LinkTarget | undefined;
}

/** The `]…` that closes a link or image. */
export interface LinkClose {
  readonly kind: 'close';
  readonly open: LinkOpen;
}

/** Finished output: its HTML, and its text inside an image's `alt` (no tags). */
export interface Piece {
  readonly kind: 'piece';
  readonly html: string;
  readonly alt: string;
}

/**
 * What a paragraph's inline parse yields, in order: escaped text (a string, the same in an
 * `alt`), finished pieces, delimiter runs and link brackets.
 */
export type InlineItem = string | Piece | Delimiter | LinkOpen | LinkClose;

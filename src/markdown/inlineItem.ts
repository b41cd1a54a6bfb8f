/** Where a link or image points, decoded (not yet checked or encoded). */
export interface LinkTarget {
  readonly destination: string;
  readonly title: string | undefined;
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

/** `<scheme:…>` or `<user@host>`: a link the renderer's policy makes, its label encoded. */
export interface Autolink {
  readonly kind: 'autolink';
  readonly target: LinkTarget;
  readonly html: string;
}

/** Finished output: its HTML, and its text inside an image's `alt` (no tags). */
export interface Piece {
  readonly kind: 'piece';
  readonly html: string;
  readonly alt: string;
}

/**
 * What a paragraph's inline parse yields, in order: escaped text (a string, the same in an
 * `alt`), a `*`/`_` run (its index in the paragraph's `DelimiterTable`), finished pieces,
 * autolinks and link brackets.
 */
export type InlineItem = string | number | Piece | Autolink | LinkOpen | LinkClose;

import type { LinkTarget } from './inlineItem';

/** How links and images become HTML: the renderer's say over what may load or mislead. */
export interface MarkdownPolicy {
  /** An image, given its alt text (encoded) and whether it sits inside a link. */
  readonly image: (target: LinkTarget, altHtml: string, inLink: boolean) => string;
  /** A link, given its content (HTML) and that content as the reader sees it (plain text). */
  readonly link: (target: LinkTarget, html: string, shownText: string) => string;
}

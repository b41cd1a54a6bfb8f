import { sanitizeUri } from 'micromark-util-sanitize-uri';
import type { MarkdownPolicy } from './markdownPolicy';
import { titleAttribute } from './titleAttribute';

/** The protocols a link may use; anything else gets an empty `href`. */
export const LINK_PROTOCOLS = /^(?:https?|ircs?|mailto|xmpp)$/i;

/**
 * CommonMark's own output for links and images (what the spec's examples expect): safe protocols
 * only, nothing else decided. The renderer has its own (src/render/renderMarkdown.ts).
 */
export const COMMONMARK_POLICY: MarkdownPolicy = /* @__PURE__ */ Object.freeze<MarkdownPolicy>({
  image: (target, altHtml) =>
    `<img src="${sanitizeUri(target.destination, /^https?$/i)}" alt="${altHtml}"${titleAttribute(target.title)} />`,
  link: (target, html) =>
    `<a href="${sanitizeUri(target.destination, LINK_PROTOCOLS)}"${titleAttribute(target.title)}>${html}</a>`,
});

import { sanitizeUri } from 'micromark-util-sanitize-uri';
import type { MarkdownPolicy } from './markdownPolicy';
import { parseBlocks } from './parseBlocks';
import { LINK_PROTOCOLS } from './parseInlines';
import { renderBlocks } from './renderBlocks';
import { titleAttribute } from './titleAttribute';

/** CommonMark's own output for links and images: safe protocols only, nothing else decided. */
export const COMMONMARK_POLICY: MarkdownPolicy = /* @__PURE__ */ Object.freeze<MarkdownPolicy>({
  image: (target, altHtml) =>
    `<img src="${sanitizeUri(target.destination, /^https?$/i)}" alt="${altHtml}"${titleAttribute(target.title)} />`,
  link: (target, html) =>
    `<a href="${sanitizeUri(target.destination, LINK_PROTOCOLS)}"${titleAttribute(target.title)}>${html}</a>`,
});

/**
 * Markdown (CommonMark, raw HTML shown as text) as HTML, in time linear in its length: nesting
 * past `MARKDOWN_LIMITS` and link scans past their budget fall back to text. `policy` decides
 * what links and images become.
 *
 * @example
 * markdownToHtml('**hi** [docs](https://example.com)'); // '<p><strong>hi</strong> <a href="https://example.com">docs</a></p>'
 */
export function markdownToHtml(
  markdown: string,
  policy: MarkdownPolicy = COMMONMARK_POLICY,
): string {
  const { document, definitions } = parseBlocks(markdown.replace(/\0/g, '\ufffd'));
  return renderBlocks(document, definitions, policy);
}

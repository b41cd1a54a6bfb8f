import type { MarkdownPolicy } from './markdownPolicy';
import { parseBlocks } from './parseBlocks';
import { renderBlocks } from './renderBlocks';

/**
 * Markdown (CommonMark, raw HTML shown as text) as HTML, in time linear in its length: nesting
 * past `MARKDOWN_LIMITS` and link scans past their budget fall back to text. `policy` decides
 * what links and images become (`COMMONMARK_POLICY`: as the spec writes them).
 *
 * @example
 * markdownToHtml('**hi** [docs](https://example.com)', COMMONMARK_POLICY); // '<p><strong>hi</strong> <a href="https://example.com">docs</a></p>'
 */
export function markdownToHtml(markdown: string, policy: MarkdownPolicy): string {
  const { tree, definitions } = parseBlocks(markdown.replace(/\0/g, '\ufffd'));
  return renderBlocks(tree, definitions, policy);
}

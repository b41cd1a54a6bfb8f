import type { Block } from './block';
import { encodeHtml } from './encodeHtml';
import type { LinkDefinitions } from './linkDefinitions';
import type { MarkdownPolicy } from './markdownPolicy';
import { parseInlines } from './parseInlines';
import { renderInlines } from './renderInlines';

const INLINE_SPECIAL = /[\n\\`*_[\]!<&]/;

/**
 * The HTML of a block tree, in the layout CommonMark's reference renderers write (a line ending
 * between blocks, none at the end). Recursion is bounded by the container depth limit.
 */
export function renderBlocks(
  document: Block,
  definitions: LinkDefinitions,
  policy: MarkdownPolicy,
): string {
  const out: string[] = [];
  let atLineStart = true;
  const write = (html: string) => {
    if (html === '') return;
    out.push(html);
    atLineStart = html.endsWith('\n');
  };
  const lineBreak = () => {
    if (!atLineStart) write('\n');
  };
  const inline = (block: Block, trimStart: boolean) => {
    let text = block.lines.length === 1 ? block.lines[0]! : block.lines.join('\n');
    text = text.replace(/[ \t]+$/, '');
    if (trimStart) text = text.replace(/^[ \t]+/, '');
    // Plain text (most short paragraphs and headings) needs no inline parse.
    if (!INLINE_SPECIAL.test(text)) return encodeHtml(text);
    const { items, delimiters } = parseInlines(text, definitions);
    return renderInlines(items, delimiters, policy);
  };

  const render = (block: Block, tight: boolean): void => {
    switch (block.type) {
      case 'paragraph':
        if (tight) write(inline(block, false));
        else {
          lineBreak();
          write(`<p>${inline(block, false)}</p>`);
          lineBreak();
        }
        return;
      case 'heading':
        lineBreak();
        write(`<h${block.level}>${inline(block, true)}</h${block.level}>`);
        lineBreak();
        return;
      case 'break':
        lineBreak();
        write('<hr />');
        lineBreak();
        return;
      case 'code': {
        const language = block.info.split(/[ \t]/, 1)[0];
        const attribute = language ? ` class="language-${encodeHtml(language)}"` : '';
        const content = block.lines.map((line) => `${line}\n`).join('');
        lineBreak();
        write(`<pre><code${attribute}>${encodeHtml(content)}</code></pre>`);
        lineBreak();
        return;
      }
      case 'quote':
        lineBreak();
        write('<blockquote>\n');
        for (const child of block.children) render(child, false);
        lineBreak();
        write('</blockquote>');
        lineBreak();
        return;
      case 'list': {
        const ordered = block.marker === '.' || block.marker === ')';
        lineBreak();
        write(ordered ? (block.start === 1 ? '<ol>' : `<ol start="${block.start}">`) : '<ul>');
        lineBreak();
        for (const item of block.children) {
          write('<li>');
          for (const child of item.children) render(child, block.tight);
          write('</li>');
          lineBreak();
        }
        write(ordered ? '</ol>' : '</ul>');
        lineBreak();
        return;
      }
      default:
        for (const child of block.children) render(child, false);
    }
  };
  render(document, false);
  const html = out.join('');
  return html.endsWith('\n') ? html.slice(0, -1) : html;
}

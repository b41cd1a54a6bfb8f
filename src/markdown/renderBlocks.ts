import { BlockType, type BlockTree, blockText, Field } from './block';
import { rowField } from './rows';
import { encodeHtml } from './encodeHtml';
import { isSpaceOrTab } from './lineCursor';
import type { LinkDefinitions } from './linkDefinitions';
import type { MarkdownPolicy } from './markdownPolicy';
import { parseInlines } from './parseInlines';
import { renderInlines } from './renderInlines';
import { trimRun } from './trimRun';

const INLINE_SPECIAL = /[\n\\`*_[\]!<&]/;

/**
 * The HTML of a block tree, in the layout CommonMark's reference renderers write (a line ending
 * between blocks, none at the end). Recursion is bounded by the container depth limit; every
 * character of the text is read a bounded number of times (no trim rescans a run of blanks).
 */
export function renderBlocks(
  tree: BlockTree,
  definitions: LinkDefinitions,
  policy: MarkdownPolicy,
): string {
  // Pieces, joined once at the end: most are constants, so a block costs a slot, not a string.
  const out: string[] = [];
  // Whether the output ends a line: a block tag then needs no line ending before it.
  let atLineStart = true;
  // A block's HTML, on a line of its own.
  const write = (...html: string[]) => {
    if (!atLineStart) out.push('\n');
    out.push(...html);
    atLineStart = true;
  };
  const inline = (block: number, trimStart: boolean) => {
    // Blanks at the end go (a heading's at the start too), each read once.
    const trimmed = trimRun(blockText(tree, block), isSpaceOrTab, !trimStart);
    // Plain text (most short paragraphs and headings) needs no inline parse.
    if (!INLINE_SPECIAL.test(trimmed)) return encodeHtml(trimmed);
    const { items, delimiters } = parseInlines(trimmed, definitions);
    return renderInlines(items, delimiters, policy);
  };

  const render = (block: number, tight: boolean): void => {
    switch (rowField(tree, block, Field.Type)) {
      case BlockType.Paragraph:
        if (tight) {
          const content = inline(block, false);
          if (content !== '') {
            out.push(content);
            atLineStart = content.charCodeAt(content.length - 1) === 0x0a;
          }
        } else write('<p>', inline(block, false), '</p>\n');
        return;
      case BlockType.Heading: {
        const level = rowField(tree, block, Field.Size);
        write(`<h${level}>`, inline(block, true), `</h${level}>\n`);
        return;
      }
      case BlockType.Break:
        write('<hr />\n');
        return;
      case BlockType.Code: {
        const language = tree.info.get(block)?.split(/[ \t]/, 1)[0];
        const attribute = language ? ` class="language-${encodeHtml(language)}"` : '';
        const content =
          rowField(tree, block, Field.LineCount) === 0 ? '' : `${blockText(tree, block)}\n`;
        write(`<pre><code${attribute}>${encodeHtml(content)}</code></pre>\n`);
        return;
      }
      case BlockType.Quote:
        write('<blockquote>\n');
        renderChildren(block, false);
        write('</blockquote>\n');
        return;
      case BlockType.List: {
        const marker = rowField(tree, block, Field.Marker);
        const ordered = marker === 0x2e || marker === 0x29;
        const start = rowField(tree, block, Field.Size);
        const tag = ordered ? (start === 1 ? '<ol>\n' : `<ol start="${start}">\n`) : '<ul>\n';
        write(tag);
        const itemsTight = rowField(tree, block, Field.Tight) !== 0;
        for (
          let item = rowField(tree, block, Field.FirstChild);
          item >= 0;
          item = rowField(tree, item, Field.Next)
        ) {
          if (rowField(tree, item, Field.FirstChild) < 0) out.push('<li></li>\n');
          else {
            out.push('<li>');
            atLineStart = false;
            renderChildren(item, itemsTight);
            out.push('</li>\n');
            atLineStart = true;
          }
        }
        write(ordered ? '</ol>\n' : '</ul>\n');
        return;
      }
      default:
        renderChildren(block, false);
    }
  };
  const renderChildren = (block: number, tight: boolean) => {
    for (
      let child = rowField(tree, block, Field.FirstChild);
      child >= 0;
      child = rowField(tree, child, Field.Next)
    ) {
      render(child, tight);
    }
  };
  render(0, false);
  const html = out.join('');
  return html.endsWith('\n') ? html.slice(0, -1) : html;
}

import { BlockType, type BlockTree, TIGHT, blockText, hasFlag } from './block';
import { encodeHtml } from './encodeHtml';
import { isSpaceOrTab } from './lineCursor';
import type { LinkDefinitions } from './linkDefinitions';
import type { MarkdownPolicy } from './markdownPolicy';
import { parseInlines } from './parseInlines';
import { renderInlines } from './renderInlines';

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
  const open = (tag: string, withLineEnding: string) => {
    out.push(atLineStart ? tag : withLineEnding);
  };
  const inline = (block: number, trimStart: boolean) => {
    const text = blockText(tree, block);
    // Blanks at the ends go, each read once: a pattern like `[ \t]+$` would rescan a run of
    // blanks from each of its characters (quadratic in the run).
    let end = text.length;
    while (end > 0 && isSpaceOrTab(text.charCodeAt(end - 1))) end--;
    let start = 0;
    if (trimStart) while (start < end && isSpaceOrTab(text.charCodeAt(start))) start++;
    const trimmed = start > 0 || end < text.length ? text.slice(start, end) : text;
    // Plain text (most short paragraphs and headings) needs no inline parse.
    if (!INLINE_SPECIAL.test(trimmed)) return encodeHtml(trimmed);
    const { items, delimiters } = parseInlines(trimmed, definitions);
    return renderInlines(items, delimiters, policy);
  };

  const render = (block: number, tight: boolean): void => {
    switch (tree.type[block]) {
      case BlockType.Paragraph:
        if (tight) {
          const content = inline(block, false);
          if (content !== '') {
            out.push(content);
            atLineStart = content.charCodeAt(content.length - 1) === 0x0a;
          }
        } else {
          open('<p>', '\n<p>');
          out.push(inline(block, false), '</p>\n');
          atLineStart = true;
        }
        return;
      case BlockType.Heading: {
        const level = tree.size[block]!;
        open(`<h${level}>`, `\n<h${level}>`);
        out.push(inline(block, true), `</h${level}>\n`);
        atLineStart = true;
        return;
      }
      case BlockType.Break:
        open('<hr />\n', '\n<hr />\n');
        atLineStart = true;
        return;
      case BlockType.Code: {
        const language = tree.info.get(block)?.split(/[ \t]/, 1)[0];
        const attribute = language ? ` class="language-${encodeHtml(language)}"` : '';
        const content = tree.lineCount[block] === 0 ? '' : `${blockText(tree, block)}\n`;
        open('<pre>', '\n<pre>');
        out.push(`<code${attribute}>${encodeHtml(content)}</code></pre>\n`);
        atLineStart = true;
        return;
      }
      case BlockType.Quote:
        open('<blockquote>\n', '\n<blockquote>\n');
        atLineStart = true;
        renderChildren(block, false);
        open('</blockquote>\n', '\n</blockquote>\n');
        atLineStart = true;
        return;
      case BlockType.List: {
        const marker = tree.marker[block];
        const ordered = marker === 0x2e || marker === 0x29;
        const start = tree.size[block]!;
        const tag = ordered ? (start === 1 ? '<ol>\n' : `<ol start="${start}">\n`) : '<ul>\n';
        open(tag, `\n${tag}`);
        const itemsTight = hasFlag(tree, block, TIGHT);
        for (let item = tree.firstChild[block]!; item >= 0; item = tree.next[item]!) {
          if (tree.firstChild[item]! < 0) out.push('<li></li>\n');
          else {
            out.push('<li>');
            atLineStart = false;
            renderChildren(item, itemsTight);
            out.push('</li>\n');
          }
        }
        out.push(ordered ? '</ol>\n' : '</ul>\n');
        atLineStart = true;
        return;
      }
      default:
        renderChildren(block, false);
    }
  };
  const renderChildren = (block: number, tight: boolean) => {
    for (let child = tree.firstChild[block]!; child >= 0; child = tree.next[child]!) {
      render(child, tight);
    }
  };
  render(0, false);
  const html = out.join('');
  return html.endsWith('\n') ? html.slice(0, -1) : html;
}

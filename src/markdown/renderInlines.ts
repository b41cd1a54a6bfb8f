import { type DelimiterTable, Pair, Run } from './delimiterTable';
import { rowField, setRowField } from './rows';
import type { InlineItem, LinkOpen } from './inlineItem';
import { MARKDOWN_LIMITS } from './markdownLimits';
import type { MarkdownPolicy } from './markdownPolicy';

interface OpenMedia {
  readonly open: LinkOpen;
  /** Where its content starts in the output; -1 inside an image's alt (text only). */
  readonly start: number;
}

const DECODED: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&lt;': '<', '&gt;': '>' };

/**
 * The HTML of a paragraph's inline items. Inside an image only text goes into its `alt`; emphasis
 * nested past `maxInlineDepth` shows as its delimiters. Links and images are made by `policy`.
 */
export function renderInlines(
  items: readonly InlineItem[],
  delimiters: DelimiterTable | undefined,
  policy: MarkdownPolicy,
): string {
  const out: string[] = [];
  const media: OpenMedia[] = [];
  let alt = 0;
  let inLink = false;
  let depth = 0;
  for (const item of items) {
    if (typeof item === 'string') {
      out.push(item);
      continue;
    }
    if (typeof item === 'number') {
      depth = renderRun(delimiters!, item, alt > 0, depth, out);
      continue;
    }
    switch (item.kind) {
      case 'piece':
        out.push(alt > 0 ? item.alt : item.html);
        break;
      case 'autolink':
        out.push(alt > 0 ? item.html : policy.link(item.target, item.html, shownText(item.html)));
        break;
      case 'open':
        if (!item.target) out.push(item.image ? '![' : '[');
        else {
          // Inside an image's alt, a link or image is only its text.
          media.push({ open: item, start: alt > 0 ? -1 : out.length });
          if (item.image) alt++;
          else if (alt === 0) inLink = true;
        }
        break;
      case 'close': {
        const { open, start } = media.pop()!;
        if (open.image) alt--;
        if (start < 0) break;
        const html = out.splice(start).join('');
        if (open.image) out.push(policy.image(open.target!, html, inLink));
        else {
          inLink = false;
          out.push(policy.link(open.target!, html, shownText(html)));
        }
        break;
      }
    }
  }
  return out.join('');
}

/**
 * A `*`/`_` run: the pairs it closes, what is left of it as text, the pairs it opens. Pairs that
 * would nest past `maxInlineDepth` are text too. Returns the depth after it.
 */
function renderRun(
  table: DelimiterTable,
  run: number,
  inAlt: boolean,
  depth: number,
  out: string[],
): number {
  const char = rowField(table.runs, run, Run.Char) === 0x2a ? '*' : '_';
  const closes = (pair: number) => rowField(table.pairs, pair, Pair.NextClose);
  for (let pair = rowField(table.runs, run, Run.Closes); pair >= 0; pair = closes(pair)) {
    const use = rowField(table.pairs, pair, Pair.Use);
    if (rowField(table.pairs, pair, Pair.Literal)) out.push(char.repeat(use));
    else {
      depth--;
      if (!inAlt) out.push(use === 2 ? '</strong>' : '</em>');
    }
  }
  const count = rowField(table.runs, run, Run.Count);
  if (count > 0) out.push(count === 1 ? char : char.repeat(count));
  const opens = (pair: number) => rowField(table.pairs, pair, Pair.NextOpen);
  for (let pair = rowField(table.runs, run, Run.Opens); pair >= 0; pair = opens(pair)) {
    const use = rowField(table.pairs, pair, Pair.Use);
    if (depth >= MARKDOWN_LIMITS.maxInlineDepth) {
      setRowField(table.pairs, pair, Pair.Literal, 1);
      out.push(char.repeat(use));
    } else {
      depth++;
      if (!inAlt) out.push(use === 2 ? '<strong>' : '<em>');
    }
  }
  return depth;
}

/** A link's content as the reader sees it: our own tags dropped, our own encoding undone. */
function shownText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:amp|quot|lt|gt);/g, (entity) => DECODED[entity]!);
}

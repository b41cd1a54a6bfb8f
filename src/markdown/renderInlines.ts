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
export function renderInlines(items: readonly InlineItem[], policy: MarkdownPolicy): string {
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
    switch (item.kind) {
      case 'piece':
        out.push(alt > 0 ? item.alt : item.html);
        break;
      case 'delimiter':
        for (const match of item.closes ?? []) {
          if (match.literal) out.push(match.chars);
          else {
            depth--;
            if (alt === 0) out.push(`</${match.tag}>`);
          }
        }
        if (item.count > 0) out.push(item.count === 1 ? item.char : item.char.repeat(item.count));
        for (const match of item.opens ?? []) {
          if (depth >= MARKDOWN_LIMITS.maxInlineDepth) {
            match.literal = true;
            out.push(match.chars);
          } else {
            depth++;
            if (alt === 0) out.push(`<${match.tag}>`);
          }
        }
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

/** A link's content as the reader sees it: our own tags dropped, our own encoding undone. */
function shownText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:amp|quot|lt|gt);/g, (entity) => DECODED[entity]!);
}

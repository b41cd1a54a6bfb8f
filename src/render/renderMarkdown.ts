import { micromark } from 'micromark';
import { escapeHtml } from './escapeHtml';
import { hostAllowed } from './imageHosts';
import { imageLink } from './imageLink';
import { safeHttpUrl } from './safeUrl';

// Raw HTML is off: a model's `<img>` or `<script>` stays visible text, and the tags micromark itself
// writes are the only tags in its output. The HTML constructs are disabled outright (not just
// escaped), so HTML-looking lines read as ordinary Markdown and the parser code can be left out.
const MARKDOWN = Object.freeze({
  allowDangerousHtml: false,
  allowDangerousProtocol: false,
  extensions: [{ disable: { null: ['htmlFlow', 'htmlText'] } }],
});

// Every anchor and image micromark writes, in its exact output form (attributes already encoded).
const MEDIA_TAGS =
  /<a href="[^"]*"(?: title="[^"]*")?>|<\/a>|<img src="([^"]*)" alt="([^"]*)"((?: title="[^"]*")?) \/>/g;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&lt;': '<', '&gt;': '>' };

/**
 * Renders Markdown as safe HTML: CommonMark by micromark, raw HTML shown as text, links and images
 * only with safe protocols. An image loads only when its host is on `imageHosts`; any other image
 * becomes a link the reader may click (or plain text inside a link), so rendering a reply never
 * makes the browser fetch an address the model wrote.
 */
export function renderMarkdown(content: string, imageHosts: ReadonlySet<string>): string {
  let inLink = 0;
  return micromark(content, MARKDOWN).replace(
    MEDIA_TAGS,
    (tag: string, src?: string, alt?: string, title?: string) => {
      if (src === undefined) {
        inLink += tag === '</a>' ? -1 : 1;
        return tag;
      }
      const href = safeHttpUrl(src.replace(/&(?:amp|quot|lt|gt);/g, (entity) => ENTITIES[entity]!));
      if (href !== undefined && hostAllowed(href, imageHosts)) {
        return `<img src="${escapeHtml(href)}" alt="${alt}"${title} loading="lazy" referrerpolicy="no-referrer" />`;
      }
      // A link inside a link would break the outer one apart: there the image is only its label.
      return imageLink(inLink > 0 ? undefined : href, alt!, true);
    },
  );
}

import { markdownToHtml } from '../markdown/markdownToHtml';
import type { MarkdownPolicy } from '../markdown/markdownPolicy';
import { LINK_PROTOCOLS } from '../markdown/parseInlines';
import { titleAttribute } from '../markdown/titleAttribute';
import { sanitizeUri } from 'micromark-util-sanitize-uri';
import { readerText } from '../text/readerText';
import { escapeHtml } from './escapeHtml';
import { type AllowedHosts, hostAllowed } from './imageHosts';
import { imageLink } from './imageLink';
import { linkHostNote } from './linkHostNote';
import { safeHttpUrl } from './safeUrl';

// A title shows the reader's text, as everything the renderer writes does.
const title = (value: string | undefined) =>
  titleAttribute(value, (text) => escapeHtml(readerText(text).text));

/**
 * Renders Markdown as safe HTML: CommonMark in linear time (src/markdown), raw HTML shown as text,
 * links only with safe protocols. The text is the reader's text (bidi controls and invisible
 * characters removed) before it is parsed. An image loads only from `imageHosts`; any other
 * image becomes a link the reader may click (or plain text inside a link), so rendering a reply
 * never makes the browser fetch an address the model wrote. A link whose text names another host
 * than its target shows the real one.
 */
export function renderMarkdown(content: string, imageHosts: AllowedHosts): string {
  const policy: MarkdownPolicy = {
    image: (target, altHtml, inLink) => {
      const href = safeHttpUrl(target.destination);
      if (href !== undefined && hostAllowed(href, imageHosts)) {
        return `<img src="${escapeHtml(href)}" alt="${altHtml}"${title(target.title)} loading="lazy" referrerpolicy="no-referrer" />`;
      }
      // A link inside a link would break the outer one apart: there the image is only its label.
      return imageLink(inLink ? undefined : href, altHtml);
    },
    link: (target, html, shownText) => {
      const href = sanitizeUri(target.destination, LINK_PROTOCOLS);
      return `<a href="${href}"${title(target.title)}>${html}${linkHostNote(target.destination, shownText)}</a>`;
    },
  };
  return markdownToHtml(readerText(content).text, policy);
}

import type { MarkdownPolicy } from '../markdown/markdownPolicy';
import { markdownToHtml } from '../markdown/markdownToHtml';
import { titleAttribute } from '../markdown/titleAttribute';
import { readerText } from '../text/readerText';
import { escapeHtml } from './escapeHtml';
import { type AllowedHosts, hostAllowed } from './imageHosts';
import { imageLink } from './imageLink';
import { type LinkDestination, linkDestination } from './linkDestination';
import { linkHostNote } from './linkHostNote';

// A title shows the reader's text, as everything the renderer writes does.
const title = (value: string | undefined) =>
  titleAttribute(value, (text) => escapeHtml(readerText(text).text));

/**
 * Renders Markdown as safe HTML: CommonMark in linear time (src/markdown), raw HTML shown as text.
 * The text is the reader's text (bidi controls and invisible characters removed) before it is
 * parsed. Each link and image address is read once as a browser reads it (`linkDestination`):
 * that one URL is the `href` and names the host the note shows; an address that is refused (an
 * unsafe scheme, or one that resolves against the page: relative, `//host`) leaves only the text.
 * An image loads only from `imageHosts`; any other image becomes a link the reader may click (or
 * plain text inside a link), so rendering a reply never makes the browser fetch an address the
 * model wrote. A link whose text names another host than its target shows the real one.
 */
export function renderMarkdown(content: string, imageHosts: AllowedHosts): string {
  // References and repeated links share their address: each is read once.
  const read = new Map<string, LinkDestination | undefined>();
  const destination = (address: string) => {
    if (!read.has(address)) read.set(address, linkDestination(address));
    return read.get(address);
  };
  const policy: MarkdownPolicy = {
    image: (target, altHtml, inLink) => {
      const found = destination(target.destination)?.href;
      const href = found?.startsWith('http') ? found : undefined;
      if (href !== undefined && hostAllowed(href, imageHosts)) {
        return `<img src="${escapeHtml(href)}" alt="${altHtml}"${title(target.title)} loading="lazy" referrerpolicy="no-referrer" />`;
      }
      // A link inside a link would break the outer one apart: there the image is only its label.
      return imageLink(inLink ? undefined : href, altHtml);
    },
    link: (target, html, shownText) => {
      const to = destination(target.destination);
      if (!to) return html;
      return `<a href="${escapeHtml(to.href)}"${title(target.title)}>${html}${linkHostNote(to, shownText)}</a>`;
    },
  };
  return markdownToHtml(readerText(content).text, policy);
}

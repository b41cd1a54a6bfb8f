import { encodeHtml } from './encodeHtml';

/**
 * A link or image title as an HTML attribute (with its leading space), or nothing without a
 * title. `html` makes the title's text safe for a double-quoted attribute; a renderer may show
 * other text than the source's (the reader's view), escaped its own way.
 */
export function titleAttribute(
  title: string | undefined,
  html: (text: string) => string = encodeHtml,
): string {
  return title === undefined ? '' : ` title="${html(title)}"`;
}

import { HtmlRenderer, Parser } from 'commonmark';
import { micromark } from 'micromark';

/** micromark with its raw-HTML constructs off: the renderer replyguard shipped before. */
export function micromarkHtml(markdown: string): string {
  return micromark(markdown, { extensions: [{ disable: { null: ['htmlFlow', 'htmlText'] } }] });
}

/** commonmark.js, CommonMark's reference renderer in JavaScript (raw HTML on: avoid it). */
export function commonmarkHtml(markdown: string): string {
  return new HtmlRenderer().render(new Parser().parse(markdown));
}

/** Output compared without the line ending style or a final line ending. */
export function normalised(html: string): string {
  return html.replace(/\r\n?/g, '\n').trim();
}

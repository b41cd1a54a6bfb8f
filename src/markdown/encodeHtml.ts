import { replaceInPieces } from './replaceInPieces';

const ENCODED: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };

/** Text made safe for HTML content and double-quoted attributes. */
export function encodeHtml(text: string): string {
  return replaceInPieces(text, /[&"<>]/g, ENCODED);
}

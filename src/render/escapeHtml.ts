import { replaceInPieces } from '../markdown/replaceInPieces';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return replaceInPieces(text, /[&<>"']/g, ESCAPES);
}

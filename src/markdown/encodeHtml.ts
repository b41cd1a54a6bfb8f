const ENCODED: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };

/** Text made safe for HTML content and double-quoted attributes. */
export function encodeHtml(text: string): string {
  return text.replace(/[&"<>]/g, (char) => ENCODED[char]!);
}

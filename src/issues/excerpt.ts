/** The most characters an excerpt quotes from a reply. */
export const EXCERPT_MAX = 32;

/**
 * Quotes a short, printable excerpt of `text` around `offset`, so that an issue message
 * never carries a whole reply. Control characters are escaped.
 */
export function excerpt(text: string, offset = 0, max = EXCERPT_MAX): string {
  const start = Math.max(0, Math.min(offset - (max >> 1), text.length - max));
  let end = Math.min(text.length, start + max);
  let from = start;
  // Never cut a surrogate pair in half.
  if (isLowSurrogate(text.charCodeAt(from))) from++;
  if (isHighSurrogate(text.charCodeAt(end - 1))) end--;
  const body = JSON.stringify(text.slice(from, end)).slice(1, -1);
  return (from > 0 ? '…' : '') + body + (end < text.length ? '…' : '');
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

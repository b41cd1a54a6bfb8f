/** The most characters an excerpt quotes from a reply. */
export const EXCERPT_MAX = 32;

/** Runs of token characters this long may be (part of) a secret: an excerpt keeps only their start. */
const TOKEN_RUN = /[A-Za-z0-9+/=_.~-]{16,}/g;

/**
 * Quotes a short, printable excerpt of `text` around `offset`, so that an issue message
 * never carries a whole reply. Control characters are escaped, and long token-like runs are cut
 * to their first characters, so an excerpt never carries a key or token.
 */
export function excerpt(text: string, offset = 0, max = EXCERPT_MAX): string {
  const start = Math.max(0, Math.min(offset - (max >> 1), text.length - max));
  let end = Math.min(text.length, start + max);
  let from = start;
  // Never cut a surrogate pair in half.
  if (isLowSurrogate(text.charCodeAt(from))) from++;
  if (isHighSurrogate(text.charCodeAt(end - 1))) end--;
  const body = JSON.stringify(text.slice(from, end).replace(TOKEN_RUN, (run) => `${run.slice(0, 4)}…`)).slice(1, -1);
  return (from > 0 ? '…' : '') + body + (end < text.length ? '…' : '');
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

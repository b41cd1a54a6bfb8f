/**
 * The most characters of an outside text (an upstream's error body, an SSE error frame, a thrown
 * message) kept for a quote before it is masked: far more than a quote shows, so that a secret
 * that starts in the shown part is read whole by the scanner (a 4096-bit PEM key is 3.2 KB).
 */
export const QUOTE_SOURCE_MAX = 8192;

/**
 * The part of an outside text a quote may come from: the text itself, or its first
 * {@link QUOTE_SOURCE_MAX} characters and `…`. Nothing is masked or shortened for showing here:
 * that is `quoteOutbound`'s work, at the boundary where the text leaves (a provider's error, an
 * issue, the Worker's error body). This file imports nothing, so a provider's transport (a lazy
 * chunk) can bound what it quotes without carrying the scanner.
 */
export function quoteSource(text: string): string {
  return text.length > QUOTE_SOURCE_MAX ? `${text.slice(0, QUOTE_SOURCE_MAX)}…` : text;
}

import { type QuoteOptions, quoteOutboundOf } from './quoteOutboundOf';

// The face the package index exports; the work is in quoteOutboundOf.ts, which a lazy chunk may
// import (the issue redaction, reply/replyChecks.ts) where it must not import a file the index names.
export type { QuoteOptions } from './quoteOutboundOf';

/**
 * Quotes a text that leaves: masks it first, then shortens it. Everything that quotes outside
 * text calls this — an upstream's error body, an SSE error frame, a failed response, a thrown
 * message, an issue's message, a log line. The leak scanner reads the text (its first 8 KiB)
 * whole, with the host's literals; a piece of 8 or more characters of a literal key is masked
 * too. Only then is the text cut to `max` characters (default 200), at a boundary the scanner saw:
 * a mask is kept or left out whole, and a run of token characters the cut would split is left
 * out whole, so no secret leaves in part.
 *
 * @example
 * quoteOutbound(`upstream answered 401: ${body}`, { leaks: { literals: [env.UPSTREAM_API_KEY] } });
 */
export function quoteOutbound(text: string, options: QuoteOptions = {}): string {
  return quoteOutboundOf(text, options);
}

import { quotedCopy } from '../leaks/quotedCopy';
import { quoteOutbound, type QuoteOptions } from './core';

/** The longest error message the chunk keeps (`…` aside), as the other adapters'. */
const MESSAGE_MAX = 300;
/** The longest other text of its details (a stack, a response body), `…` aside. */
const TEXT_MAX = 4000;

/** The fields of AgentOS's `ERROR` chunk that quote the failure. */
interface ErrorChunk {
  message?: unknown;
  details?: unknown;
}

/**
 * Masks an `ERROR` chunk's message and details (AgentOS puts the model's or a tool's error there:
 * its message, its stack): masked first, then shortened. The chunk is about to be yielded to the
 * host, so this writes to it in place, the details as a masked copy (the error is left as it is).
 */
export function scrubErrorChunk(chunk: ErrorChunk, leaks: QuoteOptions['leaks']): void {
  const quote = (text: string, field: string) =>
    quoteOutbound(text, { leaks, max: field === 'message' ? MESSAGE_MAX : TEXT_MAX });
  if (typeof chunk.message === 'string') chunk.message = quote(chunk.message, 'message');
  if (chunk.details !== undefined) chunk.details = quotedCopy(chunk.details, quote);
}

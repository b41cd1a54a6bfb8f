import { MESSAGE_MAX, quotedCopy } from '../leaks/quotedCopy';
import { quoteOutbound, type LeakOptions } from './core';

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
export function scrubErrorChunk(chunk: ErrorChunk, leaks: LeakOptions | undefined): void {
  const quote = (text: string, max: number) => quoteOutbound(text, { leaks, max });
  if (typeof chunk.message === 'string') chunk.message = quote(chunk.message, MESSAGE_MAX);
  if (chunk.details !== undefined) chunk.details = quotedCopy(chunk.details, quote);
}

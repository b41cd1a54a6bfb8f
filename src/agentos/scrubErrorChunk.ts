import { MESSAGE_MAX, quotedCopy } from '../leaks/quotedCopy';
import { quoteOutbound, type LeakOptions } from './core';

/** The fields of AgentOS's `ERROR` chunk that quote the failure. */
interface ErrorChunk {
  message?: unknown;
  details?: unknown;
}

/**
 * Masks an `ERROR` chunk's message and details (AgentOS puts the model's or a tool's error there:
 * its message, its stack): masked first, then shortened. AgentOS gives a guardrail no other way
 * to change an error chunk, so this writes to it in place, both fields in one synchronous step
 * (the object is every client's of the stream), the details as a masked copy (the error is left
 * as it is).
 */
export function scrubErrorChunk(chunk: ErrorChunk, leaks: LeakOptions | undefined): void {
  const quote = (text: string, max: number) => quoteOutbound(text, { leaks, max });
  if (typeof chunk.message === 'string') chunk.message = quote(chunk.message, MESSAGE_MAX);
  if (chunk.details !== undefined) chunk.details = quotedCopy(chunk.details, quote);
}

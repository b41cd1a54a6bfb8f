import { leakQuoters, MESSAGE_MAX, quotedCopy } from '../leaks/quotedCopy';
import { maskLeaks, quoteOutbound, type LeakOptions } from './core';
import { readField } from './readField';

/** The fields of AgentOS's `ERROR` chunk that quote the failure. */
interface ErrorChunk {
  message?: unknown;
  details?: unknown;
}

/**
 * An `ERROR` chunk's message and details (AgentOS puts the model's or a tool's error there: its
 * message, its stack) masked, then shortened, as fields to write on it (`writeFields`): AgentOS
 * gives a guardrail no other way to change an error chunk, and the object is every client's of
 * the stream. A message or details that is not text is a masked copy (the error is left as it
 * is). A field that throws when read is read as nothing (and left as it is): the other is masked
 * all the same.
 */
export function errorChunkFields(chunk: ErrorChunk, leaks: LeakOptions | undefined): ErrorChunk {
  const { quote } = leakQuoters({ quoteOutbound, maskLeaks }, leaks);
  const message = readField(chunk, 'message');
  const details = readField(chunk, 'details');
  const fields: ErrorChunk = {};
  if (typeof message === 'string') fields.message = quote(message, MESSAGE_MAX);
  else if (message !== undefined) fields.message = quotedCopy(message, quote); // an Error, an object
  if (details !== undefined) fields.details = quotedCopy(details, quote);
  return fields;
}

import { leakQuoters, quotedData } from '../leaks/quotedCopy';
import { maskLeaks, quoteOutbound, type LeakOptions } from './core';

/** The fields of AgentOS's `FINAL_RESPONSE` chunk that carry the model's reply as written. */
interface FinalChunk {
  finalResponseText: string | null;
  finalResponseTextPlain?: string | null;
  updatedConversationContext?: unknown;
}

/** The conversation's roles whose messages the host wrote: every other is a model's or a tool's. */
const HOST_ROLES = new Set<unknown>(['user', 'system']);

/** Matches no message's content: the reply could not be read. */
const UNREAD = Symbol('unread');

/**
 * The sanitized reply everywhere the final chunk carries the model's own text, as fields to
 * write on it. AgentOS's dispatcher replaces `finalResponseText` only; the chunk also holds the
 * same reply as `finalResponseTextPlain` and as the last assistant message of
 * `updatedConversationContext`, whose other messages from a model or a tool (earlier replies,
 * tool calls, tool results) are masked. The context is a copy: AgentOS's live conversation is
 * left as it is.
 */
export function finalChunkFields(
  chunk: FinalChunk,
  sanitized: string,
  leaks: LeakOptions | undefined,
): Partial<FinalChunk> {
  let written: unknown = UNREAD;
  try {
    written = chunk.finalResponseText;
  } catch {
    // A reply that throws when read is no message's copy: each is masked as the model's data.
  }
  const fields: Partial<FinalChunk> = {};
  if (chunk.finalResponseTextPlain !== undefined) fields.finalResponseTextPlain = sanitized;
  const context = chunk.updatedConversationContext;
  if (typeof context !== 'object' || context === null || !('messages' in context)) return fields;
  const { messages } = context;
  if (!Array.isArray(messages)) return fields;
  const { quote, mask } = leakQuoters({ quoteOutbound, maskLeaks }, leaks);
  fields.updatedConversationContext = {
    ...context,
    messages: messages.map((message: unknown) => {
      if (typeof message !== 'object' || message === null) return message;
      const { role, content } = message as { role?: unknown; content?: unknown };
      if (role === 'assistant' && content === written) return { ...message, content: sanitized };
      return HOST_ROLES.has(role) ? message : quotedData(message, mask, quote);
    }),
  };
  return fields;
}

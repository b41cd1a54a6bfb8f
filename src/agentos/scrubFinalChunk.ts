import { quotedData } from '../leaks/quotedCopy';
import { maskLeaks, quoteOutbound, type QuoteOptions } from './core';

/** The fields of AgentOS's `FINAL_RESPONSE` chunk that carry the model's reply as written. */
interface FinalChunk {
  finalResponseText: string | null;
  finalResponseTextPlain?: string | null;
  updatedConversationContext?: unknown;
}

/** The conversation's roles whose messages the host wrote: every other is a model's or a tool's. */
const HOST_ROLES = new Set<unknown>(['user', 'system']);

/**
 * Puts the sanitized reply everywhere the final chunk carries the model's own text. AgentOS's
 * dispatcher replaces `finalResponseText` only; the chunk also holds the same reply as
 * `finalResponseTextPlain` and as the last assistant message of `updatedConversationContext`,
 * whose other messages from a model or a tool (earlier replies, tool calls, tool results) are
 * masked. The chunk is about to be yielded to the host, so this writes to it in place (the
 * dispatcher copies it with its own change after), and gives it a copy of the context: AgentOS's
 * live conversation is left as it is.
 */
export function scrubFinalChunk(
  chunk: FinalChunk,
  sanitized: string,
  leaks: QuoteOptions['leaks'],
): void {
  const written = chunk.finalResponseText;
  if (chunk.finalResponseTextPlain !== undefined) chunk.finalResponseTextPlain = sanitized;
  const context = chunk.updatedConversationContext;
  if (typeof context !== 'object' || context === null || !('messages' in context)) return;
  const { messages } = context;
  if (!Array.isArray(messages)) return;
  const quote = (text: string, max: number) => quoteOutbound(text, { leaks, max });
  const mask = (data: unknown) => maskLeaks(data, leaks || undefined).value;
  chunk.updatedConversationContext = {
    ...context,
    messages: messages.map((message: unknown) => {
      if (typeof message !== 'object' || message === null) return message;
      const { role, content } = message as { role?: unknown; content?: unknown };
      if (role === 'assistant' && content === written) return { ...message, content: sanitized };
      return HOST_ROLES.has(role) ? message : quotedData(message, mask, quote);
    }),
  };
}

/** The fields of AgentOS's `FINAL_RESPONSE` chunk that carry the model's reply as written. */
interface FinalChunk {
  finalResponseText: string | null;
  finalResponseTextPlain?: string | null;
  updatedConversationContext?: unknown;
}

/**
 * Puts the sanitized reply everywhere the final chunk carries the model's own text. AgentOS's
 * dispatcher replaces `finalResponseText` only; the chunk also holds the same reply as
 * `finalResponseTextPlain` and as the last assistant message of `updatedConversationContext`. The
 * chunk is about to be yielded to the host, so this writes to it in place (the dispatcher copies
 * it with its own change after), and gives it a copy of the context: AgentOS's live conversation
 * is left as it is.
 */
export function scrubFinalChunk(chunk: FinalChunk, sanitized: string): void {
  const written = chunk.finalResponseText;
  if (chunk.finalResponseTextPlain !== undefined) chunk.finalResponseTextPlain = sanitized;
  const context = chunk.updatedConversationContext;
  if (typeof context !== 'object' || context === null || !('messages' in context)) return;
  const { messages } = context;
  if (!Array.isArray(messages)) return;
  chunk.updatedConversationContext = {
    ...context,
    messages: messages.map((message: unknown) =>
      typeof message === 'object' &&
      message !== null &&
      (message as { role?: unknown }).role === 'assistant' &&
      (message as { content?: unknown }).content === written
        ? { ...message, content: sanitized }
        : message,
    ),
  };
}

/**
 * The reply text of a LangChain message's content: a string as it is, or the text blocks of a
 * block list joined (reasoning, images and tool blocks are never reply text). Undefined when the
 * content holds no text at all.
 */
export function messageText(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  let text: string | undefined;
  for (const block of content as unknown[]) {
    if (typeof block === 'string') text = (text ?? '') + block;
    else if (
      typeof block === 'object' &&
      block !== null &&
      (block as { type?: unknown }).type === 'text' &&
      typeof (block as { text?: unknown }).text === 'string'
    )
      text = (text ?? '') + (block as { text: string }).text;
  }
  return text;
}

import { isLowSurrogate } from '../issues/excerpt';
import type { ModelRequest } from '../providers/modelProvider';
import type { Usage } from '../results/replyResult';

/** UTF-8 bytes per estimated token. */
const BYTES_PER_TOKEN = 4;

/**
 * The usage of a call the provider never reported (cut by an early reject, an abort or a
 * timeout, or answered without a usage block), marked `estimated: true`. The rule: one token per
 * four UTF-8 bytes, rounded up — about right for English, and closer than characters for
 * scripts of several bytes a character, which tokenise densely. Input is the request as sent:
 * the system prompt, every message (tool calls and results included), the reply schema and the
 * tools as JSON. Output is what was read: reply text, refusal text, tool call names and
 * arguments. Reasoning the provider did not stream as text is not seen, so output is a floor.
 */
export function estimateUsage(request: ModelRequest, output: string): Usage {
  let input = utf8Bytes(request.system);
  for (const message of request.messages) {
    input += utf8Bytes(message.content);
    if (message.role === 'assistant')
      for (const call of message.toolCalls ?? [])
        input += utf8Bytes(call.name) + utf8Bytes(call.arguments);
  }
  if (request.schema) input += utf8Bytes(JSON.stringify(request.schema.jsonSchema));
  if (request.tools && request.tools.length > 0)
    input += utf8Bytes(JSON.stringify(request.tools) ?? '');
  return {
    inputTokens: Math.ceil(input / BYTES_PER_TOKEN),
    outputTokens: Math.ceil(utf8Bytes(output) / BYTES_PER_TOKEN),
    estimated: true,
  };
}

/** The UTF-8 length of a string, counted without encoding it (a lone surrogate counts 3, as U+FFFD). */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

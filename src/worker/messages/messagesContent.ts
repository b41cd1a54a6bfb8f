import * as v from 'valibot';
import type { ChatMessage, ToolCall } from '../../providers/modelProvider';
import type { HttpError } from '../http/httpError';
import { badField, fieldError } from '../http/requestBody';
import { plainObject } from '../turn/plainObject';

const CacheControl = v.nullish(v.unknown());
const TextBlock = v.strictObject({
  type: v.literal('text'),
  text: v.string(),
  cache_control: CacheControl,
  citations: v.nullish(v.array(v.unknown())),
});
const ToolUseBlock = v.strictObject({
  type: v.literal('tool_use'),
  id: v.pipe(v.string(), v.minLength(1)),
  name: v.pipe(v.string(), v.minLength(1)),
  input: plainObject(),
  cache_control: CacheControl,
  caller: v.optional(v.unknown()),
});
const ToolResultBlock = v.strictObject({
  type: v.literal('tool_result'),
  tool_use_id: v.pipe(v.string(), v.minLength(1)),
  content: v.optional(v.union([v.string(), v.array(v.unknown())])),
  is_error: v.optional(v.boolean()),
  cache_control: CacheControl,
});
const ThinkingBlock = v.strictObject({
  type: v.literal('thinking'),
  thinking: v.string(),
  signature: v.string(),
});
const RedactedThinkingBlock = v.strictObject({
  type: v.literal('redacted_thinking'),
  data: v.string(),
});

/** One message of a Messages request, as its schema admits it (blocks are read here). */
export interface MessageParam {
  readonly role: 'user' | 'assistant';
  readonly content: string | readonly unknown[];
}

/**
 * Reads Messages API `messages` into the core's conversation: text blocks as the text, an
 * assistant's `tool_use` blocks as its tool calls, a user's `tool_result` blocks as tool results
 * (each must answer an earlier `tool_use`; they come before the user's text, as the API orders
 * them), thinking blocks dropped (never reply text). Other blocks (images, documents, server
 * tools) are refused with their place and type.
 */
export function readMessages(
  messages: readonly MessageParam[],
): { ok: true; messages: ChatMessage[] } | { ok: false; error: HttpError } {
  const out: ChatMessage[] = [];
  const calls = new Map<string, string>();
  for (const [index, message] of messages.entries()) {
    const at = `messages.${index}.content`;
    if (typeof message.content === 'string') {
      out.push({ role: message.role, content: message.content });
      continue;
    }
    const texts: string[] = [];
    const toolCalls: ToolCall[] = [];
    for (const [position, block] of message.content.entries()) {
      const where = `${at}.${position}`;
      const type =
        typeof block === 'object' && block !== null
          ? (block as { type?: unknown }).type
          : undefined;
      const allowed =
        message.role === 'user'
          ? ['text', 'tool_result']
          : ['text', 'tool_use', 'thinking', 'redacted_thinking'];
      if (typeof type !== 'string' || !allowed.includes(type))
        return refuse(
          badField(
            `${where}.type`,
            typeof type === 'string'
              ? `the ${message.role} content block type "${type}" is not supported: replyguard takes ${allowed.join(', ')} blocks`
              : 'a content block must be an object with a type',
          ),
        );
      switch (type) {
        case 'text': {
          const parsed = v.safeParse(TextBlock, block);
          if (!parsed.success)
            return refuse(fieldError('a text block is malformed', parsed.issues, where));
          texts.push(parsed.output.text);
          break;
        }
        case 'tool_use': {
          const parsed = v.safeParse(ToolUseBlock, block);
          if (!parsed.success)
            return refuse(fieldError('a tool_use block is malformed', parsed.issues, where));
          const call = {
            id: parsed.output.id,
            name: parsed.output.name,
            arguments: JSON.stringify(parsed.output.input),
          };
          calls.set(call.id, call.name);
          toolCalls.push(call);
          break;
        }
        case 'tool_result': {
          const parsed = v.safeParse(ToolResultBlock, block);
          if (!parsed.success)
            return refuse(fieldError('a tool_result block is malformed', parsed.issues, where));
          const id = parsed.output.tool_use_id;
          const name = calls.get(id);
          if (name === undefined)
            return refuse(
              badField(
                `${where}.tool_use_id`,
                `"${id}" answers no tool_use of an earlier assistant message`,
              ),
            );
          const content = resultText(parsed.output.content, `${where}.content`);
          if (typeof content !== 'string') return refuse(content);
          out.push({ role: 'tool', toolCallId: id, name, content });
          break;
        }
        case 'thinking':
        case 'redacted_thinking': {
          const schema = type === 'thinking' ? ThinkingBlock : RedactedThinkingBlock;
          const parsed = v.safeParse(schema, block);
          if (!parsed.success)
            return refuse(fieldError(`a ${type} block is malformed`, parsed.issues, where));
          break;
        }
      }
    }
    if (message.role === 'assistant')
      out.push({
        role: 'assistant',
        content: texts.join(''),
        ...(toolCalls.length > 0 ? { toolCalls } : {}),
      });
    else if (texts.length > 0) out.push({ role: 'user', content: texts.join('') });
  }
  return { ok: true, messages: out };
}

/** A tool result's content: a string, or text blocks joined. */
function resultText(
  content: string | readonly unknown[] | undefined,
  at: string,
): string | HttpError {
  if (content === undefined || typeof content === 'string') return content ?? '';
  const texts: string[] = [];
  for (const [index, block] of content.entries()) {
    const type =
      typeof block === 'object' && block !== null ? (block as { type?: unknown }).type : undefined;
    if (type !== 'text')
      return badField(
        `${at}.${index}.type`,
        `a tool_result may hold text blocks only here, not "${String(type)}"`,
      );
    const parsed = v.safeParse(TextBlock, block);
    if (!parsed.success)
      return fieldError('a text block is malformed', parsed.issues, `${at}.${index}`);
    texts.push(parsed.output.text);
  }
  return texts.join('');
}

function refuse(error: HttpError): { ok: false; error: HttpError } {
  return { ok: false, error };
}

import * as v from 'valibot';
import type { ChatMessage, ToolCall } from '../../providers/modelProvider';
import type { HttpError } from '../http/httpError';
import { badField, fieldError } from '../http/requestBody';

/** The conversation a Responses `input` holds, in the core's terms. */
export interface ResponsesConversation {
  /** The text of `system` and `developer` messages, in order. */
  readonly system: readonly string[];
  readonly messages: readonly ChatMessage[];
}

const ItemStatus = v.nullish(v.picklist(['in_progress', 'completed', 'incomplete']));
const Text = v.strictObject({ type: v.picklist(['input_text', 'output_text']), text: v.string() });
const OutputText = v.strictObject({
  type: v.literal('output_text'),
  text: v.string(),
  annotations: v.optional(v.array(v.unknown())),
  logprobs: v.optional(v.array(v.unknown())),
});
const Refusal = v.strictObject({ type: v.literal('refusal'), refusal: v.string() });
const Message = v.strictObject({
  type: v.optional(v.literal('message')),
  role: v.picklist(['user', 'assistant', 'system', 'developer']),
  content: v.union([v.string(), v.array(v.unknown())]),
  id: v.optional(v.string()),
  status: ItemStatus,
  phase: v.nullish(v.picklist(['commentary', 'final_answer'])),
});
const FunctionCall = v.strictObject({
  type: v.literal('function_call'),
  call_id: v.pipe(v.string(), v.minLength(1)),
  name: v.pipe(v.string(), v.minLength(1)),
  arguments: v.string(),
  id: v.optional(v.string()),
  status: ItemStatus,
  namespace: v.nullish(v.string()),
});
const FunctionCallOutput = v.strictObject({
  type: v.literal('function_call_output'),
  call_id: v.pipe(v.string(), v.minLength(1)),
  output: v.union([v.string(), v.array(v.unknown())]),
  id: v.nullish(v.string()),
  status: ItemStatus,
});
const Reasoning = v.strictObject({
  type: v.literal('reasoning'),
  id: v.optional(v.string()),
  summary: v.array(v.unknown()),
  content: v.optional(v.array(v.unknown())),
  encrypted_content: v.nullish(v.string()),
  status: ItemStatus,
});

/** Content part types that are not text: the core passes text only. */
const NOT_TEXT = new Set(['input_image', 'input_file', 'input_audio']);

/**
 * Reads a Responses `input` (a string, or a list of items) into the core's conversation:
 * messages (text parts only), `function_call` items as the calls of an assistant turn,
 * `function_call_output` items as tool results (each must answer an earlier call), `reasoning`
 * items dropped (never reply text, never resent). Anything else is refused with the item's place
 * and type: `item_reference` (nothing is stored here), hosted tool items, images and files.
 */
export function readResponsesInput(
  input: string | readonly unknown[],
): { ok: true; conversation: ResponsesConversation } | { ok: false; error: HttpError } {
  if (typeof input === 'string')
    return { ok: true, conversation: { system: [], messages: [{ role: 'user', content: input }] } };
  const system: string[] = [];
  const messages: ChatMessage[] = [];
  const calls = new Map<string, string>();
  for (const [index, item] of input.entries()) {
    const at = `input.${index}`;
    if (typeof item !== 'object' || item === null || Array.isArray(item))
      return refuse(badField(at, 'an input item must be an object'));
    const record = item as Record<string, unknown>;
    const type = record.type ?? ('role' in record ? 'message' : undefined);
    switch (type) {
      case 'message': {
        const parsed = v.safeParse(Message, item);
        if (!parsed.success)
          return refuse(fieldError('a message item is malformed', parsed.issues, at));
        const text = messageText(parsed.output.content, parsed.output.role, at);
        if (typeof text !== 'string') return refuse(text);
        const role = parsed.output.role;
        if (role === 'system' || role === 'developer') system.push(text);
        else messages.push({ role, content: text });
        break;
      }
      case 'function_call': {
        const parsed = v.safeParse(FunctionCall, item);
        if (!parsed.success)
          return refuse(fieldError('a function_call item is malformed', parsed.issues, at));
        const call: ToolCall = {
          id: parsed.output.call_id,
          name: parsed.output.name,
          arguments: parsed.output.arguments,
        };
        calls.set(call.id, call.name);
        // Calls that follow an assistant message (or each other) are that turn's calls.
        const last = messages.at(-1);
        if (last?.role === 'assistant')
          messages[messages.length - 1] = { ...last, toolCalls: [...(last.toolCalls ?? []), call] };
        else messages.push({ role: 'assistant', content: '', toolCalls: [call] });
        break;
      }
      case 'function_call_output': {
        const parsed = v.safeParse(FunctionCallOutput, item);
        if (!parsed.success)
          return refuse(fieldError('a function_call_output item is malformed', parsed.issues, at));
        const name = calls.get(parsed.output.call_id);
        if (name === undefined)
          return refuse(
            badField(
              `${at}.call_id`,
              `"${parsed.output.call_id}" answers no function_call of an earlier item`,
            ),
          );
        const output = parsed.output.output;
        const content = typeof output === 'string' ? output : partsText(output, `${at}.output`);
        if (typeof content !== 'string') return refuse(content);
        messages.push({ role: 'tool', toolCallId: parsed.output.call_id, name, content });
        break;
      }
      case 'reasoning': {
        const parsed = v.safeParse(Reasoning, item);
        if (!parsed.success)
          return refuse(fieldError('a reasoning item is malformed', parsed.issues, at));
        break;
      }
      case 'item_reference':
        return refuse(
          badField(
            at,
            'an item_reference points at a stored item, and replyguard stores none: send the item itself (with @ai-sdk/openai, providerOptions.openai.store: false)',
          ),
        );
      default:
        return refuse(
          badField(
            `${at}.type`,
            typeof type === 'string'
              ? `the input item type "${type}" is not supported: replyguard takes messages, function_call, function_call_output and reasoning items`
              : 'an input item needs a type (or a role)',
          ),
        );
    }
  }
  return { ok: true, conversation: { system, messages } };
}

/** A message's text: its string content, or its text parts joined. */
function messageText(
  content: string | readonly unknown[],
  role: string,
  at: string,
): string | HttpError {
  if (typeof content === 'string') return content;
  const texts: string[] = [];
  for (const [index, part] of content.entries()) {
    const where = `${at}.content.${index}`;
    const type = typeof part === 'object' && part !== null ? (part as { type?: unknown }).type : '';
    if (type === 'refusal' && role === 'assistant') {
      const parsed = v.safeParse(Refusal, part);
      if (!parsed.success) return fieldError('a refusal part is malformed', parsed.issues, where);
      texts.push(parsed.output.refusal);
      continue;
    }
    const text = partText(part, where);
    if (typeof text !== 'string') return text;
    texts.push(text);
  }
  return texts.join('');
}

/** A list of text parts (a function call's output as parts) joined. */
function partsText(parts: readonly unknown[], at: string): string | HttpError {
  const texts: string[] = [];
  for (const [index, part] of parts.entries()) {
    const text = partText(part, `${at}.${index}`);
    if (typeof text !== 'string') return text;
    texts.push(text);
  }
  return texts.join('');
}

function partText(part: unknown, where: string): string | HttpError {
  const type = typeof part === 'object' && part !== null ? (part as { type?: unknown }).type : '';
  if (typeof type === 'string' && NOT_TEXT.has(type))
    return badField(
      `${where}.type`,
      `the content part type "${type}" is not supported: replyguard passes text only`,
    );
  const parsed = v.safeParse(type === 'output_text' ? OutputText : Text, part);
  if (!parsed.success) return fieldError('a content part is malformed', parsed.issues, where);
  return parsed.output.text;
}

function refuse(error: HttpError): { ok: false; error: HttpError } {
  return { ok: false, error };
}

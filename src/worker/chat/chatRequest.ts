import * as v from 'valibot';
import type { ChatMessage, ToolCall } from '../../providers/modelProvider';
import { badField, fieldError } from '../http/requestBody';
import { readChatTools } from './chatTools';
import { plainObject } from '../turn/plainObject';
import { ReplyguardField } from '../turn/replyguardField';
import type { TurnRead, WireTurn } from '../turn/wireTurn';

const TextPart = v.object({ type: v.literal('text'), text: v.string() });
const Content = v.union([v.string(), v.array(TextPart)]);
const WireCall = v.object({
  id: v.string(),
  type: v.optional(v.literal('function')),
  function: v.object({ name: v.string(), arguments: v.string() }),
});

const Message = v.variant('role', [
  v.object({ role: v.literal('system'), content: Content }),
  v.object({ role: v.literal('developer'), content: Content }),
  v.object({ role: v.literal('user'), content: Content }),
  v.object({
    role: v.literal('assistant'),
    content: v.nullish(Content),
    tool_calls: v.optional(v.array(WireCall)),
  }),
  v.object({ role: v.literal('tool'), tool_call_id: v.string(), content: Content }),
]);

/** A client's `response_format`: a `json_schema` one is enforced as a custom schema. */
const ResponseFormat = v.variant('type', [
  v.object({ type: v.literal('text') }),
  v.object({ type: v.literal('json_object') }),
  v.object({
    type: v.literal('json_schema'),
    json_schema: v.object({
      name: v.pipe(
        v.string(),
        v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'a name of 1 to 64 letters, digits, _ or -'),
      ),
      description: v.optional(v.string()),
      // An object, as OpenAI asks: `false` would read as the plain-text mode of the core, and
      // `true` enforces nothing.
      schema: plainObject('a JSON Schema object'),
      strict: v.nullish(v.boolean()),
    }),
  }),
]);

/** The OpenAI chat completions request, as far as this endpoint reads it (other fields are ignored). */
export const ChatRequestSchema = v.object({
  model: v.optional(v.string()),
  messages: v.pipe(v.array(Message), v.minLength(1, 'at least one message')),
  stream: v.nullish(v.boolean()),
  stream_options: v.nullish(v.object({ include_usage: v.optional(v.boolean()) })),
  tools: v.optional(v.array(v.looseObject({ type: v.string() }))),
  tool_choice: v.nullish(v.unknown()),
  response_format: v.optional(ResponseFormat),
  replyguard: v.optional(ReplyguardField),
});

/** The turn a chat request asks for, and whether a stream ends with a usage chunk. */
export interface ChatTurn extends WireTurn {
  readonly includeUsage: boolean;
}

/**
 * Reads a chat completions request (other fields are ignored, as before) into the core's terms:
 * system and developer messages become the system prompt; assistant tool calls and tool results
 * keep their ids (a tool result must answer a call made earlier in the conversation); a
 * `json_schema` response format is the client's schema.
 */
export function readChatRequest(body: unknown): TurnRead<ChatTurn> {
  const parsed = v.safeParse(ChatRequestSchema, body);
  if (!parsed.success)
    return {
      ok: false,
      error: fieldError('the request is not a chat completions request', parsed.issues),
    };
  const input = parsed.output;
  const tools = readChatTools(input);
  if (!Array.isArray(tools)) return { ok: false, error: tools };
  const text = (content: v.InferOutput<typeof Content> | null | undefined) =>
    typeof content === 'string' ? content : (content ?? []).map((part) => part.text).join('');
  const system: string[] = [];
  const messages: ChatMessage[] = [];
  const calls = new Map<string, string>();
  for (const [index, message] of input.messages.entries()) {
    switch (message.role) {
      case 'system':
      case 'developer':
        system.push(text(message.content));
        break;
      case 'user':
        messages.push({ role: 'user', content: text(message.content) });
        break;
      case 'assistant': {
        const toolCalls: ToolCall[] = (message.tool_calls ?? []).map((call) => ({
          id: call.id,
          name: call.function.name,
          arguments: call.function.arguments,
        }));
        for (const call of toolCalls) calls.set(call.id, call.name);
        messages.push({
          role: 'assistant',
          content: text(message.content),
          ...(toolCalls.length > 0 ? { toolCalls } : {}),
        });
        break;
      }
      case 'tool': {
        const name = calls.get(message.tool_call_id);
        if (name === undefined)
          return {
            ok: false,
            error: badField(
              `messages.${index}.tool_call_id`,
              `"${message.tool_call_id}" answers no tool call of an earlier assistant message`,
            ),
          };
        messages.push({
          role: 'tool',
          toolCallId: message.tool_call_id,
          name,
          content: text(message.content),
        });
        break;
      }
    }
  }
  if (!messages.some((message) => message.role === 'user'))
    return {
      ok: false,
      error: { status: 400, code: 'BAD_REQUEST', message: 'the conversation has no user message' },
    };
  const format =
    input.response_format?.type === 'json_schema' ? input.response_format.json_schema : undefined;
  return {
    ok: true,
    turn: {
      model: input.model,
      system: system.join('\n\n'),
      messages,
      ...(tools.length > 0
        ? { tools, ...(input.tool_choice === 'none' ? { toolChoice: 'none' as const } : {}) }
        : {}),
      ...(format
        ? {
            format: {
              name: format.name,
              description: format.description,
              schema: format.schema,
              field: 'response_format.json_schema.schema',
            },
          }
        : {}),
      stream: input.stream === true,
      replyguard: input.replyguard ?? {},
      includeUsage: input.stream_options?.include_usage === true,
    },
  };
}

import * as v from 'valibot';
import type { ChatMessage, ToolCall } from '../../providers/modelProvider';

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
      schema: v.record(v.string(), v.unknown(), 'a JSON Schema object'),
      strict: v.nullish(v.boolean()),
    }),
  }),
]);

const Mentions = v.union([v.array(v.string()), v.strictObject({ allowed: v.array(v.string()) })]);

/** The `replyguard` request field: closed, so a misspelt option is a 400 naming it. */
const ReplyguardField = v.strictObject({
  mentions: v.optional(Mentions),
  failure_notice: v.optional(v.string()),
  failureNotice: v.optional(v.string()),
  progress: v.optional(v.boolean()),
  maxRetries: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(5))),
  onExhausted: v.optional(v.picklist(['error', 'return_invalid'])),
});

/** The OpenAI chat completions request, as far as this endpoint reads it (other fields are ignored). */
export const ChatRequestSchema = v.object({
  model: v.optional(v.string()),
  messages: v.pipe(v.array(Message), v.minLength(1, 'at least one message')),
  stream: v.nullish(v.boolean()),
  stream_options: v.nullish(v.object({ include_usage: v.optional(v.boolean()) })),
  tools: v.optional(v.array(v.looseObject({ type: v.string() }))),
  response_format: v.optional(ResponseFormat),
  replyguard: v.optional(ReplyguardField),
});

/** A parsed chat completions request. */
export type ChatRequest = v.InferOutput<typeof ChatRequestSchema>;

/** The turn a chat request asks for, in the core's provider-neutral terms. */
export interface ChatTurn {
  readonly system: string;
  readonly messages: readonly ChatMessage[];
  readonly tools?: readonly unknown[];
}

/**
 * Maps the OpenAI conversation to the core's messages: system and developer messages become the
 * system prompt; assistant tool calls and tool results keep their ids (a tool result must answer a
 * call made earlier in the conversation). A string says what is wrong.
 */
export function chatTurn(input: ChatRequest): ChatTurn | string {
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
          return `messages.${index}.tool_call_id: "${message.tool_call_id.slice(0, 40)}" answers no tool call of an earlier assistant message`;
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
    return 'the conversation has no user message';
  return {
    system: system.join('\n\n'),
    messages,
    ...(input.tools && input.tools.length > 0 ? { tools: input.tools } : {}),
  };
}

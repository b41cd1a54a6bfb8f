import * as v from 'valibot';
import type { HttpError } from '../http/httpError';
import { badField, fieldError } from '../http/requestBody';
import { ReplyguardField } from '../turn/replyguardField';
import type { TurnRead } from '../turn/wireTurn';
import { readMessages } from './messagesContent';
import { passTools } from '../turn/passTools';
import { plainObject } from '../turn/plainObject';

const SystemBlock = v.strictObject({
  type: v.literal('text'),
  text: v.string(),
  cache_control: v.nullish(v.unknown()),
  citations: v.nullish(v.array(v.unknown())),
});
const CustomTool = v.strictObject({
  type: v.optional(v.literal('custom')),
  name: v.pipe(
    v.string(),
    v.regex(/^[a-zA-Z0-9_-]{1,128}$/, 'a name of 1 to 128 letters, digits, _ or -'),
  ),
  description: v.optional(v.string()),
  input_schema: plainObject('a JSON Schema object'),
  cache_control: v.nullish(v.unknown()),
  strict: v.optional(v.boolean()),
  input_examples: v.optional(v.array(v.unknown())),
  defer_loading: v.optional(v.boolean()),
  eager_input_streaming: v.nullish(v.boolean()),
  allowed_callers: v.optional(v.array(v.unknown())),
});
const ToolChoice = v.variant('type', [
  v.strictObject({ type: v.literal('auto'), disable_parallel_tool_use: v.optional(v.boolean()) }),
  v.strictObject({ type: v.literal('any'), disable_parallel_tool_use: v.optional(v.boolean()) }),
  v.strictObject({ type: v.literal('none') }),
  v.strictObject({
    type: v.literal('tool'),
    name: v.string(),
    disable_parallel_tool_use: v.optional(v.boolean()),
  }),
]);

/**
 * The Messages API request, strict as the API is: an unknown parameter is a 400 naming it, and
 * `model` and `max_tokens` are required. Parameters that only tune the upstream's sampling are
 * accepted and not forwarded (the configured upstream keeps its own); what runs on Anthropic's
 * side (MCP servers, containers) is refused.
 */
export const MessagesRequestSchema = v.strictObject({
  model: v.pipe(v.string(), v.minLength(1)),
  max_tokens: v.pipe(v.number(), v.integer(), v.minValue(1)),
  messages: v.pipe(
    v.array(
      v.strictObject({
        role: v.picklist(['user', 'assistant']),
        content: v.union([v.string(), v.array(v.unknown())]),
      }),
    ),
    v.minLength(1, 'at least one message'),
  ),
  system: v.optional(v.union([v.string(), v.array(SystemBlock)])),
  stream: v.optional(v.boolean()),
  temperature: v.optional(v.number()),
  top_p: v.optional(v.number()),
  top_k: v.optional(v.number()),
  stop_sequences: v.optional(v.array(v.string())),
  metadata: v.optional(v.strictObject({ user_id: v.nullish(v.string()) })),
  tools: v.optional(v.array(v.looseObject({ type: v.optional(v.string()) }))),
  tool_choice: v.optional(ToolChoice),
  thinking: v.optional(v.looseObject({ type: v.string() })),
  output_config: v.optional(
    v.strictObject({
      effort: v.nullish(v.string()),
      format: v.nullish(
        v.strictObject({
          type: v.literal('json_schema'),
          schema: plainObject('a JSON Schema object'),
        }),
      ),
      task_budget: v.nullish(v.unknown()),
    }),
  ),
  service_tier: v.optional(v.string()),
  speed: v.nullish(v.string()),
  inference_geo: v.nullish(v.string()),
  cache_control: v.nullish(v.unknown()),
  context_management: v.nullish(v.unknown()),
  diagnostics: v.nullish(v.unknown()),
  container: v.nullish(v.unknown()),
  mcp_servers: v.optional(v.array(v.unknown())),
  user_profile_id: v.optional(v.string()),
  workspace_id: v.optional(v.string()),
  replyguard: v.optional(ReplyguardField),
});

/** A parsed Messages request. */
export type MessagesRequest = v.InferOutput<typeof MessagesRequestSchema>;

/**
 * Reads a Messages API request: `system` (a string or text blocks) is the system prompt,
 * `messages` the conversation; custom tools pass through (as chat function tools below the
 * route); `output_config.format` json_schema is the client's schema.
 */
export function readMessagesRequest(body: unknown): TurnRead {
  const parsed = v.safeParse(MessagesRequestSchema, body);
  if (!parsed.success)
    return {
      ok: false,
      error: fieldError('the request is not a Messages API request', parsed.issues),
    };
  const request = parsed.output;
  if (request.container !== undefined && request.container !== null)
    return { ok: false, error: badField('container', 'containers are not supported') };
  if (request.mcp_servers !== undefined && request.mcp_servers.length > 0)
    return { ok: false, error: badField('mcp_servers', 'MCP servers are not supported') };
  const tools = readTools(request);
  if (!Array.isArray(tools)) return { ok: false, error: tools };
  const read = readMessages(request.messages);
  if (!read.ok) return read;
  if (!read.messages.some((message) => message.role === 'user'))
    return { ok: false, error: badField('messages', 'the conversation has no user message') };
  const system =
    typeof request.system === 'string'
      ? request.system
      : (request.system ?? []).map((block) => block.text).join('\n\n');
  const format = request.output_config?.format ?? undefined;
  return {
    ok: true,
    turn: {
      model: request.model,
      system,
      messages: read.messages,
      ...(tools.length > 0
        ? {
            tools,
            ...(request.tool_choice?.type === 'none' ? { toolChoice: 'none' as const } : {}),
          }
        : {}),
      ...(format
        ? { format: { schema: format.schema, field: 'output_config.format.schema' } }
        : {}),
      stream: request.stream === true,
      replyguard: request.replyguard ?? {},
    },
  };
}

/**
 * The custom tools as chat function tools (`tool_choice: none`: a tools-off turn); server tools
 * run on Anthropic's side and are refused, as is a forced tool choice (the reply is enforced
 * here).
 */
function readTools(request: MessagesRequest): unknown[] | HttpError {
  const choice = request.tool_choice?.type;
  if (choice === 'any' || choice === 'tool')
    return badField(
      'tool_choice',
      `"${choice}" is not supported: replyguard lets the model choose, then enforces the reply; for a JSON reply send output_config.format (with @ai-sdk/anthropic, structuredOutputMode: 'outputFormat')`,
    );
  const tools = passTools(request.tools, {
    type: 'custom',
    schema: CustomTool,
    malformed: 'a tool is malformed',
    toChat: (tool) => ({
      type: 'function',
      function: {
        name: tool.name,
        ...(tool.description ? { description: tool.description } : {}),
        parameters: tool.input_schema,
      },
    }),
  });
  return tools;
}

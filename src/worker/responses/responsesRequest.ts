import * as v from 'valibot';
import type { HttpError } from '../http/httpError';
import { badField, fieldError } from '../http/requestBody';
import { ReplyguardField } from '../turn/replyguardField';
import type { TurnRead, WireTurn } from '../turn/wireTurn';
import { readResponsesInput } from './responsesInput';
import { passTools } from '../turn/passTools';
import { plainObject } from '../turn/plainObject';

const NAME = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'a name of 1 to 64 letters, digits, _ or -'),
);
const TextFormat = v.variant('type', [
  v.strictObject({ type: v.literal('text') }),
  v.strictObject({ type: v.literal('json_object') }),
  v.strictObject({
    type: v.literal('json_schema'),
    name: NAME,
    description: v.optional(v.string()),
    // An object, as the API asks: `false` would read as the plain-text mode of the core.
    schema: plainObject('a JSON Schema object'),
    strict: v.nullish(v.boolean()),
  }),
]);
const FunctionTool = v.strictObject({
  type: v.literal('function'),
  name: NAME,
  description: v.nullish(v.string()),
  parameters: v.nullish(plainObject('a JSON Schema object')),
  strict: v.nullish(v.boolean()),
  defer_loading: v.optional(v.boolean()),
});
const ToolChoice = v.union([
  v.picklist(['none', 'auto', 'required']),
  v.looseObject({ type: v.string() }),
]);
const count = v.nullish(v.pipe(v.number(), v.integer(), v.minValue(0)));

/**
 * The Responses API request, strict at the top as the API is: an unknown parameter is a 400
 * naming it. Parameters that only tune the upstream's sampling are accepted and not forwarded
 * (the configured upstream keeps its own); what needs state upstream is refused.
 */
export const ResponsesRequestSchema = v.strictObject({
  model: v.optional(v.string()),
  input: v.union([v.string(), v.array(v.unknown())], 'a string or a list of input items'),
  instructions: v.nullish(v.string()),
  tools: v.optional(v.array(v.looseObject({ type: v.string() }))),
  tool_choice: v.optional(ToolChoice),
  parallel_tool_calls: v.nullish(v.boolean()),
  max_tool_calls: count,
  text: v.optional(
    v.strictObject({
      format: v.optional(TextFormat),
      verbosity: v.nullish(v.picklist(['low', 'medium', 'high'])),
    }),
  ),
  stream: v.nullish(v.boolean()),
  stream_options: v.nullish(v.strictObject({ include_obfuscation: v.optional(v.boolean()) })),
  store: v.nullish(v.boolean()),
  metadata: v.nullish(v.record(v.string(), v.string())),
  max_output_tokens: count,
  temperature: v.nullish(v.number()),
  top_p: v.nullish(v.number()),
  top_logprobs: count,
  reasoning: v.nullish(
    v.strictObject({
      effort: v.nullish(v.string()),
      summary: v.nullish(v.string()),
      generate_summary: v.nullish(v.string()),
    }),
  ),
  include: v.nullish(v.array(v.string())),
  truncation: v.nullish(v.picklist(['auto', 'disabled'])),
  user: v.optional(v.string()),
  safety_identifier: v.optional(v.string()),
  prompt_cache_key: v.optional(v.string()),
  prompt_cache_retention: v.nullish(v.string()),
  service_tier: v.nullish(v.string()),
  background: v.nullish(v.boolean()),
  previous_response_id: v.nullish(v.string()),
  conversation: v.nullish(v.unknown()),
  prompt: v.nullish(v.unknown()),
  context_management: v.nullish(v.unknown()),
  replyguard: v.optional(ReplyguardField),
});

/** A parsed Responses request. */
export type ResponsesRequest = v.InferOutput<typeof ResponsesRequestSchema>;

/** The turn a Responses request asks for, and what its answer echoes back. */
export interface ResponsesTurn extends WireTurn {
  readonly request: ResponsesRequest;
}

/** Parameters that need a response stored upstream, or run there: never silently ignored. */
const STATEFUL = [
  ['previous_response_id', 'replyguard stores no responses: send the whole conversation as input'],
  ['conversation', 'replyguard stores no conversations: send the whole conversation as input'],
  ['prompt', 'stored prompt templates are not supported: send instructions and input'],
] as const;

/**
 * Reads a Responses API request: `instructions` and system/developer messages become the system
 * prompt, `input` the conversation; function tools pass through (as chat function tools below
 * the route); `text.format` json_schema is the client's schema.
 */
export function readResponsesRequest(body: unknown): TurnRead<ResponsesTurn> {
  const parsed = v.safeParse(ResponsesRequestSchema, body);
  if (!parsed.success)
    return {
      ok: false,
      error: fieldError('the request is not a Responses API request', parsed.issues),
    };
  const request = parsed.output;
  for (const [field, why] of STATEFUL)
    if (request[field] !== undefined && request[field] !== null)
      return { ok: false, error: badField(field, why) };
  if (request.background === true)
    return { ok: false, error: badField('background', 'background responses are not supported') };
  const tools = readTools(request);
  if (!Array.isArray(tools)) return { ok: false, error: tools };
  const input = readResponsesInput(request.input);
  if (!input.ok) return input;
  const { system, messages } = input.conversation;
  if (!messages.some((message) => message.role === 'user'))
    return { ok: false, error: badField('input', 'the conversation has no user message') };
  const format = request.text?.format?.type === 'json_schema' ? request.text.format : undefined;
  return {
    ok: true,
    turn: {
      model: request.model,
      system: [request.instructions ?? '', ...system].filter((part) => part !== '').join('\n\n'),
      messages,
      ...(tools.length > 0
        ? { tools, ...(request.tool_choice === 'none' ? { toolChoice: 'none' as const } : {}) }
        : {}),
      ...(format
        ? {
            format: {
              name: format.name,
              description: format.description,
              schema: format.schema,
              field: 'text.format.schema',
            },
          }
        : {}),
      stream: request.stream === true,
      replyguard: request.replyguard ?? {},
      request,
    },
  };
}

/**
 * The function tools as chat function tools (`tool_choice: 'none'`: a tools-off turn); other tool
 * types run on OpenAI's side and are refused, as is a forced tool choice (the reply is enforced
 * here).
 */
function readTools(request: ResponsesRequest): unknown[] | HttpError {
  const choice = request.tool_choice;
  if (choice !== undefined && choice !== 'auto' && choice !== 'none')
    return badField(
      'tool_choice',
      'only "auto" and "none" are supported: replyguard lets the model choose, then enforces the reply',
    );
  const tools = passTools(request.tools, {
    type: 'function',
    schema: FunctionTool,
    malformed: 'a function tool is malformed',
    toChat: (fn) => ({
      type: 'function',
      function: {
        name: fn.name,
        ...(fn.description ? { description: fn.description } : {}),
        parameters: fn.parameters ?? { type: 'object', properties: {} },
        ...(typeof fn.strict === 'boolean' ? { strict: fn.strict } : {}),
      },
    }),
  });
  return tools;
}

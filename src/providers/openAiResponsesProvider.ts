import { lowerJsonSchema } from '../segments/lowerJsonSchema';
import type { ChatMessage, ModelProvider, ModelRequest, ProviderConnection } from './modelProvider';
import { postJson } from './postJson';
import { postSse, type StreamOptions, withStreaming } from './postSse';
import { readResponsesAnswer } from './readResponsesAnswer';
import { readResponsesStream } from './readResponsesStream';

/** Options of an OpenAI Responses API provider (`baseUrl` e.g. `https://api.openai.com/v1`). */
export interface OpenAiResponsesOptions extends ProviderConnection, StreamOptions {
  /** `false` sends no `text.format`: the schema travels only in the prompt. */
  readonly structuredOutput?: boolean | undefined;
  /** `max_output_tokens` of every call (reasoning included). */
  readonly maxOutputTokens?: number | undefined;
  /** `reasoning` of every call, e.g. `{ effort: 'low' }` for a reasoning model. */
  readonly reasoning?: { readonly effort?: string; readonly summary?: string } | undefined;
  readonly headers?: Record<string, string> | undefined;
}

/**
 * The OpenAI Responses API (`POST /responses`): the schema as a strict `text.format` json_schema,
 * the host's tools (Responses function tools, `{ type: 'function', name, parameters }`) alongside,
 * a tool step replayed as `function_call` and `function_call_output` items. The answer is the
 * `output_text` of the `message` items; reasoning items are never reply text, a `refusal` part is
 * a refusal, an answer cut by `max_output_tokens` ends with the finish reason `length`, and the
 * reasoning tokens are counted. Nothing is stored upstream (`store: false`).
 *
 * @example
 * const provider = openAiResponsesProvider({ baseUrl: 'https://api.openai.com/v1', apiKey, model: 'gpt-5-mini' });
 */
export function openAiResponsesProvider(options: OpenAiResponsesOptions): ModelProvider {
  const structured = options.structuredOutput !== false;
  const url = () => `${options.baseUrl.replace(/\/+$/, '')}/responses`;
  const headers = () => {
    const sent: Record<string, string> = { ...options.headers };
    if (options.apiKey) sent.authorization = `Bearer ${options.apiKey}`;
    return sent;
  };
  return withStreaming(
    {
      name: 'openai-responses',
      enforcement: structured ? 'provider_schema' : 'prompt_only',
      async generate(request, { signal }) {
        const answer = await postJson(
          options.fetch ?? fetch,
          url(),
          headers(),
          openAiResponsesBody(options, request, structured),
          signal,
        );
        return readResponsesAnswer(answer);
      },
      stream(request, { signal }) {
        const body = { ...openAiResponsesBody(options, request, structured), stream: true };
        return readResponsesStream(
          postSse(options.fetch ?? fetch, url(), headers(), body, {
            signal,
            stallTimeoutMs: options.stallTimeoutMs,
          }),
        );
      },
    },
    options,
  );
}

/** The request body of a turn: the system prompt as `instructions`, the conversation as items. */
export function openAiResponsesBody(
  options: Pick<OpenAiResponsesOptions, 'model' | 'maxOutputTokens' | 'reasoning'>,
  request: ModelRequest,
  structured: boolean,
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model: options.model,
    input: request.messages.flatMap(responsesItems),
    // Replies are enforced turn by turn: nothing needs to be kept upstream.
    store: false,
  };
  if (request.system !== '') body.instructions = request.system;
  if (structured && request.schema) {
    body.text = {
      format: {
        type: 'json_schema',
        name: request.schema.name,
        ...(request.schema.description ? { description: request.schema.description } : {}),
        strict: true,
        schema: lowerJsonSchema(request.schema.jsonSchema),
      },
    };
  }
  if (request.tools && request.tools.length > 0) body.tools = request.tools;
  if (options.maxOutputTokens !== undefined) body.max_output_tokens = options.maxOutputTokens;
  if (options.reasoning) body.reasoning = options.reasoning;
  return body;
}

/** One message as input items; an assistant's tool calls become `function_call` items after its text. */
function responsesItems(message: ChatMessage): Record<string, unknown>[] {
  if (message.role === 'tool')
    return [{ type: 'function_call_output', call_id: message.toolCallId, output: message.content }];
  if (message.role === 'user') return [{ role: 'user', content: message.content }];
  const calls = (message.toolCalls ?? []).map((call) => ({
    type: 'function_call',
    call_id: call.id,
    name: call.name,
    arguments: call.arguments,
  }));
  // An assistant turn that only called tools has no text: an empty message would be a turn of its own.
  if (calls.length > 0 && message.content === '') return calls;
  return [{ role: 'assistant', content: message.content }, ...calls];
}

import type { ToolCall } from '../results/replyResult';
import { lowerJsonSchema } from '../segments/lowerJsonSchema';
import {
  type ChatMessage,
  type ModelAnswer,
  type ModelProvider,
  type ModelRequest,
  type ProviderConnection,
  ProviderError,
} from './modelProvider';
import { readContentParts, unknownPartsFailure } from './contentParts';
import { openAiFinishReason } from './openAiFinishReason';
import { argumentsText, readOpenAiChatStream } from './openAiChatStream';
import { readOpenAiUsage } from './openAiUsage';
import { field, postJson, stringOr } from './postJson';
import { postSse, type StreamOptions, withStreaming } from './postSse';

/** Options of an OpenAI-compatible chat completions provider. */
export interface OpenAiChatOptions extends ProviderConnection, StreamOptions {
  /** `false` for JSON-as-text providers (MiniMax style): the schema travels only in the prompt. */
  readonly structuredOutput?: boolean | undefined;
  readonly headers?: Record<string, string> | undefined;
}

/**
 * OpenAI-compatible chat completions: the schema as a strict `response_format`, the host's tools
 * alongside. The answer is `choices[0].message.content`, a string or an array of parts (Mistral
 * style: `text` parts are the answer, `thinking` parts never are); reasoning fields are ignored,
 * a `refusal` is kept apart and `finish_reason` is reported. `stream()` reads the same call as
 * server-sent events.
 *
 * @example
 * const provider = openAiChatProvider({ baseUrl: 'https://api.openai.com/v1', apiKey, model: 'gpt-4o-mini' });
 */
export function openAiChatProvider(options: OpenAiChatOptions): ModelProvider {
  const structured = options.structuredOutput !== false;
  const url = () => `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const headers = () => {
    const sent: Record<string, string> = { ...options.headers };
    if (options.apiKey) sent.authorization = `Bearer ${options.apiKey}`;
    return sent;
  };
  return withStreaming(
    {
      name: structured ? 'openai-chat' : 'json-text',
      enforcement: structured ? 'provider_schema' : 'prompt_only',
      async generate(request, { signal }) {
        const answer = await postJson(
          options.fetch ?? fetch,
          url(),
          headers(),
          openAiChatBody(options.model, request, structured),
          signal,
        );
        return readOpenAiChatAnswer(answer);
      },
      stream(request, { signal }) {
        const body = {
          ...openAiChatBody(options.model, request, structured),
          stream: true,
          stream_options: { include_usage: true },
        };
        return readOpenAiChatStream(
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

/** The request body for a turn; a tool step is written as assistant `tool_calls` and `tool` messages. */
export function openAiChatBody(
  model: string,
  request: ModelRequest,
  structured: boolean,
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model,
    messages: [{ role: 'system', content: request.system }, ...request.messages.map(openAiMessage)],
  };
  if (structured && request.schema) {
    body.response_format = {
      type: 'json_schema',
      json_schema: {
        name: request.schema.name,
        description: request.schema.description,
        strict: true,
        schema: lowerJsonSchema(request.schema.jsonSchema),
      },
    };
  }
  if (request.tools && request.tools.length > 0) body.tools = request.tools;
  return body;
}

function openAiMessage(message: ChatMessage): Record<string, unknown> {
  if (message.role === 'tool')
    return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
  if (message.role === 'assistant' && message.toolCalls && message.toolCalls.length > 0) {
    return {
      role: 'assistant',
      // The API takes null, not an empty string, beside tool calls.
      content: message.content === '' ? null : message.content,
      tool_calls: message.toolCalls.map((call) => ({
        id: call.id,
        type: 'function',
        function: { name: call.name, arguments: call.arguments },
      })),
    };
  }
  return { role: message.role, content: message.content };
}

/**
 * Reads the final answer: message content (a string or parts; never `reasoning_content`,
 * `reasoning` or thinking parts), the refusal, the finish reason, tool calls and usage. An answer
 * made only of parts of unknown types, or a tool call without a name, throws a ProviderError.
 */
export function readOpenAiChatAnswer(answer: unknown): ModelAnswer {
  const choice = field(field(answer, 'choices'), 0);
  const message = field(choice, 'message');
  if (message === undefined) throw new ProviderError('upstream answer has no choices[0].message');
  const content = readContentParts(field(message, 'content'), 'message.content');
  const refusalField = field(message, 'refusal');
  const refusal =
    typeof refusalField === 'string' && refusalField !== ''
      ? refusalField
      : content.refusal !== undefined && content.refusal !== ''
        ? content.refusal
        : undefined;
  const toolCalls = readToolCalls(field(message, 'tool_calls'));
  const empty = content.text === undefined && refusal === undefined && toolCalls.length === 0;
  if (empty && content.unknown.length > 0)
    throw unknownPartsFailure(content.unknown, 'message.content');
  const rawReason = field(choice, 'finish_reason');
  const finishReason = openAiFinishReason(rawReason);
  const usage = readOpenAiUsage(field(answer, 'usage'));
  return {
    ...(content.text !== undefined ? { text: content.text } : {}),
    ...(refusal !== undefined ? { refusal } : {}),
    ...(toolCalls.length > 0 ? { toolCalls } : {}),
    ...(finishReason ? { finishReason, rawFinishReason: rawReason as string } : {}),
    ...(usage ? { usage } : {}),
  };
}

function readToolCalls(calls: unknown): ToolCall[] {
  if (!Array.isArray(calls)) return [];
  return calls.map((call: unknown) => {
    const fn = field(call, 'function');
    const name = stringOr(field(fn, 'name'), '');
    if (name === '') throw new ProviderError('upstream answer has a tool call without a name');
    return {
      id: stringOr(field(call, 'id'), ''),
      name,
      arguments: argumentsText(field(fn, 'arguments')),
    };
  });
}

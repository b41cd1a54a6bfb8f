import type { ToolCall } from '../results/replyResult';
import { lowerJsonSchema } from '../segments/lowerJsonSchema';
import {
  type ChatMessage,
  type ModelAnswer,
  type ModelProvider,
  type ModelRequest,
  type ModelStreamEvent,
  type ProviderConnection,
  ProviderError,
} from './modelProvider';
import { count, field, postJson, stringOr } from './postJson';
import { postSse, type StreamOptions, withStreaming } from './postSse';
import { type SseMessage, sseJson } from './readSse';

/** Options of an OpenAI-compatible chat completions provider. */
export interface OpenAiChatOptions extends ProviderConnection, StreamOptions {
  /** `false` for JSON-as-text providers (MiniMax style): the schema travels only in the prompt. */
  readonly structuredOutput?: boolean | undefined;
  readonly headers?: Record<string, string> | undefined;
}

/**
 * OpenAI-compatible chat completions: the schema as a strict `response_format`, the host's tools
 * alongside. The answer is `choices[0].message.content`; reasoning fields are ignored. `stream()`
 * reads the same call as server-sent events.
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

/** Reads the final answer: message content (never `reasoning_content` or `reasoning`) and tool calls. */
export function readOpenAiChatAnswer(answer: unknown): ModelAnswer {
  const choice = field(field(answer, 'choices'), 0);
  const message = field(choice, 'message');
  if (message === undefined) throw new ProviderError('upstream answer has no choices[0].message');
  const content = field(message, 'content');
  const refusal = field(message, 'refusal');
  const usage = field(answer, 'usage');
  const toolCalls = readToolCalls(field(message, 'tool_calls'));
  return {
    ...(typeof content === 'string'
      ? { text: content }
      : typeof refusal === 'string'
        ? { text: refusal }
        : {}),
    ...(toolCalls.length > 0 ? { toolCalls } : {}),
    usage: {
      inputTokens: count(field(usage, 'prompt_tokens')),
      outputTokens: count(field(usage, 'completion_tokens')),
    },
  };
}

function readToolCalls(calls: unknown): ToolCall[] {
  if (!Array.isArray(calls)) return [];
  return calls.map((call) => {
    const fn = field(call, 'function');
    return {
      id: stringOr(field(call, 'id'), ''),
      name: stringOr(field(fn, 'name'), ''),
      arguments: argumentsText(field(fn, 'arguments')),
    };
  });
}

/** A tool call as its pieces arrive: id and name first, the arguments in pieces. */
interface PendingCall {
  id: string;
  name: string;
  arguments: string;
}

/**
 * Turns chat completion chunks into stream events: `delta.content` (or a refusal) as text, tool
 * calls gathered by index and reported whole at the `finish_reason` or the end, the usage last.
 * The stream must end with `data: [DONE]` or after a `finish_reason`, else it was cut.
 */
async function* readOpenAiChatStream(
  events: AsyncIterable<SseMessage>,
): AsyncGenerator<ModelStreamEvent, void, undefined> {
  const pending = new Map<number, PendingCall>();
  let finished = false;
  let usage: unknown;
  const flush = function* (): Generator<ModelStreamEvent> {
    for (const index of [...pending.keys()].sort((a, b) => a - b)) {
      const call = pending.get(index)!;
      yield {
        type: 'tool_call',
        call: { id: call.id, name: call.name, arguments: argumentsText(call.arguments) },
      };
    }
    pending.clear();
  };
  // Some compatible servers repeat a running usage in every chunk: the last one is reported, once.
  const end = function* (): Generator<ModelStreamEvent> {
    yield* flush();
    if (usage !== undefined)
      yield {
        type: 'usage',
        usage: {
          inputTokens: count(field(usage, 'prompt_tokens')),
          outputTokens: count(field(usage, 'completion_tokens')),
        },
      };
  };
  for await (const message of events) {
    if (message.data.trim() === '[DONE]') {
      yield* end();
      return;
    }
    const chunk = sseJson(message);
    const choices = field(chunk, 'choices');
    const choice: unknown = Array.isArray(choices)
      ? choices.find((c) => (field(c, 'index') ?? 0) === 0)
      : undefined;
    const delta = field(choice, 'delta');
    const text = field(delta, 'content') ?? field(delta, 'refusal');
    if (typeof text === 'string' && text !== '') yield { type: 'text', text };
    const calls = field(delta, 'tool_calls');
    if (Array.isArray(calls)) {
      calls.forEach((piece, position) => {
        const index =
          typeof field(piece, 'index') === 'number' ? (field(piece, 'index') as number) : position;
        const call = pending.get(index) ?? { id: '', name: '', arguments: '' };
        const fn = field(piece, 'function');
        if (call.id === '' && typeof field(piece, 'id') === 'string')
          call.id = field(piece, 'id') as string;
        if (call.name === '' && typeof field(fn, 'name') === 'string')
          call.name = field(fn, 'name') as string;
        const args = field(fn, 'arguments');
        if (args !== undefined && args !== null)
          call.arguments += typeof args === 'string' ? args : JSON.stringify(args);
        pending.set(index, call);
      });
    }
    const reason = field(choice, 'finish_reason');
    if (typeof reason === 'string' && reason !== '') {
      finished = true;
      yield* flush();
    }
    const chunkUsage = field(chunk, 'usage');
    if (typeof chunkUsage === 'object' && chunkUsage !== null) usage = chunkUsage;
  }
  if (!finished) throw new ProviderError('the stream ended before its finish_reason or [DONE]');
  yield* end();
}

/** Arguments as JSON text: some compatible servers send an object, or nothing for a call without arguments. */
function argumentsText(value: unknown): string {
  if (typeof value === 'string') return value === '' ? '{}' : value;
  return value === undefined || value === null ? '{}' : JSON.stringify(value);
}

import { lowerJsonSchema } from '../segments/lowerJsonSchema';
import { type ModelAnswer, type ModelProvider, type ModelRequest, type ProviderConnection, ProviderError } from './modelProvider';
import { count, field, postJson } from './postJson';

/** Options of an OpenAI-compatible chat completions provider. */
export interface OpenAiChatOptions extends ProviderConnection {
  /** `false` for JSON-as-text providers (MiniMax style): the schema travels only in the prompt. */
  readonly structuredOutput?: boolean;
  readonly headers?: Record<string, string>;
}

/**
 * OpenAI-compatible chat completions: the schema as a strict `response_format`, the host's tools
 * alongside. The answer is `choices[0].message.content`; reasoning fields are ignored.
 *
 * @example
 * const provider = openAiChatProvider({ baseUrl: 'https://api.openai.com/v1', apiKey, model: 'gpt-4o-mini' });
 */
export function openAiChatProvider(options: OpenAiChatOptions): ModelProvider {
  const structured = options.structuredOutput !== false;
  return {
    name: structured ? 'openai-chat' : 'json-text',
    enforcement: structured ? 'provider_schema' : 'prompt_only',
    async generate(request, { signal }) {
      const body = openAiChatBody(options.model, request, structured);
      const headers: Record<string, string> = { ...options.headers };
      if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
      const answer = await postJson(options.fetch ?? fetch, `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`, headers, body, signal);
      return readOpenAiChatAnswer(answer);
    },
  };
}

/** The request body for a turn. */
export function openAiChatBody(model: string, request: ModelRequest, structured: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model,
    messages: [{ role: 'system', content: request.system }, ...request.messages],
  };
  if (structured && request.schema) {
    body.response_format = {
      type: 'json_schema',
      json_schema: { name: request.schema.name, description: request.schema.description, strict: true, schema: lowerJsonSchema(request.schema.jsonSchema) },
    };
  }
  if (request.tools && request.tools.length > 0) body.tools = request.tools;
  return body;
}

/** Reads the final answer: message content (never `reasoning_content` or `reasoning`). */
export function readOpenAiChatAnswer(answer: unknown): ModelAnswer {
  const choice = field(field(answer, 'choices'), 0);
  const message = field(choice, 'message');
  if (message === undefined) throw new ProviderError('upstream answer has no choices[0].message');
  const content = field(message, 'content');
  const refusal = field(message, 'refusal');
  const usage = field(answer, 'usage');
  return {
    ...(typeof content === 'string' ? { text: content } : typeof refusal === 'string' ? { text: refusal } : {}),
    usage: { inputTokens: count(field(usage, 'prompt_tokens')), outputTokens: count(field(usage, 'completion_tokens')) },
  };
}

import { lazyProvider } from './lazyProvider';
import type { ModelProvider } from './modelProvider';
import { openAiResponsesBody } from './openAiResponsesBody';
import type { OpenAiResponsesOptions } from './openAiResponsesOptions';

export type { OpenAiResponsesOptions } from './openAiResponsesOptions';

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
  return lazyProvider(
    {
      name: 'openai-responses',
      enforcement: structured ? 'provider_schema' : 'prompt_only',
      body: (request) => openAiResponsesBody(options, request, structured),
    },
    options,
    async () => (await import('./openAiResponsesTransport')).openAiResponsesTransport,
  );
}

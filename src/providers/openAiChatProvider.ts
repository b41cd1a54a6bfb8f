import { lazyProvider } from './lazyProvider';
import type { ModelProvider } from './modelProvider';
import { openAiChatBody } from './openAiChatBody';
import type { OpenAiChatOptions } from './openAiChatOptions';

export type { OpenAiChatOptions } from './openAiChatOptions';

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
  return lazyProvider(
    {
      name: structured ? 'openai-chat' : 'json-text',
      enforcement: structured ? 'provider_schema' : 'prompt_only',
      body: (request) => openAiChatBody(options.model, request, structured),
    },
    options,
    async () => (await import('./openAiChatTransport')).openAiChatTransport,
  );
}

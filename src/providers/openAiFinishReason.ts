import type { FinishReason } from './modelProvider';
import { ProviderError } from './providerError';

/**
 * An OpenAI-compatible `finish_reason` as a {@link FinishReason}: `length` (the token limit, or
 * Mistral's `model_length`), `content_filter`, `tool_calls` (or the older `function_call`),
 * `stop`; anything else is `other`. Undefined when the choice has none. Mistral's `error` (the
 * generation failed) throws a ProviderError: what came before it is not an answer.
 */
export function openAiFinishReason(raw: unknown): FinishReason | undefined {
  if (typeof raw !== 'string' || raw === '') return undefined;
  switch (raw) {
    case 'stop':
    case 'length':
    case 'content_filter':
    case 'tool_calls':
      return raw;
    case 'model_length':
      return 'length';
    case 'function_call':
      return 'tool_calls';
    case 'error':
      throw new ProviderError('the upstream ended the answer with finish_reason "error"');
    default:
      return 'other';
  }
}

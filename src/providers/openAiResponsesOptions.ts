import type { ProviderConnection } from './modelProvider';
import type { StreamOptions } from './streamOptions';

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

import type { ProviderConnection } from './modelProvider';
import type { StreamOptions } from './streamOptions';

/** Options of an OpenAI-compatible chat completions provider. */
export interface OpenAiChatOptions extends ProviderConnection, StreamOptions {
  /** `false` for JSON-as-text providers (MiniMax style): the schema travels only in the prompt. */
  readonly structuredOutput?: boolean | undefined;
  readonly headers?: Record<string, string> | undefined;
}

import type { ProviderConnection } from './modelProvider';
import type { StreamOptions } from './streamOptions';

/** Options of the Anthropic messages provider (`baseUrl` e.g. `https://api.anthropic.com/v1`). */
export interface AnthropicOptions extends ProviderConnection, StreamOptions {
  readonly maxTokens?: number | undefined;
}

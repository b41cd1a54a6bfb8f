import { anthropicBody } from './anthropicBody';
import type { AnthropicOptions } from './anthropicOptions';
import { lazyProvider } from './lazyProvider';
import type { ModelProvider } from './modelProvider';

export type { AnthropicOptions } from './anthropicOptions';

/**
 * Anthropic messages with a forced tool: the reply schema is the input schema of a tool the
 * model must call; its input is the reply. Thinking blocks and text blocks are not the reply.
 * With business tools the model chooses (`tool_choice: any`) between them and the reply tool.
 * `stop_reason` is reported (`max_tokens` is a cut answer, `refusal` a refusal).
 *
 * @example
 * const provider = anthropicProvider({ baseUrl: 'https://api.anthropic.com/v1', apiKey, model: 'claude-sonnet-4-5' });
 */
export function anthropicProvider(options: AnthropicOptions): ModelProvider {
  return lazyProvider(
    {
      name: 'anthropic',
      enforcement: 'forced_tool',
      body: (request) => anthropicBody(options, request),
    },
    options,
    async () => (await import('./anthropicTransport')).anthropicTransport,
  );
}

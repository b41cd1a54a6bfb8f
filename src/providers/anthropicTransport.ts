import type { AnthropicOptions } from './anthropicOptions';
import { readAnthropicStream } from './anthropicStream';
import type { ProviderTransport } from './lazyProvider';
import { postJson } from './postJson';
import { postSse } from './postSse';
import { readAnthropicAnswer } from './readAnthropicAnswer';

/** The wire work of `anthropicProvider`'s calls, loaded on the first one. */
export const anthropicTransport: ProviderTransport<AnthropicOptions> = {
  async generate(options, request, body, signal) {
    const answer = await postJson(
      options.fetch ?? fetch,
      url(options),
      headers(options),
      body,
      signal,
    );
    return readAnthropicAnswer(answer, request.schema?.name);
  },
  stream(options, request, body, signal) {
    const events = postSse(
      options.fetch ?? fetch,
      url(options),
      headers(options),
      { ...body, stream: true },
      { signal, stallTimeoutMs: options.stallTimeoutMs },
    );
    return readAnthropicStream(events, request.schema?.name);
  },
};

function url(options: AnthropicOptions): string {
  return `${options.baseUrl.replace(/\/+$/, '')}/messages`;
}

function headers(options: AnthropicOptions): Record<string, string> {
  const sent: Record<string, string> = { 'anthropic-version': '2023-06-01' };
  if (options.apiKey) sent['x-api-key'] = options.apiKey;
  return sent;
}

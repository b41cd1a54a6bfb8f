import { answerFailure } from './answerFailure';
import type { AnthropicOptions } from './anthropicOptions';
import { readAnthropicStream } from './anthropicStream';
import { readAnthropicUsage } from './anthropicUsage';
import type { ProviderTransport } from './lazyProvider';
import { field, postJson } from './postJson';
import { postSse } from './postSse';
import { readAnthropicAnswer } from './readAnthropicAnswer';
import { readAnswered } from './readAnswered';

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
    try {
      return readAnthropicAnswer(answer, request.schema?.name);
    } catch (error) {
      // What the body says it cost is the call's usage (no usage block: nothing says it was billed).
      const usage = readAnthropicUsage(field(answer, 'usage'));
      throw usage ? answerFailure(error, usage) : error;
    }
  },
  stream(options, request, body, signal) {
    const events = postSse(
      options.fetch ?? fetch,
      url(options),
      headers(options),
      { ...body, stream: true },
      { signal, stallTimeoutMs: options.stallTimeoutMs },
    );
    return readAnswered(events, (read) => readAnthropicStream(read, request.schema?.name));
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

import type { ProviderTransport } from './lazyProvider';
import type { OpenAiResponsesOptions } from './openAiResponsesOptions';
import { postJson } from './postJson';
import { postSse } from './postSse';
import { readResponsesAnswer } from './readResponsesAnswer';
import { readResponsesStream } from './readResponsesStream';

/** The wire work of `openAiResponsesProvider`'s calls, loaded on the first one. */
export const openAiResponsesTransport: ProviderTransport<OpenAiResponsesOptions> = {
  async generate(options, _request, body, signal) {
    return readResponsesAnswer(
      await postJson(options.fetch ?? fetch, url(options), headers(options), body, signal),
    );
  },
  stream(options, _request, body, signal) {
    return readResponsesStream(
      postSse(
        options.fetch ?? fetch,
        url(options),
        headers(options),
        { ...body, stream: true },
        {
          signal,
          stallTimeoutMs: options.stallTimeoutMs,
        },
      ),
    );
  },
};

function url(options: OpenAiResponsesOptions): string {
  return `${options.baseUrl.replace(/\/+$/, '')}/responses`;
}

function headers(options: OpenAiResponsesOptions): Record<string, string> {
  const sent: Record<string, string> = { ...options.headers };
  if (options.apiKey) sent.authorization = `Bearer ${options.apiKey}`;
  return sent;
}

import { answerFailure } from './answerFailure';
import type { ProviderTransport } from './lazyProvider';
import type { OpenAiResponsesOptions } from './openAiResponsesOptions';
import { field, postJson } from './postJson';
import { postSse } from './postSse';
import { readAnswered } from './readAnswered';
import { readResponsesAnswer, responsesUsage } from './readResponsesAnswer';
import { readResponsesStream } from './readResponsesStream';

/** The wire work of `openAiResponsesProvider`'s calls, loaded on the first one. */
export const openAiResponsesTransport: ProviderTransport<OpenAiResponsesOptions> = {
  async generate(options, _request, body, signal) {
    const answer = await postJson(
      options.fetch ?? fetch,
      url(options),
      headers(options),
      body,
      signal,
    );
    try {
      return readResponsesAnswer(answer);
    } catch (error) {
      // What the body says it cost is the call's usage (no usage block: nothing says it was billed).
      const usage = responsesUsage(field(answer, 'usage'));
      throw usage ? answerFailure(error, usage) : error;
    }
  },
  stream(options, _request, body, signal) {
    return readAnswered(
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
      readResponsesStream,
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

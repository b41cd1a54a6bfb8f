import { answerFailure } from './answerFailure';
import type { ProviderTransport } from './lazyProvider';
import type { OpenAiChatOptions } from './openAiChatOptions';
import { readOpenAiChatStream } from './openAiChatStream';
import { readOpenAiUsage } from './openAiUsage';
import { field, postJson } from './postJson';
import { postSse } from './postSse';
import { readAnswered } from './readAnswered';
import { readOpenAiChatAnswer } from './readOpenAiChatAnswer';

/** The wire work of `openAiChatProvider`'s calls, loaded on the first one. */
export const openAiChatTransport: ProviderTransport<OpenAiChatOptions> = {
  async generate(options, _request, body, signal) {
    const answer = await postJson(
      options.fetch ?? fetch,
      url(options),
      headers(options),
      body,
      signal,
    );
    try {
      return readOpenAiChatAnswer(answer);
    } catch (error) {
      // What the body says it cost is the call's usage (no usage block: nothing says it was billed).
      const usage = readOpenAiUsage(field(answer, 'usage'));
      throw usage ? answerFailure(error, usage) : error;
    }
  },
  stream(options, _request, body, signal) {
    const streamed = { ...body, stream: true, stream_options: { include_usage: true } };
    return readAnswered(
      postSse(options.fetch ?? fetch, url(options), headers(options), streamed, {
        signal,
        stallTimeoutMs: options.stallTimeoutMs,
      }),
      readOpenAiChatStream,
    );
  },
};

function url(options: OpenAiChatOptions): string {
  return `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
}

function headers(options: OpenAiChatOptions): Record<string, string> {
  const sent: Record<string, string> = { ...options.headers };
  if (options.apiKey) sent.authorization = `Bearer ${options.apiKey}`;
  return sent;
}

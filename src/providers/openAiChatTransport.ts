import type { ProviderTransport } from './lazyProvider';
import type { OpenAiChatOptions } from './openAiChatOptions';
import { readOpenAiChatStream } from './openAiChatStream';
import { postJson } from './postJson';
import { postSse } from './postSse';
import { readOpenAiChatAnswer } from './readOpenAiChatAnswer';

/** The wire work of `openAiChatProvider`'s calls, loaded on the first one. */
export const openAiChatTransport: ProviderTransport<OpenAiChatOptions> = {
  async generate(options, _request, body, signal) {
    return readOpenAiChatAnswer(
      await postJson(options.fetch ?? fetch, url(options), headers(options), body, signal),
    );
  },
  stream(options, _request, body, signal) {
    const streamed = { ...body, stream: true, stream_options: { include_usage: true } };
    return readOpenAiChatStream(
      postSse(options.fetch ?? fetch, url(options), headers(options), streamed, {
        signal,
        stallTimeoutMs: options.stallTimeoutMs,
      }),
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

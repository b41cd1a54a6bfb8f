import type { GeminiOptions } from './geminiOptions';
import { readGeminiStream } from './geminiStream';
import type { ProviderTransport } from './lazyProvider';
import type { ChatMessage } from './modelProvider';
import { postJson } from './postJson';
import { postSse } from './postSse';
import { readGeminiAnswer } from './readGeminiAnswer';

/** The wire work of `geminiProvider`'s calls, loaded on the first one. */
export const geminiTransport: ProviderTransport<GeminiOptions> = {
  async generate(options, request, body, signal) {
    const answer = await postJson(
      options.fetch ?? fetch,
      url(options, 'generateContent'),
      headers(options),
      body,
      signal,
    );
    return readGeminiAnswer(answer, priorCalls(request.messages));
  },
  stream(options, request, body, signal) {
    const events = postSse(
      options.fetch ?? fetch,
      url(options, 'streamGenerateContent?alt=sse'),
      headers(options),
      body,
      { signal, stallTimeoutMs: options.stallTimeoutMs },
    );
    return readGeminiStream(events, priorCalls(request.messages));
  },
};

function url(options: GeminiOptions, method: string): string {
  return `${options.baseUrl.replace(/\/+$/, '')}/models/${encodeURIComponent(options.model)}:${method}`;
}

function headers(options: GeminiOptions): Record<string, string> {
  const sent: Record<string, string> = {};
  if (options.apiKey) sent['x-goog-api-key'] = options.apiKey;
  return sent;
}

/** How many tool calls the conversation already holds, so synthesised ids stay unique in it. */
function priorCalls(messages: readonly ChatMessage[]): number {
  return messages.reduce(
    (sum, message) => sum + (message.role === 'assistant' ? (message.toolCalls?.length ?? 0) : 0),
    0,
  );
}

import { answerFailure } from './answerFailure';
import type { GeminiOptions } from './geminiOptions';
import { readGeminiStream } from './geminiStream';
import { readGeminiUsage } from './geminiUsage';
import type { ProviderTransport } from './lazyProvider';
import type { ChatMessage } from './modelProvider';
import { field, postJson } from './postJson';
import { postSse } from './postSse';
import { readAnswered } from './readAnswered';
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
    try {
      return readGeminiAnswer(answer, priorCalls(request.messages));
    } catch (error) {
      // What the body says it cost is the call's usage (no usage block: nothing says it was billed).
      const usage = readGeminiUsage(field(answer, 'usageMetadata'));
      throw usage ? answerFailure(error, usage) : error;
    }
  },
  stream(options, request, body, signal) {
    const events = postSse(
      options.fetch ?? fetch,
      url(options, 'streamGenerateContent?alt=sse'),
      headers(options),
      body,
      { signal, stallTimeoutMs: options.stallTimeoutMs },
    );
    return readAnswered(events, (read) => readGeminiStream(read, priorCalls(request.messages)));
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

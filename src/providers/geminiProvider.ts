import { geminiBody } from './geminiBody';
import type { GeminiOptions } from './geminiOptions';
import { lazyProvider } from './lazyProvider';
import type { ModelProvider } from './modelProvider';

export type { GeminiOptions } from './geminiOptions';

/**
 * Gemini `generateContent` with `responseJsonSchema`. Parts marked `thought` are reasoning and
 * never part of the reply; `functionCall` parts are tool calls (streamed arguments are assembled;
 * a thinking model's `thoughtSignature` is kept and replayed with the call); `finishReason` is
 * reported. `stream()` reads `streamGenerateContent?alt=sse`.
 *
 * @example
 * const provider = geminiProvider({ baseUrl: 'https://generativelanguage.googleapis.com/v1beta', apiKey, model: 'gemini-2.5-flash' });
 */
export function geminiProvider(options: GeminiOptions): ModelProvider {
  return lazyProvider(
    { name: 'gemini', enforcement: 'provider_schema', body: geminiBody },
    options,
    async () => (await import('./geminiTransport')).geminiTransport,
  );
}

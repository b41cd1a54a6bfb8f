import { geminiGenerationConfig } from '../segments/providerSchemas';
import { type ModelAnswer, type ModelProvider, type ModelRequest, type ProviderConnection, ProviderError } from './modelProvider';
import { count, field, postJson } from './postJson';

/** Options of the Gemini provider (`baseUrl` e.g. `https://generativelanguage.googleapis.com/v1beta`). */
export type GeminiOptions = ProviderConnection;

/**
 * Gemini `generateContent` with `responseJsonSchema`. Parts marked `thought` are reasoning and
 * never part of the reply.
 */
export function geminiProvider(options: GeminiOptions): ModelProvider {
  return {
    name: 'gemini',
    enforcement: 'provider_schema',
    async generate(request, { signal }) {
      const headers: Record<string, string> = {};
      if (options.apiKey) headers['x-goog-api-key'] = options.apiKey;
      const url = `${options.baseUrl.replace(/\/+$/, '')}/models/${encodeURIComponent(options.model)}:generateContent`;
      return readGeminiAnswer(await postJson(options.fetch ?? fetch, url, headers, geminiBody(request), signal));
    },
  };
}

/** The request body. */
export function geminiBody(request: ModelRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {
    systemInstruction: { parts: [{ text: request.system }] },
    contents: request.messages.map((message) => ({ role: message.role === 'assistant' ? 'model' : 'user', parts: [{ text: message.content }] })),
  };
  if (request.schema) body.generationConfig = geminiGenerationConfig(request.schema.jsonSchema);
  if (request.tools && request.tools.length > 0) body.tools = request.tools;
  return body;
}

/** Reads the final answer: the text of the first candidate's non-thought parts. */
export function readGeminiAnswer(answer: unknown): ModelAnswer {
  const candidate = field(field(answer, 'candidates'), 0);
  if (candidate === undefined) throw new ProviderError('upstream answer has no candidates');
  const parts = field(field(candidate, 'content'), 'parts');
  const usage = field(answer, 'usageMetadata');
  const tokens = { inputTokens: count(field(usage, 'promptTokenCount')), outputTokens: count(field(usage, 'candidatesTokenCount')) };
  if (!Array.isArray(parts)) return { usage: tokens };
  const texts = parts.filter((part) => field(part, 'thought') !== true && typeof field(part, 'text') === 'string').map((part) => field(part, 'text') as string);
  return texts.length === 0 ? { usage: tokens } : { text: texts.join(''), usage: tokens };
}

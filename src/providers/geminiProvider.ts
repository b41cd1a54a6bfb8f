import { geminiGenerationConfig } from '../segments/providerSchemas';
import { jsonObject } from './jsonObject';
import {
  type ChatMessage,
  type ModelAnswer,
  type ModelProvider,
  type ModelRequest,
  type ProviderConnection,
  ProviderError,
} from './modelProvider';
import { geminiFinishReason } from './geminiFinishReason';
import { geminiToolCall, readGeminiPart } from './geminiPart';
import { readGeminiStream } from './geminiStream';
import { readGeminiUsage } from './geminiUsage';
import { field, postJson } from './postJson';
import { postSse, type StreamOptions, withStreaming } from './postSse';

/** Options of the Gemini provider (`baseUrl` e.g. `https://generativelanguage.googleapis.com/v1beta`). */
export interface GeminiOptions extends ProviderConnection, StreamOptions {}

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
  const url = (method: string) =>
    `${options.baseUrl.replace(/\/+$/, '')}/models/${encodeURIComponent(options.model)}:${method}`;
  const headers = () => {
    const sent: Record<string, string> = {};
    if (options.apiKey) sent['x-goog-api-key'] = options.apiKey;
    return sent;
  };
  return withStreaming(
    {
      name: 'gemini',
      enforcement: 'provider_schema',
      async generate(request, { signal }) {
        const answer = await postJson(
          options.fetch ?? fetch,
          url('generateContent'),
          headers(),
          geminiBody(request),
          signal,
        );
        return readGeminiAnswer(answer, priorCalls(request.messages));
      },
      stream(request, { signal }) {
        const events = postSse(
          options.fetch ?? fetch,
          url('streamGenerateContent?alt=sse'),
          headers(),
          geminiBody(request),
          { signal, stallTimeoutMs: options.stallTimeoutMs },
        );
        return readGeminiStream(events, priorCalls(request.messages));
      },
    },
    options,
  );
}

/** The request body; a tool step is written as `functionCall` parts and one user turn of `functionResponse` parts. */
export function geminiBody(request: ModelRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {
    systemInstruction: { parts: [{ text: request.system }] },
    contents: geminiContents(request.messages),
  };
  if (request.schema) body.generationConfig = geminiGenerationConfig(request.schema.jsonSchema);
  if (request.tools && request.tools.length > 0) body.tools = request.tools;
  return body;
}

function geminiContents(messages: readonly ChatMessage[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  let responses: Record<string, unknown>[] | undefined;
  for (const message of messages) {
    if (message.role === 'tool') {
      // A function's response must be an object: a JSON object result as is, anything else wrapped.
      const part = {
        functionResponse: {
          name: message.name,
          response: jsonObject(message.content) ?? { result: message.content },
        },
      };
      if (responses) responses.push(part);
      else out.push({ role: 'user', parts: (responses = [part]) });
      continue;
    }
    responses = undefined;
    if (message.role === 'assistant' && message.toolCalls && message.toolCalls.length > 0) {
      out.push({
        role: 'model',
        parts: [
          ...(message.content === '' ? [] : [{ text: message.content }]),
          // Ids are not sent back: ours may be synthesised, and Gemini pairs responses by name and
          // order. A thinking model's signature goes back on its call, or the request is refused.
          ...message.toolCalls.map((call) => ({
            functionCall: { name: call.name, args: jsonObject(call.arguments) ?? {} },
            ...(call.signature !== undefined ? { thoughtSignature: call.signature } : {}),
          })),
        ],
      });
    } else {
      out.push({
        role: message.role === 'assistant' ? 'model' : 'user',
        parts: [{ text: message.content }],
      });
    }
  }
  return out;
}

/**
 * Reads the final answer: the text of the first candidate's non-thought parts, its
 * `functionCall` parts as tool calls (ids synthesised, numbered after `firstCall`, where Gemini
 * gives none; signatures kept), the finish reason and the usage. A prompt blocked by
 * `promptFeedback.blockReason` is a `content_filter` finish; no candidate otherwise, or only
 * parts of unknown kinds, throws a ProviderError.
 */
export function readGeminiAnswer(answer: unknown, firstCall = 0): ModelAnswer {
  const usage = readGeminiUsage(field(answer, 'usageMetadata'));
  const used = usage ? { usage } : {};
  const candidate = field(field(answer, 'candidates'), 0);
  if (candidate === undefined) {
    const blocked = field(field(answer, 'promptFeedback'), 'blockReason');
    if (typeof blocked !== 'string') throw new ProviderError('upstream answer has no candidates');
    return {
      finishReason: 'content_filter',
      rawFinishReason: `blockReason ${blocked.slice(0, 40)}`,
      ...used,
    };
  }
  const raw = field(candidate, 'finishReason');
  const finishReason = geminiFinishReason(raw);
  const finish = finishReason ? { finishReason, rawFinishReason: raw as string } : {};
  const parts = field(field(candidate, 'content'), 'parts');
  const read = (Array.isArray(parts) ? (parts as unknown[]) : []).map(readGeminiPart);
  const texts = read.flatMap((part) => (part.kind === 'text' ? [part.text] : []));
  const toolCalls = read
    .flatMap((part) => (part.kind === 'call' ? [part] : []))
    .map((part, i) => geminiToolCall(part.call, firstCall + i, part.signature));
  const unknown = read.flatMap((part) => (part.kind === 'unknown' ? [part.name] : []));
  if (texts.length === 0 && toolCalls.length === 0 && unknown.length > 0)
    throw new ProviderError(
      `upstream answer held only parts of unknown kinds (${[...new Set(unknown)].slice(0, 5).join(', ')}); replyguard reads text, thought and functionCall parts`,
    );
  return {
    ...(texts.length > 0 ? { text: texts.join('') } : {}),
    ...(toolCalls.length > 0 ? { toolCalls } : {}),
    ...finish,
    ...used,
  };
}

/** How many tool calls the conversation already holds, so synthesised ids stay unique in it. */
function priorCalls(messages: readonly ChatMessage[]): number {
  return messages.reduce(
    (sum, message) => sum + (message.role === 'assistant' ? (message.toolCalls?.length ?? 0) : 0),
    0,
  );
}

import type { ToolCall } from '../results/replyResult';
import { geminiGenerationConfig } from '../segments/providerSchemas';
import { jsonObject } from './jsonObject';
import {
  type ChatMessage,
  type ModelAnswer,
  type ModelProvider,
  type ModelRequest,
  type ModelStreamEvent,
  type ProviderConnection,
  ProviderError,
} from './modelProvider';
import { count, field, postJson, stringOr } from './postJson';
import { postSse, type StreamOptions, withStreaming } from './postSse';
import { type SseMessage, sseJson } from './readSse';

/** Options of the Gemini provider (`baseUrl` e.g. `https://generativelanguage.googleapis.com/v1beta`). */
export interface GeminiOptions extends ProviderConnection, StreamOptions {}

/**
 * Gemini `generateContent` with `responseJsonSchema`. Parts marked `thought` are reasoning and
 * never part of the reply; `functionCall` parts are tool calls. `stream()` reads
 * `streamGenerateContent?alt=sse`.
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
          // Ids are not sent back: ours may be synthesised, and Gemini pairs responses by name and order.
          ...message.toolCalls.map((call) => ({
            functionCall: { name: call.name, args: jsonObject(call.arguments) ?? {} },
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
 * Reads the final answer: the text of the first candidate's non-thought parts, and its
 * `functionCall` parts as tool calls (ids synthesised, numbered after `firstCall`, where Gemini
 * gives none).
 */
export function readGeminiAnswer(answer: unknown, firstCall = 0): ModelAnswer {
  const candidate = field(field(answer, 'candidates'), 0);
  if (candidate === undefined)
    throw new ProviderError(`upstream answer has no candidates${blockReason(answer)}`);
  const parts = field(field(candidate, 'content'), 'parts');
  const usage = field(answer, 'usageMetadata');
  const tokens = {
    inputTokens: count(field(usage, 'promptTokenCount')),
    outputTokens: count(field(usage, 'candidatesTokenCount')),
  };
  if (!Array.isArray(parts)) return { usage: tokens };
  const texts = parts
    .filter((part) => field(part, 'thought') !== true && typeof field(part, 'text') === 'string')
    .map((part) => field(part, 'text') as string);
  const toolCalls = parts
    .filter((part) => field(part, 'functionCall') !== undefined)
    .map((part, i) => toolCall(field(part, 'functionCall'), firstCall + i));
  return {
    ...(texts.length > 0 ? { text: texts.join('') } : {}),
    ...(toolCalls.length > 0 ? { toolCalls } : {}),
    usage: tokens,
  };
}

/**
 * Turns `streamGenerateContent` chunks into stream events: non-thought text parts as text,
 * `functionCall` parts as tool calls (each arrives whole), the last usage once at the end. The
 * stream must carry a `finishReason`, else it was cut.
 */
async function* readGeminiStream(
  events: AsyncIterable<SseMessage>,
  firstCall: number,
): AsyncGenerator<ModelStreamEvent, void, undefined> {
  let calls = firstCall;
  let finished = false;
  let usage: unknown;
  for await (const message of events) {
    const chunk = sseJson(message);
    usage = field(chunk, 'usageMetadata') ?? usage;
    const candidate = field(field(chunk, 'candidates'), 0);
    if (candidate === undefined) {
      const reason = blockReason(chunk);
      if (reason !== '') throw new ProviderError(`the stream has no candidates${reason}`);
      continue;
    }
    const parts = field(field(candidate, 'content'), 'parts');
    for (const part of Array.isArray(parts) ? parts : []) {
      const text = field(part, 'text');
      if (field(part, 'functionCall') !== undefined)
        yield { type: 'tool_call', call: toolCall(field(part, 'functionCall'), calls++) };
      else if (typeof text === 'string' && text !== '' && field(part, 'thought') !== true)
        yield { type: 'text', text };
    }
    if (typeof field(candidate, 'finishReason') === 'string') finished = true;
  }
  if (!finished) throw new ProviderError('the stream ended before a finishReason');
  if (usage !== undefined)
    yield {
      type: 'usage',
      usage: {
        inputTokens: count(field(usage, 'promptTokenCount')),
        outputTokens: count(field(usage, 'candidatesTokenCount')),
      },
    };
}

function toolCall(call: unknown, number: number): ToolCall {
  const id = field(call, 'id');
  return {
    id: typeof id === 'string' && id !== '' ? id : `gemini_call_${number}`,
    name: stringOr(field(call, 'name'), ''),
    arguments: JSON.stringify(field(call, 'args') ?? {}),
  };
}

/** How many tool calls the conversation already holds, so synthesised ids stay unique in it. */
function priorCalls(messages: readonly ChatMessage[]): number {
  return messages.reduce(
    (sum, message) => sum + (message.role === 'assistant' ? (message.toolCalls?.length ?? 0) : 0),
    0,
  );
}

function blockReason(answer: unknown): string {
  const reason = field(field(answer, 'promptFeedback'), 'blockReason');
  return typeof reason === 'string' ? ` (blocked: ${reason.slice(0, 40)})` : '';
}

import type {
  FinishReason,
  ModelAnswer,
  ModelProvider,
  ModelRequest,
  ModelStreamEvent,
} from '../providers/modelProvider';
import type { ToolCall, Usage } from '../results/replyResult';
import { modelError } from './aiSdkModelError';
import { fromAiSdkUsage } from './aiSdkUsage';
import type {
  AiSdkCallOptions,
  AiSdkFinishReason,
  AiSdkLanguageModel,
  AiSdkProviderMetadata,
  AiSdkResponseMetadata,
  AiSdkTool,
  AiSdkToolCall,
  AiSdkToolChoice,
  AiSdkWarning,
} from './languageModel';
import { toPrompt } from './promptMessages';
import {
  answerText,
  businessToolCall,
  finishReasonOf,
  isPart,
  partsOf,
  providerMetadataOf,
  warningsOf,
} from './readParts';

/** Call settings sent with every call of a turn: sampling, limits, headers, provider options. */
export type AiSdkCallSettings = Omit<
  AiSdkCallOptions,
  'prompt' | 'tools' | 'toolChoice' | 'responseFormat' | 'abortSignal'
>;

/** What one model call returned beyond the answer, for a host that wants it. */
export interface AiSdkCallRecord {
  /** The business tool calls as the model wrote them (ids, provider metadata). */
  readonly toolCalls: readonly AiSdkToolCall[];
  readonly warnings: readonly AiSdkWarning[];
  readonly finishReason?: AiSdkFinishReason;
  readonly providerMetadata?: AiSdkProviderMetadata;
  readonly response?: AiSdkResponseMetadata;
}

/** Options of {@link aiSdkProvider}. */
export interface AiSdkProviderOptions {
  /** Settings sent with every call (temperature, maxOutputTokens, headers, providerOptions…). */
  readonly settings?: AiSdkCallSettings | undefined;
  /** How the model picks among the business tools, on the calls that carry them. */
  readonly toolChoice?: AiSdkToolChoice | undefined;
  /**
   * `provider_schema` (default): the reply schema goes as `responseFormat: { type: 'json', schema }`.
   * `prompt_only`: no response format, for models that reject one; the instruction still asks.
   */
  readonly enforcement?: 'provider_schema' | 'prompt_only' | undefined;
  /**
   * `both` (default): whole calls use `doGenerate`, streamed turns `doStream`. `generate` offers no
   * stream; `stream` makes every call, whole ones too, through `doStream`.
   */
  readonly transport?: 'both' | 'generate' | 'stream' | undefined;
  /** Sees what each call returned beside the answer. */
  readonly onCall?: ((record: AiSdkCallRecord) => void) | undefined;
}

/**
 * A `ModelProvider` made from any AI SDK language model, specification v3 (AI SDK 6) or v4
 * (AI SDK 7): the reply schema is sent as `responseFormat: { type: 'json', schema, name }`, the
 * host's tools (AI SDK function or provider tools) pass through, and the answer is read as text
 * parts only (or v4's `structuredOutputText`, when the model set it) — reasoning is never reply
 * text. An answer with business tool calls has no reply text: its words are a tool step's. A
 * failure the model reports as a plain object (an `error` part) becomes an `AiSdkModelError`
 * with the upstream's message and code.
 *
 * @example
 * import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
 * const model = createOpenAICompatible({ name: 'local', baseURL }).chatModel('my-model');
 * const result = await enforceReply({ provider: aiSdkProvider(model), messages, mentions: { allowed: members } });
 */
export function aiSdkProvider(
  model: AiSdkLanguageModel,
  options: AiSdkProviderOptions = {},
): ModelProvider {
  const transport = options.transport ?? 'both';
  const provider: ModelProvider = {
    name: `ai-sdk:${model.provider}/${model.modelId}`,
    enforcement: options.enforcement ?? 'provider_schema',
    async generate(request, { signal }) {
      const call = callOptions(request, signal, options);
      if (transport === 'stream') return collect(streamCall(model, call, signal, options.onCall));
      const result = await called(() => model.doGenerate(call));
      const content = partsOf(result.content);
      const toolCalls = content.flatMap((part) => businessToolCall(part) ?? []);
      const providerMetadata = providerMetadataOf(result.providerMetadata);
      options.onCall?.({
        toolCalls,
        warnings: warningsOf(result.warnings),
        ...(isFinishReason(result.finishReason) ? { finishReason: result.finishReason } : {}),
        ...(providerMetadata ? { providerMetadata } : {}),
        ...(result.response ? { response: result.response } : {}),
      });
      return {
        ...answer(
          answerText(content, result.structuredOutputText),
          toolCalls,
          fromAiSdkUsage(result.usage),
        ),
        ...(isFinishReason(result.finishReason) ? finishFields(result.finishReason) : {}),
      };
    },
  };
  if (transport === 'generate') return provider;
  return {
    ...provider,
    stream: (request, { signal }) =>
      streamCall(model, callOptions(request, signal, options), signal, options.onCall),
  };
}

function callOptions(
  request: ModelRequest,
  signal: AbortSignal,
  options: AiSdkProviderOptions,
): AiSdkCallOptions {
  // The core hands the host's tools on as it got them: AI SDK tools, here.
  const tools = request.tools as readonly AiSdkTool[] | undefined;
  const withTools = tools !== undefined && tools.length > 0;
  const schema = request.schema;
  return {
    ...options.settings,
    prompt: toPrompt(request.system, request.messages),
    ...(schema && options.enforcement !== 'prompt_only'
      ? {
          responseFormat: {
            type: 'json',
            schema: schema.jsonSchema,
            name: schema.name,
            ...(schema.description ? { description: schema.description } : {}),
          },
        }
      : {}),
    ...(withTools
      ? {
          tools: [...tools],
          // Tools off: listed (an SDK provider writes `none` as its API needs), never chosen.
          ...(request.toolChoice === 'none'
            ? { toolChoice: { type: 'none' as const } }
            : options.toolChoice
              ? { toolChoice: options.toolChoice }
              : {}),
        }
      : {}),
    abortSignal: signal,
  };
}

/** A model call; a value it throws that is not an Error becomes one. */
async function called<T>(call: () => PromiseLike<T>): Promise<T> {
  try {
    return await call();
  } catch (thrown) {
    throw modelError(thrown, 'call');
  }
}

function isFinishReason(value: unknown): value is AiSdkFinishReason {
  return (
    typeof value === 'object' &&
    value !== null &&
    'unified' in value &&
    typeof value.unified === 'string'
  );
}

function toToolCall(part: AiSdkToolCall): ToolCall {
  return { id: part.toolCallId, name: part.toolName, arguments: part.input };
}

function answer(
  text: string | undefined,
  toolCalls: readonly AiSdkToolCall[],
  usage: Usage | undefined,
): ModelAnswer {
  return {
    ...(toolCalls.length > 0
      ? { toolCalls: toolCalls.map(toToolCall) }
      : text === undefined
        ? {}
        : { text }),
    ...(usage ? { usage } : {}),
  };
}

/**
 * One streamed call: text deltas as they come, each business tool call once, whole, usage at the
 * finish; an `error` part throws an `AiSdkModelError` (`answered` when parts of the answer came
 * before it, so the turn estimates the call's usage). Every other kind is dropped on purpose:
 * reasoning, sources, files, raw chunks, text and tool-input boundaries (citations on `text-end`
 * with them), and v4's `ping`, `custom` and `reasoning-file`; so is a kind this code does not
 * know. Aborting the signal cancels the model's stream.
 */
async function* streamCall(
  model: AiSdkLanguageModel,
  call: AiSdkCallOptions,
  signal: AbortSignal,
  onCall: AiSdkProviderOptions['onCall'],
): AsyncGenerator<ModelStreamEvent> {
  const { stream } = await called(() => model.doStream(call));
  const reader = stream.getReader();
  const cancel = () => void reader.cancel(signal.reason).catch(() => undefined);
  signal.addEventListener('abort', cancel, { once: true });
  // Aborted while the model was opening its stream: the listener came too late to hear it.
  if (signal.aborted) cancel();
  const toolCalls: AiSdkToolCall[] = [];
  let warnings: AiSdkWarning[] = [];
  let response: AiSdkResponseMetadata | undefined;
  let finishReason: AiSdkFinishReason | undefined;
  let providerMetadata: AiSdkProviderMetadata | undefined;
  let ended = false;
  // A part of the answer came (anything past `stream-start`): the model was generating.
  let begun = false;
  try {
    for (;;) {
      const next = await reader.read();
      if (signal.aborted) throw signal.reason;
      if (next.done) break;
      const part: unknown = next.value;
      if (!isPart(part)) continue;
      if (part.type !== 'stream-start' && part.type !== 'error') begun = true;
      switch (part.type) {
        case 'stream-start':
          warnings = warningsOf(part.warnings);
          break;
        case 'response-metadata':
          response = responseOf(part);
          break;
        case 'text-delta':
          if (typeof part.delta === 'string') yield { type: 'text', text: part.delta };
          break;
        case 'tool-call': {
          const toolCall = businessToolCall(part);
          if (!toolCall) break;
          toolCalls.push(toolCall);
          yield { type: 'tool_call', call: toToolCall(toolCall) };
          break;
        }
        case 'finish': {
          if (isFinishReason(part.finishReason)) {
            finishReason = part.finishReason;
            yield { type: 'finish', ...finishEvent(part.finishReason) };
          }
          providerMetadata = providerMetadataOf(part.providerMetadata);
          const usage = fromAiSdkUsage(part.usage);
          if (usage) yield { type: 'usage', usage };
          break;
        }
        case 'error':
          throw modelError(part.error, 'stream', begun);
      }
    }
    ended = true;
  } finally {
    signal.removeEventListener('abort', cancel);
    // Stopped early (a rejection, a break, an abort): the model's stream is cancelled, not drained.
    if (!ended) void reader.cancel().catch(() => undefined);
    onCall?.({
      toolCalls,
      warnings,
      ...(finishReason ? { finishReason } : {}),
      ...(providerMetadata ? { providerMetadata } : {}),
      ...(response ? { response } : {}),
    });
  }
}

function responseOf(part: { readonly [key: string]: unknown }): AiSdkResponseMetadata {
  const { id, timestamp, modelId } = part;
  return {
    ...(typeof id === 'string' ? { id } : {}),
    ...(timestamp instanceof Date ? { timestamp } : {}),
    ...(typeof modelId === 'string' ? { modelId } : {}),
  };
}

/** A whole answer from a stream, read the same way as a generated one. */
async function collect(events: AsyncIterable<ModelStreamEvent>): Promise<ModelAnswer> {
  let text: string | undefined;
  const calls: ToolCall[] = [];
  let usage: Usage | undefined;
  let finish: { reason: FinishReason; raw?: string | undefined } | undefined;
  for await (const event of events) {
    if (event.type === 'text') text = (text ?? '') + event.text;
    else if (event.type === 'tool_call') calls.push(event.call);
    else if (event.type === 'usage') usage = event.usage;
    else if (event.type === 'finish') finish = { reason: event.reason, raw: event.raw };
  }
  return {
    ...(calls.length > 0 ? { toolCalls: calls } : text === undefined ? {} : { text }),
    ...(usage ? { usage } : {}),
    ...(finish ? { finishReason: finish.reason } : {}),
    ...(finish?.raw !== undefined ? { rawFinishReason: finish.raw } : {}),
  };
}

/** The finish reason of a stream event: replyguard's reason and the SDK's own words. */
function finishEvent(reason: AiSdkFinishReason): { reason: FinishReason; raw: string } {
  return { reason: finishReasonOf(reason), raw: reason.raw ?? reason.unified };
}

/** The finish reason of a whole answer (a length ends the turn as TRUNCATED, as on every wire). */
function finishFields(reason: AiSdkFinishReason): {
  finishReason: FinishReason;
  rawFinishReason: string;
} {
  const event = finishEvent(reason);
  return { finishReason: event.reason, rawFinishReason: event.raw };
}

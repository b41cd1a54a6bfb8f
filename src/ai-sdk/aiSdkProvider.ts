import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3FinishReason,
  LanguageModelV3FunctionTool,
  LanguageModelV3ProviderTool,
  LanguageModelV3ResponseMetadata,
  LanguageModelV3ToolCall,
  LanguageModelV3ToolChoice,
  SharedV3ProviderMetadata,
  SharedV3Warning,
} from '@ai-sdk/provider';
import type {
  ModelAnswer,
  ModelProvider,
  ModelRequest,
  ModelStreamEvent,
} from '../providers/modelProvider';
import type { ToolCall, Usage } from '../results/replyResult';
import { fromAiSdkUsage } from './aiSdkUsage';
import { ProviderError } from './core';
import { toPrompt } from './promptMessages';

/** Call settings sent with every call of a turn: sampling, limits, headers, provider options. */
export type AiSdkCallSettings = Omit<
  LanguageModelV3CallOptions,
  'prompt' | 'tools' | 'toolChoice' | 'responseFormat' | 'abortSignal'
>;

/** What one model call returned beyond the answer, for a host that wants it. */
export interface AiSdkCallRecord {
  /** The business tool calls exactly as the model wrote them (ids, provider metadata). */
  readonly toolCalls: readonly LanguageModelV3ToolCall[];
  readonly warnings: readonly SharedV3Warning[];
  readonly finishReason?: LanguageModelV3FinishReason;
  readonly providerMetadata?: SharedV3ProviderMetadata;
  readonly response?: LanguageModelV3ResponseMetadata;
}

/** Options of {@link aiSdkProvider}. */
export interface AiSdkProviderOptions {
  /** Settings sent with every call (temperature, maxOutputTokens, headers, providerOptions…). */
  readonly settings?: AiSdkCallSettings | undefined;
  /** How the model picks among the business tools, on the calls that carry them. */
  readonly toolChoice?: LanguageModelV3ToolChoice | undefined;
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
 * A `ModelProvider` made from any AI SDK language model (specification v3): the reply schema is
 * sent as `responseFormat: { type: 'json', schema, name }`, the host's tools (AI SDK function or
 * provider tools) pass through, and the answer is read as text parts only — reasoning is never
 * reply text. An answer with business tool calls has no reply text: its words are a tool step's.
 *
 * @example
 * import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
 * const model = createOpenAICompatible({ name: 'local', baseURL }).chatModel('my-model');
 * const result = await enforceReply({ provider: aiSdkProvider(model), messages, mentions: { allowed: members } });
 */
export function aiSdkProvider(
  model: LanguageModelV3,
  options: AiSdkProviderOptions = {},
): ModelProvider {
  const transport = options.transport ?? 'both';
  const provider: ModelProvider = {
    name: `ai-sdk:${model.provider}/${model.modelId}`,
    enforcement: options.enforcement ?? 'provider_schema',
    async generate(request, { signal }) {
      const call = callOptions(request, signal, options);
      if (transport === 'stream') return collect(streamCall(model, call, signal, options.onCall));
      const result = await model.doGenerate(call);
      const toolCalls = businessToolCalls(result.content);
      options.onCall?.({
        toolCalls,
        warnings: result.warnings,
        finishReason: result.finishReason,
        providerMetadata: result.providerMetadata,
        response: result.response,
      });
      return answer(textOf(result.content), toolCalls, fromAiSdkUsage(result.usage));
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
): LanguageModelV3CallOptions {
  const tools = request.tools as
    Array<LanguageModelV3FunctionTool | LanguageModelV3ProviderTool> | undefined;
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
      ? { tools: [...tools], ...(options.toolChoice ? { toolChoice: options.toolChoice } : {}) }
      : {}),
    abortSignal: signal,
  };
}

function textOf(content: readonly LanguageModelV3Content[]): string | undefined {
  const texts = content.filter((part) => part.type === 'text');
  return texts.length === 0 ? undefined : texts.map((part) => part.text).join('');
}

// Calls the provider ran itself (web search and the like) are not the host's to run.
function businessToolCalls(content: readonly LanguageModelV3Content[]): LanguageModelV3ToolCall[] {
  return content.filter(
    (part): part is LanguageModelV3ToolCall =>
      part.type === 'tool-call' && part.providerExecuted !== true,
  );
}

function toToolCall(part: LanguageModelV3ToolCall): ToolCall {
  return { id: part.toolCallId, name: part.toolName, arguments: part.input };
}

function answer(
  text: string | undefined,
  toolCalls: readonly LanguageModelV3ToolCall[],
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
 * One streamed call: text deltas as they come, each business tool call once, whole; reasoning,
 * sources and raw chunks are dropped. Aborting the signal cancels the model's stream.
 */
async function* streamCall(
  model: LanguageModelV3,
  call: LanguageModelV3CallOptions,
  signal: AbortSignal,
  onCall: AiSdkProviderOptions['onCall'],
): AsyncGenerator<ModelStreamEvent> {
  const { stream } = await model.doStream(call);
  const reader = stream.getReader();
  const cancel = () => void reader.cancel(signal.reason).catch(() => undefined);
  signal.addEventListener('abort', cancel, { once: true });
  const toolCalls: LanguageModelV3ToolCall[] = [];
  let warnings: readonly SharedV3Warning[] = [];
  let response: LanguageModelV3ResponseMetadata | undefined;
  let finishReason: LanguageModelV3FinishReason | undefined;
  let providerMetadata: SharedV3ProviderMetadata | undefined;
  let ended = false;
  try {
    for (;;) {
      const next = await reader.read();
      if (signal.aborted) throw signal.reason;
      if (next.done) break;
      const part = next.value;
      switch (part.type) {
        case 'stream-start':
          warnings = part.warnings;
          break;
        case 'response-metadata':
          response = {
            ...(part.id ? { id: part.id } : {}),
            ...(part.timestamp ? { timestamp: part.timestamp } : {}),
            ...(part.modelId ? { modelId: part.modelId } : {}),
          };
          break;
        case 'text-delta':
          yield { type: 'text', text: part.delta };
          break;
        case 'tool-call':
          if (part.providerExecuted === true) break;
          toolCalls.push(part);
          yield { type: 'tool_call', call: toToolCall(part) };
          break;
        case 'finish': {
          finishReason = part.finishReason;
          providerMetadata = part.providerMetadata;
          const usage = fromAiSdkUsage(part.usage);
          if (usage) yield { type: 'usage', usage };
          break;
        }
        case 'error':
          throw part.error instanceof Error
            ? part.error
            : new ProviderError(`the model stream failed: ${String(part.error).slice(0, 200)}`);
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

/** A whole answer from a stream, read the same way as a generated one. */
async function collect(events: AsyncIterable<ModelStreamEvent>): Promise<ModelAnswer> {
  let text: string | undefined;
  const calls: ToolCall[] = [];
  let usage: Usage | undefined;
  for await (const event of events) {
    if (event.type === 'text') text = (text ?? '') + event.text;
    else if (event.type === 'tool_call') calls.push(event.call);
    else if (event.type === 'usage') usage = event.usage;
  }
  return {
    ...(calls.length > 0 ? { toolCalls: calls } : text === undefined ? {} : { text }),
    ...(usage ? { usage } : {}),
  };
}

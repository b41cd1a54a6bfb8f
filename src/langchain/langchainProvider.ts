import type { BaseLanguageModelInput } from '@langchain/core/language_models/base';
import type { AIMessageChunk, BaseMessage } from '@langchain/core/messages';
import type { Runnable } from '@langchain/core/runnables';
import {
  ProviderError,
  type FinishReason,
  type ModelAnswer,
  type ModelProvider,
  type ModelRequest,
  type ModelStreamEvent,
  type ToolCall,
  type Usage,
} from './core';
import { toLangChainMessages } from './langchainMessages';
import { messageText } from './messageText';

/**
 * A LangChain chat model: any `BaseChatModel` (`ChatOpenAI`, `ChatAnthropic`, a fake), or a
 * Runnable over one. `bindTools` is used for the turns that offer the host's tools.
 */
export interface LangChainChatModel extends Runnable<BaseLanguageModelInput, AIMessageChunk> {
  bindTools?(tools: readonly unknown[]): Runnable<BaseLanguageModelInput, AIMessageChunk>;
}

/** Options of {@link langchainProvider}. */
export interface LangChainProviderOptions {
  /** Call options sent with every call (a `response_format`, say); the signal is the turn's. */
  readonly callOptions?: Record<string, unknown> | undefined;
  /** A name for logs (default `langchain:<the model's type>`). */
  readonly name?: string | undefined;
}

/**
 * A `ModelProvider` over any LangChain chat model, for `enforceReply` and `streamReply`: the
 * system prompt and conversation as LangChain messages, the host's tools bound with `bindTools`
 * (tools are LangChain tools or tool schemas), the answer's text blocks as reply text (reasoning
 * never), its tool calls as the turn's. The format is asked in the prompt (`prompt_only`): pass
 * a `response_format` in `callOptions` where the model takes one.
 *
 * @example
 * const result = await enforceReply({ provider: langchainProvider(new ChatOpenAI({ model })), messages });
 */
export function langchainProvider(
  model: LangChainChatModel,
  options: LangChainProviderOptions = {},
): ModelProvider {
  return {
    name: options.name ?? `langchain:${typeName(model)}`,
    enforcement: 'prompt_only',
    async generate(request, { signal }) {
      const runnable = withTools(model, request);
      const message = await called(signal, () =>
        runnable.invoke(toLangChainMessages(request), { ...options.callOptions, signal }),
      );
      return answerOf(message);
    },
    stream: (request, { signal }) => streamCall(model, request, signal, options),
  };
}

async function* streamCall(
  model: LangChainChatModel,
  request: ModelRequest,
  signal: AbortSignal,
  options: LangChainProviderOptions,
): AsyncGenerator<ModelStreamEvent> {
  const runnable = withTools(model, request);
  const stream = await called(signal, () =>
    runnable.stream(toLangChainMessages(request), { ...options.callOptions, signal }),
  );
  let merged: AIMessageChunk | undefined;
  const iterator = stream[Symbol.asyncIterator]();
  for (;;) {
    const next = await called(signal, () => iterator.next());
    if (next.done) break;
    const chunk = next.value;
    merged = merged && typeof merged.concat === 'function' ? merged.concat(chunk) : chunk;
    const text = messageText(chunk.content);
    if (text) yield { type: 'text', text };
  }
  if (!merged) return;
  // Tool calls are whole once the stream has ended: their argument pieces are merged.
  const answer = answerOf(merged);
  for (const call of answer.toolCalls ?? []) yield { type: 'tool_call', call };
  if (answer.refusal !== undefined) yield { type: 'refusal', text: answer.refusal };
  if (answer.finishReason !== undefined)
    yield {
      type: 'finish',
      reason: answer.finishReason,
      ...(answer.rawFinishReason === undefined ? {} : { raw: answer.rawFinishReason }),
    };
  if (answer.usage) yield { type: 'usage', usage: answer.usage };
}

function withTools(model: LangChainChatModel, request: ModelRequest) {
  const tools = request.tools ?? [];
  if (tools.length === 0) return model;
  if (typeof model.bindTools !== 'function')
    throw new ProviderError('this LangChain model cannot bind tools (it has no bindTools)');
  return model.bindTools(tools);
}

/** A model call; what it throws becomes a ProviderError, unless the turn was aborted. */
async function called<T>(signal: AbortSignal, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (thrown) {
    if (signal.aborted || thrown instanceof ProviderError) throw thrown;
    const message = thrown instanceof Error ? thrown.message : String(thrown);
    throw new ProviderError(`the LangChain model failed: ${message}`);
  }
}

/** A model's answer as the core reads it: text or tool calls, usage, why it stopped. */
function answerOf(message: BaseMessage): ModelAnswer {
  const ai = message as Partial<AIMessageChunk>;
  const calls: ToolCall[] = [
    ...(ai.tool_calls ?? []).map((call, index) => ({
      id: call.id ?? `call_${index}`,
      name: call.name,
      arguments: JSON.stringify(call.args),
    })),
    // Arguments the model wrote that LangChain could not parse: the core's strict parser says why.
    ...(ai.invalid_tool_calls ?? []).map((call, index) => ({
      id: call.id ?? `invalid_${index}`,
      name: call.name ?? '',
      arguments: typeof call.args === 'string' ? call.args : '',
    })),
  ];
  const text = messageText(message.content);
  const refusal = refusalOf(message);
  const finish = finishOf(message, refusal);
  const usage = usageOf(ai.usage_metadata);
  return {
    ...(calls.length > 0 ? { toolCalls: calls } : text === undefined ? {} : { text }),
    ...(usage ? { usage } : {}),
    ...(refusal === undefined ? {} : { refusal }),
    ...finish,
  };
}

function refusalOf(message: BaseMessage): string | undefined {
  const refusal = (message.additional_kwargs as { refusal?: unknown } | undefined)?.refusal;
  return typeof refusal === 'string' && refusal !== '' ? refusal : undefined;
}

const FINISH: Readonly<Record<string, FinishReason>> = {
  stop: 'stop',
  end_turn: 'stop',
  STOP: 'stop',
  length: 'length',
  max_tokens: 'length',
  MAX_TOKENS: 'length',
  tool_calls: 'tool_calls',
  tool_use: 'tool_calls',
  content_filter: 'content_filter',
  SAFETY: 'content_filter',
  RECITATION: 'content_filter',
  refusal: 'refusal',
};

/** Why the model stopped, from the provider's own field in `response_metadata`. */
function finishOf(
  message: BaseMessage,
  refusal: string | undefined,
): { finishReason?: FinishReason; rawFinishReason?: string } {
  if (refusal !== undefined) return { finishReason: 'refusal', rawFinishReason: 'refusal' };
  const metadata = (message.response_metadata ?? {}) as Record<string, unknown>;
  const raw = [metadata.finish_reason, metadata.stop_reason, metadata.finishReason].find(
    (value): value is string => typeof value === 'string' && value !== '',
  );
  if (raw === undefined) return {};
  return { finishReason: FINISH[raw] ?? 'other', rawFinishReason: raw };
}

function usageOf(metadata: AIMessageChunk['usage_metadata'] | undefined): Usage | undefined {
  if (!metadata) return undefined;
  const reasoning = metadata.output_token_details?.reasoning;
  return {
    inputTokens: metadata.input_tokens,
    outputTokens: metadata.output_tokens,
    ...(typeof reasoning === 'number' ? { reasoningTokens: reasoning } : {}),
  };
}

function typeName(model: LangChainChatModel): string {
  const type = (model as { _llmType?: () => string })._llmType;
  return typeof type === 'function' ? type.call(model) : 'model';
}

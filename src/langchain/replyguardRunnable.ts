import type { BaseLanguageModelInput } from '@langchain/core/language_models/base';
import { RunnableLambda, type Runnable, type RunnableConfig } from '@langchain/core/runnables';
import { enforceReply, type SegmentReplyResult, type TurnOptions } from './core';
import { fromLangChainInput } from './langchainMessages';
import {
  langchainProvider,
  type LangChainChatModel,
  type LangChainProviderOptions,
} from './langchainProvider';

/** Options of {@link replyguardRunnable}: the model, and a turn's options but its conversation. */
export interface ReplyguardRunnableOptions extends Omit<
  TurnOptions,
  | 'provider'
  | 'messages'
  | 'signal'
  | 'schema'
  | 'schemaRef'
  | 'registry'
  | 'preparedSchema'
  | 'maxRetries'
  | 'onExhausted'
> {
  /** Any LangChain chat model (`ChatOpenAI`, `ChatAnthropic`, …), or a Runnable over one. */
  readonly model: LangChainChatModel;
  /** `'segments'` (the IM preset, default) or `false` (plain text). */
  readonly schema?: 'segments' | false | undefined;
  readonly callOptions?: LangChainProviderOptions['callOptions'];
}

/**
 * A Runnable that drives a whole replyguard turn over a LangChain chat model: its input is what a
 * chat model takes (a string, messages, a prompt value; system messages join the host's system
 * prompt, the format instruction goes last), its output the turn's `ReplyResult` — the checked
 * reply after at most one format correction, or the failure notice. Streamed, it yields that one
 * result: nothing of an answer before it is validated. The run's signal ends the turn
 * `interrupted`.
 *
 * @example
 * const chain = prompt.pipe(replyguardRunnable({ model: new ChatOpenAI({ model: 'gpt-4o-mini' }) }));
 * const result = await chain.invoke({ input: 'hi' });
 * deliver(result.status === 'completed' ? result.value : result.notice);
 */
export function replyguardRunnable(
  options: ReplyguardRunnableOptions,
): Runnable<BaseLanguageModelInput, SegmentReplyResult> {
  const { model, callOptions, ...turn } = options;
  const provider = langchainProvider(model, { callOptions });
  return RunnableLambda.from(async (input: BaseLanguageModelInput, config?: RunnableConfig) => {
    const { system, messages } = fromLangChainInput(input);
    const hostSystem = [turn.system, system].filter((part) => part !== undefined && part !== '');
    return enforceReply({
      ...turn,
      schema: turn.schema,
      provider,
      system: hostSystem.join('\n\n'),
      messages,
      signal: config?.signal,
    });
  }).withConfig({ runName: 'replyguard' });
}

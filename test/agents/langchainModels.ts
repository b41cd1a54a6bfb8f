import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import {
  BaseChatModel,
  type BaseChatModelCallOptions,
} from '@langchain/core/language_models/chat_models';
import { type AIMessage, AIMessageChunk, type BaseMessage } from '@langchain/core/messages';
import { ChatGenerationChunk, type ChatResult } from '@langchain/core/outputs';

/** One scripted answer: an AI message, or a function of the call (to throw, to wait). */
export type ScriptedAnswer = AIMessage | ((messages: BaseMessage[]) => AIMessage);

interface ScriptedCallOptions extends BaseChatModelCallOptions {
  readonly tools?: unknown[];
}

/**
 * A chat model on LangChain's own base class that answers from a script, one answer a call, and
 * records what each call was sent. Streamed, an answer's text comes in pieces of 7 characters; its
 * tool calls, usage and response metadata come with the last chunk.
 */
export class ScriptedChatModel extends BaseChatModel<ScriptedCallOptions> {
  readonly calls: { messages: BaseMessage[]; tools: unknown[] | undefined }[] = [];
  #answers: ScriptedAnswer[];

  constructor(answers: ScriptedAnswer[]) {
    super({});
    this.#answers = answers;
  }

  _llmType(): string {
    return 'scripted';
  }

  override bindTools(tools: unknown[]) {
    return this.withConfig({ tools });
  }

  #next(messages: BaseMessage[], options: this['ParsedCallOptions']): AIMessage {
    this.calls.push({ messages, tools: options.tools });
    const answer = this.#answers.shift();
    if (answer === undefined) throw new Error('the script has no more answers');
    return typeof answer === 'function' ? answer(messages) : answer;
  }

  async _generate(
    messages: BaseMessage[],
    options: this['ParsedCallOptions'],
  ): Promise<ChatResult> {
    const message = this.#next(messages, options);
    return {
      generations: [{ text: typeof message.content === 'string' ? message.content : '', message }],
    };
  }

  override async *_streamResponseChunks(
    messages: BaseMessage[],
    options: this['ParsedCallOptions'],
    runManager?: CallbackManagerForLLMRun,
  ): AsyncGenerator<ChatGenerationChunk> {
    const message = this.#next(messages, options);
    const text = typeof message.content === 'string' ? message.content : '';
    const pieces = text.match(/[\s\S]{1,7}/g) ?? [''];
    for (const [index, piece] of pieces.entries()) {
      const last = index === pieces.length - 1;
      options.signal?.throwIfAborted();
      const chunk = new ChatGenerationChunk({
        text: piece,
        message: new AIMessageChunk({
          content: piece,
          ...(last
            ? {
                tool_call_chunks: (message.tool_calls ?? []).map((call, at) => ({
                  type: 'tool_call_chunk' as const,
                  id: call.id,
                  name: call.name,
                  args: JSON.stringify(call.args),
                  index: at,
                })),
                response_metadata: message.response_metadata,
                usage_metadata: message.usage_metadata,
                additional_kwargs: message.additional_kwargs,
              }
            : {}),
        }),
      });
      yield chunk;
      await runManager?.handleLLMNewToken(piece, undefined, undefined, undefined, undefined, {
        chunk,
      });
    }
  }
}

import { BaseOutputParser } from '@langchain/core/output_parsers';
import type { ChatGeneration, Generation } from '@langchain/core/outputs';
import {
  checkReply,
  failureNotice,
  segmentInstruction,
  type CheckReplyOptions,
  type SegmentReply,
} from './core';
import { messageText } from './messageText';
import { ReplyguardParserException } from './replyguardParserException';

/**
 * A LangChain output parser for the segment reply: `getFormatInstructions()` is the catalog's
 * instruction, `parse` runs `checkReply` and returns the checked (masked) reply, or throws a
 * {@link ReplyguardParserException} — LangChain's `OutputParserException` — with the issues. A
 * message that carries tool calls is refused as such, never parsed as a reply.
 */
export class ReplyguardOutputParser extends BaseOutputParser<SegmentReply> {
  lc_namespace = ['replyguard', 'output_parsers'];
  readonly #options: CheckReplyOptions;

  constructor(options: CheckReplyOptions = {}) {
    super();
    this.#options = options;
  }

  static override lc_name(): string {
    return 'ReplyguardOutputParser';
  }

  getFormatInstructions(): string {
    return segmentInstruction();
  }

  override async parseResult(generations: Generation[] | ChatGeneration[]): Promise<SegmentReply> {
    const generation = generations[0];
    const message = generation && 'message' in generation ? generation.message : undefined;
    if (message !== undefined) {
      const calls = [
        ...((message as { tool_calls?: unknown[] }).tool_calls ?? []),
        ...((message as { invalid_tool_calls?: unknown[] }).invalid_tool_calls ?? []),
      ];
      if (calls.length > 0)
        throw this.#refused(
          'TOOL_CALLS_RETURNED',
          'the model answered with tool calls, not a reply: run them and ask again',
        );
      const text = messageText(message.content);
      if (text === undefined) throw this.#refused('NO_FINAL_MESSAGE', 'the message holds no text');
      return this.parse(text);
    }
    return this.parse(generation?.text ?? '');
  }

  async parse(text: string): Promise<SegmentReply> {
    const result = await checkReply(text, this.#options);
    if (result.status === 'completed') return result.value;
    throw new ReplyguardParserException({
      status: result.status === 'interrupted' ? 'error' : result.status,
      issues: result.issues,
      notice: result.notice ?? failureNotice(this.#options.failureNotice),
      findings: result.findings,
    });
  }

  override _type(): string {
    return 'replyguard';
  }

  #refused(code: 'TOOL_CALLS_RETURNED' | 'NO_FINAL_MESSAGE', message: string) {
    return new ReplyguardParserException({
      status: 'validation_failed',
      issues: [{ code, path: '', message }],
      notice: failureNotice(this.#options.failureNotice),
    });
  }
}

/**
 * A {@link ReplyguardOutputParser} with `checkReply`'s options (mentions, leaks, the notice…).
 *
 * @example
 * const parser = replyguardOutputParser({ mentions: { allowed: ['u1'] } });
 * const prompt = ChatPromptTemplate.fromMessages([
 *   ['system', 'You chat.\n\n{format}'],
 *   ['human', '{input}'],
 * ]);
 * const chain = prompt.pipe(model).pipe(parser);
 * const reply = await chain.invoke({ input: 'hi', format: parser.getFormatInstructions() });
 */
export function replyguardOutputParser(options: CheckReplyOptions = {}): ReplyguardOutputParser {
  return new ReplyguardOutputParser(options);
}

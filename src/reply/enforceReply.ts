import type { ReplyResult, SegmentReplyResult } from '../results/replyResult';
import type { JsonSchema } from '../segments/segmentJsonSchema';
import type { StandardSchemaV1 } from '../schema/standardSchema';
import { streamReply } from './streamReply';
import type { InferOutput, TurnOptions } from './turnOptions';

/** Options of {@link enforceReply}. */
export type EnforceReplyOptions = TurnOptions;

export type { InferOutput };

/**
 * Drives a model through one turn and returns one `ReplyResult`, whatever happens: the answer is
 * streamed when the provider streams and cut off as soon as it is provably invalid; tool calls
 * run through the host's `runTool` and the check waits for the text step; the IM preset allows
 * at most one format-only correction (no history, no business tools, the issues named, the
 * masked reply quoted, a 30 s limit); nothing is returned before validation. An aborted turn is
 * `interrupted`, a failed call `error`. It is {@link streamReply} run to its `final` event.
 *
 * @example
 * const result = await enforceReply({ provider, system, messages: [{ role: 'user', content: 'hi' }], mentions: { allowed: members } });
 * send(result.status === 'completed' ? result.value.segments : (result.notice?.segments ?? []));
 */
export function enforceReply<TSchema extends StandardSchemaV1>(
  options: TurnOptions & { readonly schema: TSchema },
): Promise<ReplyResult<InferOutput<TSchema>>>;
export function enforceReply(
  options: TurnOptions & { readonly schema: JsonSchema },
): Promise<ReplyResult<unknown>>;
export function enforceReply(
  options: TurnOptions & { readonly schemaRef: string },
): Promise<ReplyResult<unknown>>;
export function enforceReply(
  options: TurnOptions & {
    readonly schema?: 'segments' | false | undefined;
    readonly schemaRef?: undefined;
    readonly preparedSchema?: undefined;
  },
): Promise<SegmentReplyResult>;
export function enforceReply(options: TurnOptions): Promise<ReplyResult<unknown>>;
export async function enforceReply(options: TurnOptions): Promise<ReplyResult<unknown>> {
  for await (const event of streamReply(options)) {
    if (event.type === 'final') return event.result;
  }
  // streamReply always ends with a final event; this line only satisfies the type checker.
  throw new Error('replyguard: the turn ended without a result');
}

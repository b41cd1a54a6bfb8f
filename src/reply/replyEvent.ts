import type { Issue } from '../issues/issue';
import type { ReplyResult, ToolCall } from '../results/replyResult';

/**
 * One event of a streamed turn ({@link streamReply}). Exactly one `final` ends every turn and
 * carries the same `ReplyResult` that `enforceReply` returns.
 */
export type ReplyEvent<TResult = ReplyResult<unknown>> =
  /** A model call starts. */
  | { readonly type: 'attempt'; readonly attempt: number; readonly stage: 'model' | 'correction' }
  /** Raw model text, only with `streamDeltas: true`: provisional, it may still be refused. */
  | {
      readonly type: 'delta';
      readonly attempt: number;
      readonly text: string;
      readonly provisional: true;
    }
  /**
   * Only with `streamProgress: true`: the answer read so far, safe to show — for the IM preset
   * `{ segments }` (closed segments whole, the open text segment's text so far), for a custom
   * schema the value so far. Secrets are masked, reasoning and tool markup withheld, and text
   * that may still turn out to be a secret or a tag held back. Provisional: a `rejected` event
   * voids what was shown for the attempt (no more progress follows for it); `final` is what counts.
   */
  | {
      readonly type: 'progress';
      readonly attempt: number;
      readonly value: unknown;
      readonly provisional: true;
    }
  /**
   * The model asked for tools (they run through the host's `runTool`, or end the turn without
   * one). Calls past `maxToolSteps` are not announced when the tools-off summary follows (the
   * default): none of them runs.
   */
  | {
      readonly type: 'tool_calls';
      readonly attempt: number;
      readonly step: number;
      readonly calls: readonly ToolCall[];
    }
  /** The answer was provably invalid before it ended and was cut off: `offset` characters were read. */
  | {
      readonly type: 'rejected';
      readonly attempt: number;
      readonly stage: 'model' | 'correction';
      readonly issue: Issue;
      readonly offset: number;
    }
  /** The turn's one result. */
  | { readonly type: 'final'; readonly result: TResult };

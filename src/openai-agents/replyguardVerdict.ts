import type { Finding, Issue, ReplyStatus, SegmentReply, SegmentReplyResult } from './core';

/**
 * What the guardrail reports as its `outputInfo`: the turn's status, the reply to deliver (the
 * checked and masked reply, or the host's failure notice) and why. Plain data, already masked:
 * the SDK prints it in the tripwire's message.
 */
export interface ReplyguardVerdict {
  readonly status: ReplyStatus;
  /** What may be delivered: the checked reply when `status` is `completed`, else the notice. */
  readonly reply: SegmentReply;
  readonly issues: readonly Issue[];
  readonly findings: readonly Finding[];
}

/** The verdict of a check, as the guardrail reports it. */
export function verdictOf(result: SegmentReplyResult, notice: SegmentReply): ReplyguardVerdict {
  return {
    status: result.status,
    reply: result.status === 'completed' ? result.value : (result.notice ?? notice),
    issues: result.issues,
    findings: result.findings,
  };
}

import type { Issue } from '../issues/issue';
import { failureNotice } from './failureNotice';
import { type Enforcement, type Finding, NO_USAGE, type ReplyResult, type ReplyStage, type ReplyStatus, type Usage } from './replyResult';

/** Everything a turn knows when it ends. */
export interface TurnEnd<TValue> {
  readonly status: ReplyStatus;
  readonly value?: TValue;
  readonly issues?: readonly Issue[];
  readonly findings?: readonly Finding[];
  readonly usage?: Usage;
  readonly attempts: number;
  readonly stage: ReplyStage;
  readonly enforcement: Enforcement;
  readonly schemaName: string;
  /** `performance.now()` when the turn started. */
  readonly startedAt: number;
  /** The IM preset's failure notice text; `undefined` for custom schemas (no notice). */
  readonly failureNoticeText?: string;
  /** Custom schemas with `onExhausted: 'return_invalid'`: hand back the last invalid value. */
  readonly keepInvalidValue?: boolean;
}

/**
 * The one boundary every turn ends through: it makes the `ReplyResult`. A value is present only
 * when the turn completed (or, when asked, the last invalid one); an IM turn that failed carries
 * the host's fixed notice instead.
 */
export function finalizeReply<TValue>(end: TurnEnd<TValue>): ReplyResult<TValue> {
  const completed = end.status === 'completed';
  const failed = end.status === 'validation_failed' || end.status === 'error';
  return {
    status: end.status,
    ...(completed || (end.keepInvalidValue && end.value !== undefined) ? { value: end.value as TValue } : {}),
    ...(failed && end.failureNoticeText !== undefined ? { notice: failureNotice(end.failureNoticeText) } : {}),
    issues: end.issues ?? [],
    findings: end.findings ?? [],
    usage: end.usage ?? NO_USAGE,
    meta: {
      attempts: end.attempts,
      stage: end.stage,
      enforcement: end.enforcement,
      schemaName: end.schemaName,
      durationMs: Math.max(0, performance.now() - end.startedAt),
    },
  };
}

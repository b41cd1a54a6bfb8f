import type { Issue } from '../issues/issue';
import type { LeakOptions } from '../leaks/maskLeaks';
import { redactIssues } from '../leaks/redactText';
import { failureNotice } from './failureNotice';
import {
  type AttemptRecord,
  type Enforcement,
  type ToolCall,
  type Finding,
  NO_USAGE,
  type ReplyResult,
  type ReplyStage,
  type ReplyStatus,
  type Usage,
} from '../results/replyResult';

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
  /** Custom schemas with `onExhausted: 'return_invalid'`: the last value that parsed, and its attempt. */
  readonly invalidValue?: { readonly value: unknown; readonly attempt: number };
  readonly toolCalls?: readonly ToolCall[];
  readonly history?: readonly AttemptRecord[];
  /**
   * The leak options of the turn: issues and findings quote what the model wrote, so they leave
   * masked with the same rules (host literals included). `false` (leak scanning off) skips it.
   */
  readonly leaks?: LeakOptions | false | undefined;
}

/**
 * The one boundary every turn ends through: it makes the `ReplyResult`. A value is present only
 * when the turn completed (or, when asked, the last invalid one); an IM turn that failed carries
 * the host's fixed notice instead.
 */
export function finalizeReply<TValue>(end: TurnEnd<TValue>): ReplyResult<TValue> {
  const base = {
    issues: redactAll(end.issues ?? [], end.leaks),
    findings: redactAll(end.findings ?? [], end.leaks),
    usage: end.usage ?? NO_USAGE,
    meta: {
      attempts: end.attempts,
      stage: end.stage,
      enforcement: end.enforcement,
      schemaName: end.schemaName,
      durationMs: Math.max(0, performance.now() - end.startedAt),
      ...(end.history ? { history: end.history } : {}),
    },
  };
  switch (end.status) {
    case 'completed':
      return { status: 'completed', value: end.value as TValue, ...base };
    case 'interrupted':
      return {
        status: 'interrupted',
        ...(end.toolCalls ? { toolCalls: end.toolCalls } : {}),
        ...base,
      };
    default:
      return {
        status: end.status,
        ...(end.failureNoticeText !== undefined
          ? { notice: failureNotice(end.failureNoticeText) }
          : {}),
        ...(end.invalidValue
          ? { invalidValue: end.invalidValue.value, invalidValueAttempt: end.invalidValue.attempt }
          : {}),
        ...base,
      };
  }
}

/** Issues and findings without any secret in their pointers or messages. */
export function redactAll<T extends Issue | Finding>(
  items: readonly T[],
  leaks: LeakOptions | false | undefined,
): readonly T[] {
  if (leaks === false || items.length === 0) return items;
  return redactIssues(items, leaks ?? {});
}

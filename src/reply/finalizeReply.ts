import type { ReplyResult } from '../results/replyResult';
import { finalizeWith, type TurnEnd } from './finalizeWith';
import { redactAll } from './redactAll';

export type { TurnEnd } from './finalizeWith';
export { redactAll } from './redactAll';

/**
 * The one boundary every turn ends through: it makes the `ReplyResult`. A value is present only
 * when the turn completed (or, when asked, the last invalid one); an IM turn that failed carries
 * the host's fixed notice instead. Issues and findings leave without secrets (`redactAll`).
 */
export function finalizeReply<TValue>(end: TurnEnd<TValue>): ReplyResult<TValue> {
  return finalizeWith(end, redactAll);
}

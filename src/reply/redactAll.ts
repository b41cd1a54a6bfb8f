import type { Issue } from '../issues/issue';
import type { LeakOptions } from '../leaks/leakOptions';
import { redactIssues } from '../leaks/redactIssues';
import type { Finding } from '../results/replyResult';

/**
 * Issues and findings as they leave a turn (its result, its history, `onAttempt`, a `rejected`
 * event, a correction prompt): no secret in their pointers or messages, no member name that is
 * content in a pointer, messages masked then shortened (see `redactIssues`). With leak scanning
 * off (`false`, the host's choice) nothing is masked and pointers stay as they are; messages are
 * still shortened.
 */
export function redactAll<T extends Issue | Finding>(
  items: readonly T[],
  leaks: LeakOptions | false | undefined,
): readonly T[] {
  if (items.length === 0) return items;
  return redactIssues(items, leaks ?? {});
}

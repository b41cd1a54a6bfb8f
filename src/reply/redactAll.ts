import type { Issue } from '../issues/issue';
import type { LeakOptions } from '../leaks/leakOptions';
import { redactIssues } from '../leaks/redactIssues';
import type { Finding } from '../results/replyResult';

/** Issues and findings without any secret in their pointers or messages. */
export function redactAll<T extends Issue | Finding>(
  items: readonly T[],
  leaks: LeakOptions | false | undefined,
): readonly T[] {
  if (leaks === false || items.length === 0) return items;
  return redactIssues(items, leaks ?? {});
}

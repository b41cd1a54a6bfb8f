import type { ProgressPolicies } from '../progress/safeProgressView';
import type { StreamReplyOptions } from './turnOptions';

/** The policies progress views are made safe with, or `undefined` when none were asked for. */
export function progressPolicies(options: StreamReplyOptions): ProgressPolicies | undefined {
  if (options.streamProgress !== true) return undefined;
  return { leaks: options.leaks, hostPaths: options.hostPaths };
}

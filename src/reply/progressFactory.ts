import { type ProgressTracker, createProgress } from '../progress/createProgress';
import type { StreamReplyOptions } from './turnOptions';

/**
 * Makes a progress tracker for each streamed answer of a turn that asked for progress
 * (`streamProgress: true`), made safe with the turn's own outbound policies; `undefined` when it
 * did not ask.
 */
export function progressFactory(
  options: StreamReplyOptions,
): ((mode: 'segments' | 'custom') => ProgressTracker) | undefined {
  if (options.streamProgress !== true) return undefined;
  const policies = { leaks: options.leaks, hostPaths: options.hostPaths };
  return (mode) => createProgress(mode, policies);
}

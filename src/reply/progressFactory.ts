import type { ProgressTracker } from '../progress/createProgress';
import { progressScanner } from '../progress/progressScanner';
import type { StreamReplyOptions } from './turnOptions';

/** Makes a fresh progress tracker for one streamed answer, in the turn's mode. */
export type ProgressFactory = (mode: 'segments' | 'custom') => ProgressTracker;

/**
 * Makes a progress tracker for each streamed answer of a turn that asked for progress
 * (`streamProgress: true`; built once per turn), made safe with the turn's own outbound policies; `undefined` when it
 * did not ask. The views load on first use (a lazy chunk); if they cannot be loaded the turn runs
 * without progress events, which are provisional extras: its result is the same.
 */
export async function progressFactory(
  options: StreamReplyOptions,
): Promise<ProgressFactory | undefined> {
  if (options.streamProgress !== true) return undefined;
  let create: typeof import('../progress/createProgress').createProgress;
  try {
    ({ createProgress: create } = await import('../progress/createProgress'));
  } catch {
    return undefined;
  }
  const scanner = progressScanner({ leaks: options.leaks, hostPaths: options.hostPaths });
  return (mode) => create(mode, scanner);
}

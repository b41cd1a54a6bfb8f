import type { Issue } from '../issues/issue';
import { createJsonStream } from '../json/createJsonStream';
import type { JsonLimits } from '../json/jsonLimits';
import { createSegmentJudge } from '../segments/createSegmentJudge';

/** Judges an answer while it streams: the first provable violation, as soon as it is provable. */
export interface EarlyCheck {
  /** Feeds the next piece of the answer; returns the violation once it is provable. */
  push(chunk: string): Issue | undefined;
  /** The characters read so far (up to the one that proved a violation). */
  readonly offset: number;
}

/**
 * The early check for a turn's mode: the strict push parser, with the closed segment schema's
 * judge for the IM preset. It only decides sooner: whatever it refuses, the full check would
 * refuse too. Plain text has nothing to judge early.
 */
export function earlyCheckFor(
  mode: 'segments' | 'plain' | 'custom',
  limits: Partial<JsonLimits> | undefined,
): EarlyCheck | undefined {
  if (mode === 'plain') return undefined;
  return createJsonStream(limits, mode === 'segments' ? createSegmentJudge() : undefined);
}

import type { Issue } from '../issues/issue';
import type { JsonLimits } from '../json/jsonLimits';

/** Judges an answer while it streams: the first provable violation, as soon as it is provable. */
export interface EarlyCheck {
  /** Feeds the next piece of the answer; returns the violation once it is provable. */
  push(chunk: string): Issue | undefined;
  /** The characters read so far. */
  readonly offset: number;
}

/**
 * The early check for a turn's mode. Not wired yet: the push parser and the segment judge land
 * from their branches, and this returns one for `segments` and `custom` then.
 */
export function earlyCheckFor(_mode: 'segments' | 'plain' | 'custom', _limits: Partial<JsonLimits> | undefined): EarlyCheck | undefined {
  return undefined;
}

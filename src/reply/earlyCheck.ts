import type { Issue } from '../issues/issue';
import { createJsonStream } from '../json/createJsonStream';
import { joinObservers } from '../json/joinObservers';
import type { JsonLimits } from '../json/jsonLimits';
import type { JsonObserver } from '../json/jsonObserver';
import type { ProgressTracker, ProgressValue } from '../progress/createProgress';
import { createSegmentJudge } from '../segments/createSegmentJudge';

/** Judges an answer while it streams: the first provable violation, as soon as it is provable. */
export interface EarlyCheck {
  /** Feeds the next piece of the answer; returns the violation once it is provable. */
  push(chunk: string): Issue | undefined;
  /** The characters read so far (up to the one that proved a violation). */
  readonly offset: number;
  /** With progress asked for: the next progress view, when one is due after the last push. */
  progress?(): ProgressValue | undefined;
}

/** What the early check needs of a turn. */
export interface EarlyCheckPlan {
  readonly mode: 'segments' | 'plain' | 'custom';
  /** A custom schema's streaming judge, when it has one. */
  readonly judge?: (() => JsonObserver) | undefined;
}

/**
 * The early check for a turn's mode: the strict push parser, with the closed segment schema's
 * judge for the IM preset and the schema judge for a custom schema that has one. It only decides
 * sooner: whatever it refuses, the full check would refuse too. Plain text has nothing to judge
 * early. With a progress `tracker` it also builds the safe progress views of the answer.
 */
export function earlyCheckFor(
  plan: EarlyCheckPlan,
  limits: Partial<JsonLimits> | undefined,
  tracker?: ProgressTracker,
): EarlyCheck | undefined {
  if (plan.mode === 'plain') return undefined;
  let judge: JsonObserver | undefined;
  try {
    judge = plan.mode === 'segments' ? createSegmentJudge() : plan.judge?.();
  } catch {
    // A schema the judge cannot read is judged at the end, as before.
    judge = undefined;
  }
  const stream = createJsonStream(limits, joinObservers(judge, tracker?.observer));
  if (tracker === undefined) return stream;
  return {
    push: (chunk) => stream.push(chunk),
    get offset() {
      return stream.offset;
    },
    progress: () => tracker.next(stream.offset),
  };
}

import type { ReplyEvent } from '../../reply/replyEvent';
import type { ChatProgressEvent } from '../wireTypes';

/**
 * The progress a client asked for (`replyguard.progress`) of one turn event, or undefined for
 * events that are not progress. Every API frames the same progress on its own no-op event.
 */
export function progressEvent(event: ReplyEvent): ChatProgressEvent | undefined {
  switch (event.type) {
    case 'attempt':
      return { event: 'attempt', attempt: event.attempt, stage: event.stage };
    case 'rejected':
      return {
        event: 'rejected',
        attempt: event.attempt,
        stage: event.stage,
        offset: event.offset,
        issue: event.issue,
      };
    case 'progress':
      // The reply read so far as the core made it safe to show: masked, markup withheld,
      // undecided text held back; provisional until the final event.
      return { event: 'progress', attempt: event.attempt, value: event.value, provisional: true };
    default:
      return undefined;
  }
}

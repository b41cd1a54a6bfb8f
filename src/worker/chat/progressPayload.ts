import type { ReplyEvent } from '../../reply/replyEvent';
import type { ChatProgressEvent } from '../wireTypes';

/**
 * The `replyguard` field of a progress frame for a `progress` event: the reply read so far as
 * the core made it safe to show (masked, markup withheld, undecided text held back), provisional.
 */
export function progressPayload(
  event: Extract<ReplyEvent, { type: 'progress' }>,
): ChatProgressEvent {
  return { event: 'progress', attempt: event.attempt, value: event.value, provisional: true };
}

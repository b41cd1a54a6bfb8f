import { type EnforceReplyOptions, enforceReply } from '../../reply/enforceReply';
import type { ReplyEvent } from '../../reply/replyEvent';

/**
 * The events of one turn. Interim: the whole turn through `enforceReply`, then its final event;
 * `streamReply` replaces this when it lands.
 */
export async function* turnEvents(options: EnforceReplyOptions): AsyncGenerator<ReplyEvent> {
  yield { type: 'attempt', attempt: 1, stage: 'model' };
  yield { type: 'final', result: await enforceReply(options) };
}

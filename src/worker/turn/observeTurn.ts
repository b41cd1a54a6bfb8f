import type { ReplyEvent } from '../../reply/replyEvent';
import type { RequestRecord } from '../logging/requestRecord';
import type { StartedTurn } from './startTurn';

/** What the request's record notes of a turn before it runs. */
export interface TurnFacts {
  readonly upstream: string;
  readonly model: string;
  readonly stream: boolean;
}

/**
 * The turn as it was started, its final result noted in the request's record as it passes (the
 * verdict): the events themselves are untouched. The code of a failed turn is noted where its
 * answer is made (serveTurn's refusal, turnStream's error event), which delivers the turn once.
 */
export function observeTurn(
  turn: StartedTurn,
  record: RequestRecord | undefined,
  facts: TurnFacts,
): StartedTurn {
  if (!record) return turn;
  record.upstream = facts.upstream;
  record.model = facts.model;
  record.stream = facts.stream;
  const source = turn.events;
  const events: AsyncIterator<ReplyEvent> = {
    next: async () => {
      const next = await source.next();
      if (!next.done && next.value.type === 'final') record.result = next.value.result;
      return next;
    },
    ...(source.return ? { return: (value?: unknown) => source.return!(value) } : {}),
  };
  return { events, stop: turn.stop };
}

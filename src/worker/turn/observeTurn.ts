import type { ReplyEvent } from '../../reply/replyEvent';
import type { RequestRecord } from '../logging/requestRecord';
import type { StartedTurn } from './startTurn';
import { type Exits, turnDelivery } from './turnDelivery';

/** What the request's record notes of a turn before it runs. */
export interface TurnFacts {
  readonly upstream: string;
  readonly model: string;
  readonly stream: boolean;
}

/**
 * The turn as it was started, its final result noted in the request's record as it passes (the
 * verdict and, for a turn that fails, the code its answer carries, tool calls refused included):
 * the events themselves are untouched.
 */
export function observeTurn(
  turn: StartedTurn,
  record: RequestRecord | undefined,
  facts: TurnFacts,
  exits: Exits,
): StartedTurn {
  if (!record) return turn;
  record.upstream = facts.upstream;
  record.model = facts.model;
  record.stream = facts.stream;
  const source = turn.events;
  const events: AsyncIterator<ReplyEvent> = {
    next: async () => {
      const next = await source.next();
      if (!next.done && next.value.type === 'final') {
        record.result = next.value.result;
        const delivery = turnDelivery(next.value.result, exits);
        if (delivery.kind === 'error') record.code = delivery.code;
      }
      return next;
    },
    ...(source.return ? { return: (value?: unknown) => source.return!(value) } : {}),
  };
  return { events, stop: turn.stop };
}

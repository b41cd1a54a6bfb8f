import type { ErrorShape } from '../http/httpError';
import type { WireAnswer } from './wireAnswer';
import type { TurnRead, WireTurn } from './wireTurn';

/** One API the Worker speaks: how it reads a request, shapes an error and answers a turn. */
export interface Wire<TTurn extends WireTurn = WireTurn> {
  /** How this API writes an error body. */
  readonly errors: ErrorShape;
  /** Reads a parsed JSON body into the turn it asks for, or the 400 that refuses it. */
  readonly read: (body: unknown) => TurnRead<TTurn>;
  /** How this API answers the turn (`model` is the name the answer reports). */
  readonly answer: (turn: TTurn, model: string) => WireAnswer;
}

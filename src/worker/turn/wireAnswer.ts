import type { HttpError } from '../http/httpError';
import type { ChatProgressEvent } from '../wireTypes';
import type { Delivered, DeliveryError } from './turnDelivery';

/**
 * How one API answers one turn: a whole body, or a stream of its own server-sent events. A route
 * makes one per request (it holds the answer's id and, for a stream, its event counter).
 */
export interface WireAnswer {
  /** The whole answer's body (its status is 200; errors go through the API's error shape). */
  readonly body: (delivery: Delivered) => unknown;
  /** Why this API cannot carry a delivery (checked before `body` and `reply`), if it cannot. */
  readonly undeliverable?: (delivery: Delivered) => HttpError | undefined;
  /** The events sent as soon as a stream opens, before any reply text (may be empty). */
  readonly open: () => string;
  /** What a quiet stream sends now and then, so that a client that went away is noticed. */
  readonly heartbeat: () => string;
  /** A progress event (`replyguard.progress`) on the API's own no-op event. */
  readonly progress: (event: ChatProgressEvent) => string;
  /** The validated reply (content or tool calls), then the end of the stream. */
  readonly reply: (delivery: Delivered) => string;
  /** A failure after the stream opened: the API's own error event, then the end of the stream. */
  readonly fail: (error: DeliveryError | HttpError) => string;
}

import type { ReplyEvent } from '../../reply/replyEvent';
import { wireError } from '../http/wireError';
import { progressEvent } from './progressEvent';
import { type Exits, turnDelivery } from './turnDelivery';
import type { WireAnswer } from './wireAnswer';

/** How often a quiet stream sends a heartbeat, so that a client that went away is noticed. */
const HEARTBEAT_MS = 250;

/** Options of {@link turnStream}. */
export interface TurnStreamOptions {
  /** Send a progress event for each attempt and early reject as it happens. */
  readonly progress: boolean;
  /** Ends the turn (and with it the upstream call); called once the stream ends or is cancelled. */
  readonly stop: () => void;
  /** How what leaves is read: the Worker's leak options and tool-call policy. */
  readonly exits: Exits;
  /** Told the code of the error event the stream ends with, for the request's log line. */
  readonly failed?: (code: string) => void;
}

/**
 * A turn as an SSE body in one API's events. It starts at once with the API's opening events,
 * then progress events (when asked) as the turn runs, the validated reply only after the final
 * event; a turn that fails sends the API's error event instead. While the turn is quiet a
 * heartbeat goes out every {@link HEARTBEAT_MS}: a runtime notices a client that went away only
 * when a write fails, and then cancels this stream, which stops the turn and aborts the upstream
 * request.
 */
export function turnStream(
  events: AsyncIterator<ReplyEvent>,
  answer: WireAnswer,
  options: TurnStreamOptions,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const fail: WireAnswer['fail'] = (error) => {
    options.failed?.(error.code);
    return answer.fail(wireError(error, options.exits.leaks));
  };
  let pending: Promise<IteratorResult<ReplyEvent>> | undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const opening = answer.open();
      if (opening !== '') controller.enqueue(encoder.encode(opening));
    },
    // Each pull enqueues something (an event or a heartbeat): a pull that enqueues nothing is not
    // called again, and the stream would stall.
    async pull(controller) {
      for (;;) {
        let frames = '';
        let done = false;
        let timer: ReturnType<typeof setTimeout> | undefined;
        try {
          pending ??= events.next();
          const beat = new Promise<'beat'>((resolve) => {
            timer = setTimeout(() => resolve('beat'), HEARTBEAT_MS);
          });
          const next = await Promise.race([pending, beat]);
          if (next === 'beat') return controller.enqueue(encoder.encode(answer.heartbeat()));
          pending = undefined;
          if (next.done) throw new Error('the turn ended without a final result');
          const event = next.value;
          if (event.type === 'final') {
            const delivery = turnDelivery(event.result, options.exits);
            if (delivery.kind === 'error') frames = fail(delivery);
            else {
              const cannot = answer.undeliverable?.(delivery);
              frames = cannot ? fail(cannot) : answer.reply(delivery);
            }
            done = true;
          } else if (options.progress) {
            const progress = progressEvent(event);
            if (progress) frames = answer.progress(progress);
          }
        } catch (error) {
          // Masked, then shortened as it leaves (wireError): a thrown message may quote anything.
          frames = fail({
            status: 500,
            code: 'INTERNAL',
            message: `unexpected failure: ${String((error as Error)?.message ?? error)}`,
          });
          done = true;
        } finally {
          clearTimeout(timer);
        }
        if (frames !== '') controller.enqueue(encoder.encode(frames));
        if (done) {
          options.stop();
          controller.close();
        }
        if (frames !== '' || done) return;
      }
    },
    cancel() {
      options.stop();
    },
  });
}

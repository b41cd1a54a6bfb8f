import type { ReplyEvent } from '../../reply/replyEvent';
import { type ChatDelivery, chatDelivery } from './chatDelivery';
import { progressPayload } from './progressPayload';
import { type CompletionHead, DONE, deliveryFrames, errorFrame, progressFrame } from './chatFrames';

/** How often a quiet stream sends an SSE comment, so that a client that went away is noticed. */
export const HEARTBEAT_MS = 250;
const HEARTBEAT = ': keep-alive\n\n';

/** Options of {@link chatStream}. */
export interface ChatStreamOptions {
  /** Send a frame for each attempt and early reject as it happens. */
  readonly progress: boolean;
  readonly includeUsage: boolean;
  /** Ends the turn (and with it the upstream call); called once the stream ends or is cancelled. */
  readonly stop: () => void;
}

/**
 * A turn as an SSE body of `chat.completion.chunk` frames. It starts at once: progress frames (when
 * asked) as the turn runs, the validated content only after the final event, then `[DONE]`; a turn
 * that fails sends one `error` frame instead. While the turn is quiet an SSE comment goes out every
 * {@link HEARTBEAT_MS}: a runtime notices a client that went away only when a write fails, and then
 * cancels this stream, which stops the turn and aborts the upstream request.
 */
export function chatStream(
  events: AsyncIterator<ReplyEvent>,
  head: CompletionHead,
  options: ChatStreamOptions,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let pending: Promise<IteratorResult<ReplyEvent>> | undefined;
  return new ReadableStream<Uint8Array>({
    // Each pull enqueues something (a frame or a heartbeat): a pull that enqueues nothing is not
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
          if (next === 'beat') return controller.enqueue(encoder.encode(HEARTBEAT));
          pending = undefined;
          if (next.done) throw new Error('the turn ended without a final result');
          const event = next.value;
          if (event.type === 'final') {
            frames = finalFrames(head, chatDelivery(event.result), options.includeUsage);
            done = true;
          } else if (options.progress && event.type === 'attempt') {
            frames = progressFrame(head, {
              event: 'attempt',
              attempt: event.attempt,
              stage: event.stage,
            });
          } else if (options.progress && event.type === 'progress') {
            frames = progressFrame(head, progressPayload(event));
          } else if (options.progress && event.type === 'rejected') {
            frames = progressFrame(head, {
              event: 'rejected',
              attempt: event.attempt,
              stage: event.stage,
              offset: event.offset,
              issue: event.issue,
            });
          }
        } catch (error) {
          frames = errorFrame(
            500,
            'INTERNAL',
            `unexpected failure: ${String((error as Error)?.message ?? error).slice(0, 120)}`,
          );
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

function finalFrames(head: CompletionHead, delivery: ChatDelivery, includeUsage: boolean): string {
  if (delivery.kind !== 'error') return deliveryFrames(head, delivery, includeUsage);
  return errorFrame(delivery.status, delivery.code, delivery.message, delivery.details) + DONE;
}

import { answerFailure } from './answerFailure';
import type { ModelStreamEvent } from './modelProvider';
import type { SseMessage } from './readSse';

/**
 * Reads an event stream with a wire reader. A failure once the upstream has begun its answer — a
 * message the reader took without failing, or a first one that is not an error report (content
 * before `message_start` is model output too) — is marked `answered`, so the turn reports the
 * call's usage as estimated, never 0/0. A stream whose first message is the upstream's own error
 * report (an overloaded upstream) generated nothing and is not marked.
 */
export async function* readAnswered(
  events: AsyncIterable<SseMessage>,
  read: (events: AsyncIterable<SseMessage>) => AsyncIterable<ModelStreamEvent>,
): AsyncGenerator<ModelStreamEvent, void, undefined> {
  let taken = 0;
  let first: SseMessage | undefined;
  async function* counted(): AsyncGenerator<SseMessage, void, undefined> {
    for await (const message of events) {
      first ??= message;
      yield message;
      // The reader asked for the next one: it took this one without failing.
      taken++;
    }
  }
  try {
    yield* read(counted());
  } catch (error) {
    const begun = taken > 0 || (first !== undefined && !isErrorReport(first));
    throw begun ? answerFailure(error) : error;
  }
}

/** An `error` event, or data that carries an `error` member or type (every wire's error report). */
function isErrorReport(message: SseMessage): boolean {
  return message.event === 'error' || message.data.includes('"error"');
}

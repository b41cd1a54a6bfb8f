import { EventSourceParserStream } from 'eventsource-parser/stream';
import type { Finding, Issue, ReplyMeta, ReplyStatus } from '../../src/index';

/** The Worker's verdict on a turn, carried by the last content chunk of a stream. */
export interface Verdict {
  readonly status: ReplyStatus;
  readonly issues: readonly Issue[];
  readonly findings: readonly Finding[];
  readonly meta: ReplyMeta;
}

/** What a chat completion answer tells the demo, in the order it happens. */
export type CompletionEvent =
  /** A model call starts (`progress: true` frames). */
  | { readonly type: 'attempt'; readonly attempt: number; readonly stage: string }
  /** An answer was provably invalid at `offset` and cut off there; the rest was never generated. */
  | {
      readonly type: 'rejected';
      readonly attempt: number;
      readonly stage: string;
      readonly offset: number;
      readonly issue: Pick<Issue, 'code' | 'path' | 'message'>;
    }
  /**
   * The reply read so far, safe to show (masked, markup withheld, undecided text held back):
   * provisional, replaced by the next one, voided by `rejected`, superseded by `final`.
   */
  | { readonly type: 'progress'; readonly attempt: number; readonly value: unknown }
  /** Validated reply text: content is sent only after the reply passed. */
  | { readonly type: 'content'; readonly text: string }
  /** The end: the whole content and the verdict. */
  | { readonly type: 'final'; readonly content: string; readonly verdict: Verdict };

/** A failed request or a broken stream, with what the server or the stream said. */
export class CompletionError extends Error {
  override readonly name = 'CompletionError';
}

/**
 * Reads a `POST /v1/chat/completions` answer of the replyguard Worker: an OpenAI
 * `chat.completion.chunk` event stream (`stream: true`; with `replyguard: { progress: true }` it
 * also carries attempt, early-reject and reply-so-far frames), or a whole JSON completion. Yields the events in
 * order and ends with exactly one `final`; throws {@link CompletionError} for an error answer, an
 * `error` frame, a malformed frame, or a stream that ends before `data: [DONE]`.
 */
export async function* readCompletion(response: Response): AsyncGenerator<CompletionEvent> {
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.startsWith('text/event-stream')) {
    const body = (await response.json().catch(() => undefined)) as
      Record<string, unknown> | undefined;
    const message = record(body?.error)?.message;
    if (!response.ok || !body)
      throw new CompletionError(typeof message === 'string' ? message : `HTTP ${response.status}`);
    const content = record(record(array(body.choices)?.[0])?.message)?.content;
    if (typeof content !== 'string') throw new CompletionError('the answer has no message content');
    yield { type: 'final', content, verdict: verdictOf(body.replyguard) };
    return;
  }
  if (!response.body) throw new CompletionError('the event stream has no body');
  const reader = response.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream({ onError: 'terminate' }))
    .getReader();
  let content = '';
  let verdict: Verdict | undefined;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) throw new CompletionError('the stream ended before [DONE]');
      if (value.data === '[DONE]') break;
      const frame = parse(value.data);
      if (frame.error !== undefined)
        throw new CompletionError(
          stringOr(record(frame.error)?.message, 'the stream reported an error'),
        );
      const progress = record(frame.replyguard);
      if (progress && typeof progress.event === 'string') {
        yield progressEvent(progress);
        continue;
      }
      const delta = record(record(array(frame.choices)?.[0])?.delta)?.content;
      if (typeof delta === 'string' && delta !== '') {
        content += delta;
        yield { type: 'content', text: delta };
      }
      if (progress) verdict = verdictOf(progress);
    }
  } catch (error) {
    throw error instanceof CompletionError
      ? error
      : new CompletionError(`the stream broke: ${String((error as Error)?.message ?? error)}`);
  } finally {
    // Whatever ended the loop, let go of the connection.
    reader.cancel().catch(() => undefined);
  }
  if (!verdict) throw new CompletionError('the stream ended without a verdict');
  yield { type: 'final', content, verdict };
}

function parse(data: string): Record<string, unknown> {
  let frame: unknown;
  try {
    frame = JSON.parse(data);
  } catch {
    throw new CompletionError(`a frame is not JSON: ${data.slice(0, 40)}`);
  }
  const object = record(frame);
  if (!object) throw new CompletionError('a frame is not a JSON object');
  return object;
}

function progressEvent(progress: Record<string, unknown>): CompletionEvent {
  const { event, attempt, stage, offset } = progress;
  if (event === 'progress' && typeof attempt === 'number' && 'value' in progress)
    return { type: 'progress', attempt, value: progress.value };
  if (typeof attempt !== 'number' || typeof stage !== 'string')
    throw new CompletionError(`a ${String(event)} frame lacks its attempt or stage`);
  if (event === 'attempt') return { type: 'attempt', attempt, stage };
  const issue = record(progress.issue);
  if (
    event === 'rejected' &&
    typeof offset === 'number' &&
    issue &&
    typeof issue.code === 'string' &&
    typeof issue.path === 'string' &&
    typeof issue.message === 'string'
  ) {
    return {
      type: 'rejected',
      attempt,
      stage,
      offset,
      issue: { code: issue.code as Issue['code'], path: issue.path, message: issue.message },
    };
  }
  throw new CompletionError(`an unreadable progress frame (${String(event)})`);
}

function verdictOf(value: unknown): Verdict {
  const verdict = record(value);
  const meta = record(verdict?.meta);
  if (
    !verdict ||
    typeof verdict.status !== 'string' ||
    !array(verdict.issues) ||
    !array(verdict.findings) ||
    !meta ||
    typeof meta.attempts !== 'number'
  ) {
    throw new CompletionError('the answer carries no replyguard verdict');
  }
  return verdict as unknown as Verdict;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function array(value: unknown): unknown[] | undefined {
  return Array.isArray(value) ? value : undefined;
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

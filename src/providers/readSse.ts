import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { quoteSource } from '../leaks/quoteSource';
import { ProviderError } from './providerError';

/** One server-sent event: its `event` name (absent for the default) and its `data` text. */
export type SseMessage = EventSourceMessage;

/** How a stream is read: the caller's signal and the longest silence allowed. */
export interface SseReadOptions {
  readonly signal: AbortSignal;
  /** Milliseconds without a byte from the upstream before the stream counts as stalled. */
  readonly stallTimeoutMs: number;
}

// One event's data larger than this is not a model delta; refuse it rather than buffer without end.
const MAX_EVENT_CHARS = 8 * 1024 * 1024;

/**
 * Reads a response body as server-sent events (the framing is `eventsource-parser`'s; this is
 * the only place that frames SSE). A silence past `stallTimeoutMs`, a broken body or an event
 * past 8 MiB throws a ProviderError; an aborted signal throws its reason. Stopping the iteration
 * cancels the body.
 */
export async function* readSse(
  body: ReadableStream<Uint8Array>,
  options: SseReadOptions,
): AsyncGenerator<SseMessage, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const events: SseMessage[] = [];
  let overflow = false;
  const parser = createParser({
    onEvent: (event) => events.push(event),
    // Unknown fields and bad `retry` values are ignored, as the SSE standard says; only the bound fails.
    onError: (error) => {
      if (error.type === 'max-buffer-size-exceeded') overflow = true;
    },
    maxBufferSize: MAX_EVENT_CHARS,
  });
  try {
    for (;;) {
      const chunk = await within(reader.read(), options, 'the stream');
      if (chunk.done) {
        parser.feed(decoder.decode());
        yield* events.splice(0);
        return;
      }
      parser.feed(decoder.decode(chunk.value, { stream: true }));
      if (overflow)
        throw new ProviderError(
          `the stream sent an event of more than ${MAX_EVENT_CHARS} characters`,
        );
      yield* events.splice(0);
    }
  } catch (error) {
    throw streamFailure(error, options.signal, 'the stream broke');
  } finally {
    reader.cancel().catch(ignore);
  }
}

/**
 * The JSON of one event's data. Data that is not JSON, an `error` event or a JSON body with an
 * `error` member (how OpenAI-compatible servers, Anthropic and Gemini report a failure mid-stream)
 * throws a ProviderError quoting it (see {@link quote}). With `typedErrors` (the Responses API), a
 * body whose `type` is `error` is one too, its own `message` first.
 */
export function sseJson(
  message: SseMessage,
  options: { readonly typedErrors?: boolean } = {},
): unknown {
  let value: unknown;
  try {
    value = JSON.parse(message.data);
  } catch {
    if (message.event === 'error')
      throw new ProviderError(`the stream sent an error: ${quote(message.data)}`);
    throw new ProviderError(`the stream sent a frame that is not JSON: ${quote(message.data)}`);
  }
  const body = typeof value === 'object' && value !== null ? (value as Body) : undefined;
  const error = body?.error;
  if (options.typedErrors && (body?.type === 'error' || message.event === 'error')) {
    const text = messageOf(body) ?? messageOf(error) ?? 'no message';
    throw new ProviderError(`the stream sent an error: ${quote(text)}`);
  }
  if (message.event === 'error' || (error !== undefined && error !== null)) {
    const text = messageOf(error) ?? JSON.stringify(error ?? value);
    throw new ProviderError(`the stream sent an error: ${quote(text)}`);
  }
  return value;
}

interface Body {
  readonly type?: unknown;
  readonly message?: unknown;
  readonly error?: unknown;
}

function messageOf(value: unknown): string | undefined {
  const text = typeof value === 'object' && value !== null ? (value as Body).message : undefined;
  return typeof text === 'string' ? text : undefined;
}

/**
 * Waits for a promise no longer than `stallTimeoutMs` (then a ProviderError) and no longer than
 * the signal allows (then its reason). The promise is not cancelled; its late failure is ignored.
 */
export function within<T>(promise: Promise<T>, options: SseReadOptions, what: string): Promise<T> {
  promise.catch(ignore);
  if (options.signal.aborted) return Promise.reject(abortReason(options.signal));
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new ProviderError(`${what} stalled: nothing arrived for ${options.stallTimeoutMs} ms`),
        ),
      options.stallTimeoutMs,
    );
    onAbort = () => reject(abortReason(options.signal));
    options.signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([promise, limit]).finally(() => {
    clearTimeout(timer);
    if (onAbort) options.signal.removeEventListener('abort', onAbort);
  });
}

/** The error to throw for a failure while streaming: the abort reason, a ProviderError as is, else a ProviderError. */
export function streamFailure(error: unknown, signal: AbortSignal, what: string): unknown {
  if (signal.aborted) return abortReason(signal);
  if (error instanceof ProviderError) return error;
  return new ProviderError(
    `${what}: ${quote(String((error as Error | undefined)?.message ?? error))}`,
  );
}

/** The signal's reason, or a standard AbortError when it has none. */
function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/**
 * An upstream's text for an error message, bounded but not yet shortened: the provider's boundary
 * (lazyProvider.ts) masks the message, the provider's own key included, then shortens it
 * (`quoteOutbound`). Shortened here, a secret cut by the limit would no longer be recognised.
 */
export function quote(text: string): string {
  return quoteSource(text);
}

function ignore(): void {}

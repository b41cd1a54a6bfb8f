import { ProviderError } from './providerError';
import { quote, readSse, type SseMessage, streamFailure, within } from './readSse';
import { DEFAULT_STALL_TIMEOUT_MS } from './streamOptions';

/**
 * POSTs a JSON body and reads the answer as server-sent events. A non-2xx status throws a
 * ProviderError with the status and the body (see `quote`); a JSON answer where an
 * event stream was asked for, a stall, a broken body too. Stopping the iteration, an error or the
 * caller's signal aborts the request, so the upstream sees its connection close.
 */
export async function* postSse(
  fetcher: typeof fetch,
  url: string,
  headers: Record<string, string>,
  body: unknown,
  options: { readonly signal: AbortSignal; readonly stallTimeoutMs?: number },
): AsyncGenerator<SseMessage, void, undefined> {
  const read = {
    signal: options.signal,
    stallTimeoutMs: options.stallTimeoutMs ?? DEFAULT_STALL_TIMEOUT_MS,
  };
  // An own controller, so that ending the iteration early can abort the request too.
  const controller = new AbortController();
  const onAbort = () => controller.abort(options.signal.reason);
  options.signal.addEventListener('abort', onAbort, { once: true });
  try {
    if (options.signal.aborted) onAbort();
    let response: Response;
    try {
      const request = fetcher(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
        body: JSON.stringify(body),
        signal: controller.signal,
      });
      response = await within(request, read, 'the request');
    } catch (error) {
      throw streamFailure(error, options.signal, 'the request failed');
    }
    if (!response.ok || (response.headers.get('content-type') ?? '').includes('application/json')) {
      let text: string;
      try {
        text = await within(response.text(), read, 'the error body');
      } catch (error) {
        throw streamFailure(error, options.signal, 'the error body broke');
      }
      if (!response.ok)
        throw new ProviderError(
          `upstream answered ${response.status}: ${quote(text)}`,
          response.status,
        );
      throw new ProviderError(
        `upstream answered JSON where an event stream was asked for: ${quote(text)}`,
        response.status,
      );
    }
    if (response.body === null)
      throw new ProviderError(`upstream answered ${response.status} with no body`, response.status);
    yield* readSse(response.body, read);
  } finally {
    options.signal.removeEventListener('abort', onAbort);
    controller.abort();
  }
}

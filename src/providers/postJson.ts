import { quoteSource } from '../leaks/quoteSource';
import { ProviderError } from './providerError';

/**
 * POSTs a JSON body and returns the parsed JSON answer. A non-2xx status, a body that is not
 * JSON or a body cut short throws a ProviderError quoting the body, bounded but not shortened: the
 * provider's boundary masks the message, then shortens it (lazyProvider.ts).
 */
export async function postJson(
  fetcher: typeof fetch,
  url: string,
  headers: Record<string, string>,
  body: unknown,
  signal: AbortSignal,
): Promise<unknown> {
  const response = await fetcher(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify(body),
    signal,
  });
  const text = await response.text();
  if (!response.ok)
    throw new ProviderError(
      `upstream answered ${response.status}: ${quoteSource(text)}`,
      response.status,
    );
  try {
    return JSON.parse(text);
  } catch {
    throw new ProviderError(
      `upstream answered ${response.status} with a body that is not JSON (${text.length} characters)`,
      response.status,
    );
  }
}

/** Reads `value[key]` of an unknown JSON value. */
export function field(value: unknown, key: string | number): unknown {
  return typeof value === 'object' && value !== null
    ? (value as Record<string | number, unknown>)[key]
    : undefined;
}

/** A string, or the fallback (never the stringified form of another value). */
export function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

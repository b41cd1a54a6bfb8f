import type { Usage } from '../results/replyResult';
import { ProviderError } from './providerError';

/**
 * A failure after the upstream had begun its answer, marked so (`answered`, with the usage it
 * reported, if any): the turn then counts the call's usage instead of none. Only a ProviderError
 * is marked (a copy, its message and status kept); anything else (an abort's reason) is returned
 * as it is.
 */
export function answerFailure(error: unknown, usage?: Usage): unknown {
  // A subclass (the AI SDK adapter's error) marks itself: a copy would lose what it adds.
  if (!(error instanceof ProviderError) || error.constructor !== ProviderError) return error;
  const marked = new ProviderError(error.message, error.status, {
    answered: true,
    usage: usage ?? error.usage,
  });
  marked.cause = error.cause;
  return marked;
}

import type { ChunkType } from '@mastra/core/stream';
import { quotedCopy } from '../leaks/quotedCopy';
import { quoteOutbound, type QuoteOptions } from './core';

/** The longest error message a masked error keeps (`…` aside), as the AI SDK adapter's. */
export const MESSAGE_MAX = 300;
/** The longest other text of an error (its stack, a response body), `…` aside. */
export const TEXT_MAX = 4000;

/**
 * An `error` or `tool-error` part with its error masked, in a copy of the part: everything else
 * of the part is as Mastra made it, so the run still ends as an error. Any other part as it is.
 */
export function maskedErrorPart(part: ChunkType, leaks: QuoteOptions['leaks']): ChunkType {
  if (part.type !== 'error' && part.type !== 'tool-error') return part;
  const error = quotedCopy(part.payload.error, (text, field) =>
    quoteOutbound(text, { leaks, max: field === 'message' ? MESSAGE_MAX : TEXT_MAX }),
  );
  return { ...part, payload: { ...part.payload, error } } as ChunkType;
}

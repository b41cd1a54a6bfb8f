import type { ChunkType } from '@mastra/core/stream';
import { quotedCopy } from '../leaks/quotedCopy';
import { quoteOutbound, type QuoteOptions } from './core';

/**
 * An `error` or `tool-error` part with its error masked, in a copy of the part: everything else
 * of the part is as Mastra made it, so the run still ends as an error. Any other part as it is.
 */
export function maskedErrorPart(part: ChunkType, leaks: QuoteOptions['leaks']): ChunkType {
  if (part.type !== 'error' && part.type !== 'tool-error') return part;
  const error = quotedCopy(part.payload.error, (text, max) => quoteOutbound(text, { leaks, max }));
  return { ...part, payload: { ...part.payload, error } } as ChunkType;
}

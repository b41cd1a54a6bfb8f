import type { ChunkType } from '@mastra/core/stream';
import { leakQuoters, quotedCopy, quotedData } from '../leaks/quotedCopy';
import { maskLeaks, quoteOutbound, type LeakOptions } from './core';

/**
 * A part with what it quotes of a model or a tool masked, in a copy of the part (everything else
 * as Mastra made it): an `error`'s or a `tool-error`'s error (its class kept, so the run still
 * ends as an error) and a tool's arguments, and a `tool-result`'s result and arguments. Mastra
 * wrote the tool's result into the conversation before it hands the part on, and the tool ran
 * already: the copy is what the host sees (the stream, `toolResults`, `steps[].toolResults`);
 * the model, the memory, a step's `content` and `response.messages` keep the result as it was
 * (Mastra builds those from its conversation). A result a provider's own tool sent in the
 * model's stream is not copied: Mastra keeps that part as the conversation's result. Any other
 * part as it is.
 */
export function maskedPart(part: ChunkType, leaks: LeakOptions | undefined): ChunkType {
  const { quote, mask } = leakQuoters({ quoteOutbound, maskLeaks }, leaks);
  if (part.type === 'error')
    return { ...part, payload: { ...part.payload, error: quotedCopy(part.payload.error, quote) } };
  if (part.type === 'tool-error') {
    const { error, args } = part.payload;
    return {
      ...part,
      payload: {
        ...part.payload,
        error: quotedCopy(error, quote),
        args: quotedData(args, mask, quote),
      },
    } as ChunkType;
  }
  if (part.type !== 'tool-result' || part.payload.providerExecuted === true) return part;
  const { result, args } = part.payload;
  return {
    ...part,
    payload: {
      ...part.payload,
      result: quotedData(result, mask, quote),
      args: quotedData(args, mask, quote),
    },
  };
}

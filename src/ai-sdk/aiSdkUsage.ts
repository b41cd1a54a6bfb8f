import type { LanguageModelV3Usage } from '@ai-sdk/provider';
import type { Usage } from '../results/replyResult';

/** The core's usage of an AI SDK usage; `undefined` when the model reported no token counts. */
export function fromAiSdkUsage(usage: LanguageModelV3Usage | undefined): Usage | undefined {
  const input = usage?.inputTokens.total;
  const output = usage?.outputTokens.total;
  if (input === undefined && output === undefined) return undefined;
  return { inputTokens: input ?? 0, outputTokens: output ?? 0 };
}

/** An AI SDK usage of the core's (summed over a turn's attempts, so no per-kind breakdown). */
export function toAiSdkUsage(usage: Usage): LanguageModelV3Usage {
  return {
    inputTokens: {
      total: usage.inputTokens,
      noCache: undefined,
      cacheRead: undefined,
      cacheWrite: undefined,
    },
    outputTokens: { total: usage.outputTokens, text: undefined, reasoning: undefined },
  };
}

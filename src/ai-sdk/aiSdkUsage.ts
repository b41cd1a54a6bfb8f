import type { Usage } from '../results/replyResult';
import type { AiSdkUsage } from './languageModel';

/**
 * The core's usage of an AI SDK usage (v3 and v4 share its shape); `undefined` when the model
 * reported no token counts. Reasoning tokens are part of the output and also kept apart. A usage
 * of another shape (a v2 model's flat counts, a proxy's own fields) reads as no counts.
 */
export function fromAiSdkUsage(usage: unknown): Usage | undefined {
  if (typeof usage !== 'object' || usage === null) return undefined;
  const { inputTokens, outputTokens } = usage as { readonly [key: string]: unknown };
  const input = count(inputTokens, 'total');
  const output = count(outputTokens, 'total');
  if (input === undefined && output === undefined) return undefined;
  const reasoning = count(outputTokens, 'reasoning');
  return {
    inputTokens: input ?? 0,
    outputTokens: output ?? 0,
    ...(reasoning === undefined ? {} : { reasoningTokens: reasoning }),
  };
}

/** An AI SDK usage of the core's (summed over a turn's attempts, so no cache breakdown). */
export function toAiSdkUsage(usage: Usage): AiSdkUsage {
  return {
    inputTokens: {
      total: usage.inputTokens,
      noCache: undefined,
      cacheRead: undefined,
      cacheWrite: undefined,
    },
    outputTokens: { total: usage.outputTokens, text: undefined, reasoning: usage.reasoningTokens },
  };
}

// A count that is a finite, non-negative number; anything else is no count.
function count(group: unknown, key: 'total' | 'reasoning'): number | undefined {
  if (typeof group !== 'object' || group === null) return undefined;
  const value = (group as { readonly [key: string]: unknown })[key];
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

import type { Usage } from '../results/replyResult';
import { field } from './postJson';
import { tokenCount } from './tokenCount';

/**
 * Reads Gemini `usageMetadata`, or undefined when it is not an object or holds no count (a
 * streamed chunk may carry only `trafficType`). `inputTokens` is `promptTokenCount` (cached
 * tokens are part of it) plus `toolUsePromptTokenCount`; `outputTokens` is everything billed as
 * output: `candidatesTokenCount` plus `thoughtsTokenCount`, which is also `reasoningTokens`.
 */
export function readGeminiUsage(usage: unknown): Usage | undefined {
  if (typeof usage !== 'object' || usage === null || Array.isArray(usage)) return undefined;
  const prompt = tokenCount(field(usage, 'promptTokenCount'));
  const toolPrompt = tokenCount(field(usage, 'toolUsePromptTokenCount'));
  const candidates = tokenCount(field(usage, 'candidatesTokenCount'));
  const thoughts = tokenCount(field(usage, 'thoughtsTokenCount'));
  if ([prompt, toolPrompt, candidates, thoughts].every((count) => count === undefined))
    return undefined;
  return {
    inputTokens: (prompt ?? 0) + (toolPrompt ?? 0),
    outputTokens: (candidates ?? 0) + (thoughts ?? 0),
    ...(thoughts !== undefined ? { reasoningTokens: thoughts } : {}),
  };
}

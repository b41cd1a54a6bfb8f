import type { Usage } from '../results/replyResult';
import { field } from './postJson';
import { tokenCount } from './tokenCount';

/**
 * Reads an OpenAI-compatible `usage` block, or undefined when there is none (or it is not an
 * object). `inputTokens` is `prompt_tokens` (cached tokens are part of it); `outputTokens` is
 * everything billed as output: `completion_tokens`, which includes
 * `completion_tokens_details.reasoning_tokens` on OpenAI, DeepSeek and OpenRouter. xAI reports
 * reasoning apart from `completion_tokens` (its `total_tokens` is prompt + completion +
 * reasoning): when the total says so, or the reasoning count exceeds the completion count, the
 * reasoning is added to `outputTokens`. `reasoningTokens` is set when the provider reported it.
 * A count that is not a non-negative number reads as 0, unknown fields are ignored, and a block
 * where neither `prompt_tokens` nor `completion_tokens` can be read is undefined.
 */
export function readOpenAiUsage(usage: unknown): Usage | undefined {
  if (typeof usage !== 'object' || usage === null || Array.isArray(usage)) return undefined;
  const prompt = tokenCount(field(usage, 'prompt_tokens'));
  const completed = tokenCount(field(usage, 'completion_tokens'));
  // A block with neither count readable is no report: the caller estimates instead of saying 0.
  if (prompt === undefined && completed === undefined) return undefined;
  const input = prompt ?? 0;
  const completion = completed ?? 0;
  const reasoning =
    tokenCount(field(field(usage, 'completion_tokens_details'), 'reasoning_tokens')) ??
    tokenCount(field(usage, 'reasoning_tokens'));
  const total = tokenCount(field(usage, 'total_tokens'));
  const apart =
    reasoning !== undefined &&
    reasoning > 0 &&
    (reasoning > completion || total === input + completion + reasoning);
  return {
    inputTokens: input,
    outputTokens: apart ? completion + reasoning : completion,
    ...(reasoning !== undefined ? { reasoningTokens: reasoning } : {}),
  };
}

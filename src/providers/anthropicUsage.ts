import type { Usage } from '../results/replyResult';
import { field } from './postJson';
import { tokenCount } from './tokenCount';

/**
 * Reads an Anthropic `usage` block, or undefined when it is not an object. `inputTokens` is every
 * input token processed: `input_tokens` plus `cache_creation_input_tokens` and
 * `cache_read_input_tokens` (Anthropic counts them apart); `outputTokens` is `output_tokens`,
 * extended thinking included (Anthropic does not report thinking apart, so there is no
 * `reasoningTokens`). `previous` fills what a streamed `message_delta` leaves out; a block with no
 * readable count is `previous` (undefined for a whole answer).
 */
export function readAnthropicUsage(usage: unknown, previous?: Usage): Usage | undefined {
  if (typeof usage !== 'object' || usage === null || Array.isArray(usage)) return previous;
  const parts = ['input_tokens', 'cache_creation_input_tokens', 'cache_read_input_tokens'].map(
    (key) => tokenCount(field(usage, key)),
  );
  const output = tokenCount(field(usage, 'output_tokens'));
  // Nothing readable in it is no report: keep what came before (or none, so the caller estimates).
  if (output === undefined && parts.every((part) => part === undefined)) return previous;
  return {
    inputTokens: parts.every((part) => part === undefined)
      ? (previous?.inputTokens ?? 0)
      : parts.reduce<number>((sum, part) => sum + (part ?? 0), 0),
    outputTokens: output ?? previous?.outputTokens ?? 0,
  };
}

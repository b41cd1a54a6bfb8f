import type { ToolCall, Usage } from '../results/replyResult';
import type { FinishReason, ModelAnswer } from './modelProvider';
import { quoteSource } from '../leaks/quoteSource';
import { ProviderError } from './providerError';
import { field, stringOr } from './postJson';
import { tokenCount } from './tokenCount';

/**
 * Reads a whole `response` object: the `output_text` parts of its `message` items (never a
 * reasoning item's summary), `refusal` parts apart, `function_call` items as tool calls, why it
 * ended, and the usage. A failed response is a ProviderError.
 */
export function readResponsesAnswer(answer: unknown): ModelAnswer {
  const error = field(answer, 'error');
  const status = field(answer, 'status');
  if (
    (typeof error === 'object' && error !== null) ||
    status === 'failed' ||
    status === 'cancelled'
  )
    throw new ProviderError(
      `the upstream response ${stringOr(status, 'failed')}: ${quoteSource(stringOr(field(error, 'message'), 'no message'))}`,
    );
  const output = field(answer, 'output');
  if (!Array.isArray(output)) throw new ProviderError('upstream answer has no output array');
  let text: string | undefined;
  let refusal: string | undefined;
  const toolCalls: ToolCall[] = [];
  for (const item of output) {
    const type = field(item, 'type');
    if (type === 'function_call') toolCalls.push(responsesCall(item));
    if (type !== 'message') continue;
    const content = field(item, 'content');
    for (const part of Array.isArray(content) ? content : []) {
      const kind = field(part, 'type');
      if (kind === 'output_text') text = (text ?? '') + stringOr(field(part, 'text'), '');
      else if (kind === 'refusal') refusal = (refusal ?? '') + stringOr(field(part, 'refusal'), '');
    }
  }
  const reason = responsesFinish(answer, toolCalls.length > 0, refusal !== undefined);
  return {
    ...(text !== undefined ? { text } : {}),
    ...(refusal !== undefined ? { refusal } : {}),
    ...(toolCalls.length > 0 ? { toolCalls } : {}),
    ...usageOf(field(answer, 'usage')),
    finishReason: reason,
  };
}

/** A `function_call` item as a tool call: its `call_id` is the id a result answers. */
export function responsesCall(item: unknown): ToolCall {
  const args = field(item, 'arguments');
  return {
    id: stringOr(field(item, 'call_id'), stringOr(field(item, 'id'), '')),
    name: stringOr(field(item, 'name'), ''),
    arguments: typeof args === 'string' && args !== '' ? args : '{}',
  };
}

/** Why a response ended: `incomplete_details.reason` says what cut an incomplete one. */
export function responsesFinish(
  response: unknown,
  calledTools: boolean,
  refused: boolean,
): FinishReason {
  if (field(response, 'status') === 'incomplete') {
    const reason = field(field(response, 'incomplete_details'), 'reason');
    if (reason === 'max_output_tokens') return 'length';
    if (reason === 'content_filter') return 'content_filter';
    return 'other';
  }
  if (calledTools) return 'tool_calls';
  return refused ? 'refusal' : 'stop';
}

/**
 * The Responses usage, or undefined when neither `input_tokens` nor `output_tokens` can be read
 * (so the caller estimates instead of reporting 0). Reasoning tokens are part of `output_tokens`
 * and reported apart too. A count that is not a non-negative number reads as 0.
 */
export function responsesUsage(usage: unknown): Usage | undefined {
  const input = tokenCount(field(usage, 'input_tokens'));
  const output = tokenCount(field(usage, 'output_tokens'));
  // A block with neither count readable is no report.
  if (input === undefined && output === undefined) return undefined;
  const reasoning = tokenCount(field(field(usage, 'output_tokens_details'), 'reasoning_tokens'));
  return {
    inputTokens: input ?? 0,
    outputTokens: output ?? 0,
    ...(reasoning !== undefined ? { reasoningTokens: reasoning } : {}),
  };
}

function usageOf(block: unknown): { usage?: Usage } {
  const usage = responsesUsage(block);
  return usage ? { usage } : {};
}

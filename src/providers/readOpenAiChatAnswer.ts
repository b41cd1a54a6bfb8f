import type { ToolCall } from '../results/replyResult';
import { CONTENT_PARTS, readContentParts } from './contentParts';
import { unknownPartsFailure } from './unknownPartsFailure';
import type { ModelAnswer } from './modelProvider';
import { ProviderError } from './providerError';
import { openAiFinishReason } from './openAiFinishReason';
import { argumentsText } from './openAiChatStream';
import { readOpenAiUsage } from './openAiUsage';
import { field, stringOr } from './postJson';

/**
 * Reads the final answer: message content (a string or parts; never `reasoning_content`,
 * `reasoning` or thinking parts), the refusal, the finish reason, tool calls and usage. An answer
 * made only of parts of unknown types, or a tool call without a name, throws a ProviderError.
 */
export function readOpenAiChatAnswer(answer: unknown): ModelAnswer {
  const choice = field(field(answer, 'choices'), 0);
  const message = field(choice, 'message');
  if (message === undefined) throw new ProviderError('upstream answer has no choices[0].message');
  const content = readContentParts(field(message, 'content'), 'message.content');
  const refusalField = field(message, 'refusal');
  const refusal =
    typeof refusalField === 'string' && refusalField !== ''
      ? refusalField
      : content.refusal !== undefined && content.refusal !== ''
        ? content.refusal
        : undefined;
  const toolCalls = readToolCalls(field(message, 'tool_calls'));
  const empty = content.text === undefined && refusal === undefined && toolCalls.length === 0;
  if (empty && content.unknown.length > 0)
    throw unknownPartsFailure(content.unknown, 'message.content', CONTENT_PARTS);
  const rawReason = field(choice, 'finish_reason');
  const finishReason = openAiFinishReason(rawReason);
  const usage = readOpenAiUsage(field(answer, 'usage'));
  return {
    ...(content.text !== undefined ? { text: content.text } : {}),
    ...(refusal !== undefined ? { refusal } : {}),
    ...(toolCalls.length > 0 ? { toolCalls } : {}),
    ...(finishReason ? { finishReason, rawFinishReason: rawReason as string } : {}),
    ...(usage ? { usage } : {}),
  };
}

function readToolCalls(calls: unknown): ToolCall[] {
  if (!Array.isArray(calls)) return [];
  return calls.map((call: unknown) => {
    const fn = field(call, 'function');
    const name = stringOr(field(fn, 'name'), '');
    if (name === '') throw new ProviderError('upstream answer has a tool call without a name');
    return {
      id: stringOr(field(call, 'id'), ''),
      name,
      arguments: argumentsText(field(fn, 'arguments')),
    };
  });
}

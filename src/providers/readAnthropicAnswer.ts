import type { ToolCall } from '../results/replyResult';
import { anthropicFinishReason } from './anthropicFinishReason';
import { readAnthropicUsage } from './anthropicUsage';
import type { ModelAnswer } from './modelProvider';
import { ProviderError } from './providerError';
import { field, stringOr } from './postJson';

/**
 * Reads the final answer: the input of the reply tool (else the text blocks), the business
 * `tool_use` blocks as tool calls, the stop reason and the usage.
 */
export function readAnthropicAnswer(answer: unknown, toolName: string | undefined): ModelAnswer {
  const content = field(answer, 'content');
  if (!Array.isArray(content)) throw new ProviderError('upstream answer has no content array');
  const usage = readAnthropicUsage(field(answer, 'usage'));
  const raw = field(answer, 'stop_reason');
  const finishReason = anthropicFinishReason(raw);
  const rest = {
    ...(finishReason ? { finishReason, rawFinishReason: raw as string } : {}),
    ...(usage ? { usage } : {}),
  };
  const uses = content.filter((block: unknown) => field(block, 'type') === 'tool_use');
  const toolCalls: ToolCall[] = uses
    .filter((block: unknown) => toolName === undefined || field(block, 'name') !== toolName)
    .map((block: unknown) => {
      const name = stringOr(field(block, 'name'), '');
      if (name === '')
        throw new ProviderError('upstream answer has a tool_use block without a name');
      return {
        id: stringOr(field(block, 'id'), ''),
        name,
        arguments: JSON.stringify(field(block, 'input') ?? {}),
      };
    });
  const calls = toolCalls.length > 0 ? { toolCalls } : {};
  const reply: unknown =
    toolName === undefined
      ? undefined
      : uses.find((block: unknown) => field(block, 'name') === toolName);
  if (reply !== undefined) return { object: field(reply, 'input'), ...calls, ...rest };
  const texts = content
    .filter((block: unknown) => field(block, 'type') === 'text')
    .map((block: unknown) => field(block, 'text'))
    .filter((text): text is string => typeof text === 'string');
  if (texts.length === 0) return { ...calls, ...rest };
  return { text: texts.join(''), ...calls, ...rest };
}

import type { FinishReason } from './modelProvider';

/**
 * An OpenAI-compatible `finish_reason` as a {@link FinishReason}: `length` (the token limit),
 * `content_filter`, `tool_calls` (or the older `function_call`), `stop`; anything else is
 * `other`. Undefined when the choice has none.
 */
export function openAiFinishReason(raw: unknown): FinishReason | undefined {
  if (typeof raw !== 'string' || raw === '') return undefined;
  switch (raw) {
    case 'stop':
    case 'length':
    case 'content_filter':
    case 'tool_calls':
      return raw;
    case 'function_call':
      return 'tool_calls';
    default:
      return 'other';
  }
}

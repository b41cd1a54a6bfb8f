import type { FinishReason } from './modelProvider';

/**
 * An Anthropic `stop_reason` as a {@link FinishReason}: `max_tokens` and
 * `model_context_window_exceeded` are `length`, `refusal` is a refusal, `tool_use` is
 * `tool_calls`, `end_turn` and `stop_sequence` are `stop`; anything else (`pause_turn`, new
 * reasons) is `other`. Undefined when there is none yet.
 */
export function anthropicFinishReason(raw: unknown): FinishReason | undefined {
  if (typeof raw !== 'string' || raw === '') return undefined;
  switch (raw) {
    case 'end_turn':
    case 'stop_sequence':
      return 'stop';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'tool_use':
      return 'tool_calls';
    case 'refusal':
      return 'refusal';
    default:
      return 'other';
  }
}

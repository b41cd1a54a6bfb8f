import type { ToolCall, Usage } from '../../results/replyResult';
import type { HttpError } from '../http/httpError';
import type { Delivered } from '../turn/turnDelivery';
import { newId } from '../turn/newId';

/** What every event and the body of one message share. */
export interface MessageHead {
  readonly id: string;
  readonly model: string;
}

/** A fresh message id. */
export function messageHead(model: string): MessageHead {
  return { id: newId('msg'), model };
}

/**
 * A whole Messages API answer: the validated reply (or the failure notice) as one text block, or
 * the tool calls as `tool_use` blocks; `stop_reason` `end_turn` or `tool_use`; the usage; the
 * verdict as `replyguard`.
 */
export function messageObject(head: MessageHead, delivery: Delivered): Record<string, unknown> {
  return {
    id: head.id,
    type: 'message',
    role: 'assistant',
    model: head.model,
    content:
      delivery.kind === 'content'
        ? [{ type: 'text', text: delivery.content }]
        : delivery.calls.map((call) => toolUseBlock(call, toolInput(call) ?? {})),
    stop_reason: stopReason(delivery),
    stop_sequence: null,
    usage: anthropicUsage(delivery.usage),
    replyguard: delivery.verdict,
  };
}

/** A `tool_use` block. */
export function toolUseBlock(
  call: ToolCall,
  input: Record<string, unknown>,
): Record<string, unknown> {
  return { type: 'tool_use', id: call.id, name: call.name, input };
}

/** Why the message stopped: its tool calls, or the end of its turn. */
export function stopReason(delivery: Delivered): 'end_turn' | 'tool_use' {
  return delivery.kind === 'content' ? 'end_turn' : 'tool_use';
}

/**
 * The Anthropic usage: `output_tokens` includes thinking, and the part the upstream reported as
 * reasoning is also given as `output_tokens_details.thinking_tokens`.
 */
export function anthropicUsage(usage: Usage): Record<string, unknown> {
  return {
    input_tokens: usage.inputTokens,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    output_tokens: usage.outputTokens,
    ...(usage.reasoningTokens !== undefined
      ? { output_tokens_details: { thinking_tokens: usage.reasoningTokens } }
      : {}),
  };
}

/** A tool call's arguments as the object a `tool_use` block carries, or undefined when they are not one. */
export function toolInput(call: ToolCall): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(call.arguments === '' ? '{}' : call.arguments);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A delivery the Messages API cannot carry: a tool call whose arguments are not a JSON object
 * (a `tool_use` block's `input` is one). A 502: the upstream model wrote them. The model's name
 * is quoted whole: the error is masked, then shortened, as it leaves (`wireError`).
 */
export function undeliverable(delivery: Delivered): HttpError | undefined {
  if (delivery.kind !== 'tool_calls') return undefined;
  const bad = delivery.calls.find((call) => toolInput(call) === undefined);
  if (!bad) return undefined;
  return {
    status: 502,
    code: 'UPSTREAM_BAD_TOOL_CALL',
    message: `the model's arguments for the tool ${JSON.stringify(bad.name)} are not a JSON object, which a tool_use block needs`,
  };
}

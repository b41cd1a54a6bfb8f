import type { ToolCall, Usage } from '../../results/replyResult';
import type { Delivered } from '../turn/turnDelivery';
import type { ReplyguardVerdict } from '../wireTypes';
import type { ResponsesRequest } from './responsesRequest';
import { newId } from '../turn/newId';

/** What every event and the body of one response share. */
export interface ResponseHead {
  readonly id: string;
  readonly createdAt: number;
  readonly model: string;
  /** The request, whose parameters the response echoes as the API does. */
  readonly request: ResponsesRequest;
}

/** A fresh response id and timestamp. */
export function responseHead(model: string, request: ResponsesRequest): ResponseHead {
  return {
    id: newId('resp'),
    createdAt: Math.floor(Date.now() / 1000),
    model,
    request,
  };
}

/** The status of a response object and what sets it apart. */
export type ResponseState =
  | { readonly status: 'in_progress' }
  | {
      readonly status: 'completed';
      readonly output: readonly Record<string, unknown>[];
      readonly usage: Usage;
      readonly verdict: ReplyguardVerdict;
    }
  | {
      readonly status: 'failed';
      readonly error: { readonly code: string; readonly message: string };
      readonly verdict?: ReplyguardVerdict;
    };

/**
 * A `response` object, as the API answers a whole request and as its lifecycle events carry it:
 * the request's parameters echoed, nothing stored (`store: false`), the output items and their
 * joined `output_text` once completed, and the verdict as `replyguard`.
 */
export function responseObject(head: ResponseHead, state: ResponseState): Record<string, unknown> {
  const request = head.request;
  const completed = state.status === 'completed';
  return {
    id: head.id,
    object: 'response',
    created_at: head.createdAt,
    status: state.status,
    background: false,
    error: state.status === 'failed' ? state.error : null,
    incomplete_details: null,
    instructions: request.instructions ?? null,
    max_output_tokens: request.max_output_tokens ?? null,
    max_tool_calls: request.max_tool_calls ?? null,
    model: head.model,
    output: completed ? state.output : [],
    ...(completed ? { output_text: outputText(state.output) } : {}),
    parallel_tool_calls: request.parallel_tool_calls ?? true,
    previous_response_id: null,
    reasoning: request.reasoning ?? { effort: null, summary: null },
    service_tier: 'default',
    store: false,
    temperature: request.temperature ?? null,
    text: request.text ?? { format: { type: 'text' } },
    tool_choice: request.tool_choice ?? 'auto',
    tools: request.tools ?? [],
    top_p: request.top_p ?? null,
    truncation: request.truncation ?? 'disabled',
    usage: completed ? responsesUsage(state.usage) : null,
    metadata: request.metadata ?? {},
    ...(state.status !== 'in_progress' && state.verdict ? { replyguard: state.verdict } : {}),
  };
}

/** The output items of a delivery: one assistant message, or one `function_call` item a call. */
export function outputItems(delivery: Delivered): Record<string, unknown>[] {
  if (delivery.kind === 'content') return [messageItem(newId('msg'), delivery.content)];
  return delivery.calls.map((call) => functionCallItem(newId('fc'), call, 'completed'));
}

/** An assistant message item with one `output_text` part. */
export function messageItem(
  id: string,
  text: string,
  status: 'in_progress' | 'completed' = 'completed',
): Record<string, unknown> {
  return {
    id,
    type: 'message',
    status,
    role: 'assistant',
    content: status === 'completed' ? [outputTextPart(text)] : [],
  };
}

/** An `output_text` content part. */
export function outputTextPart(text: string): Record<string, unknown> {
  return { type: 'output_text', text, annotations: [], logprobs: [] };
}

/** A `function_call` item: its `call_id` is what a `function_call_output` answers. */
export function functionCallItem(
  id: string,
  call: ToolCall,
  status: 'in_progress' | 'completed',
): Record<string, unknown> {
  return {
    id,
    type: 'function_call',
    status,
    call_id: call.id,
    name: call.name,
    arguments: status === 'completed' ? call.arguments : '',
  };
}

/**
 * The Responses usage: reasoning tokens are part of `output_tokens` and reported apart in
 * `output_tokens_details.reasoning_tokens`.
 */
export function responsesUsage(usage: Usage): Record<string, unknown> {
  return {
    input_tokens: usage.inputTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: usage.outputTokens,
    output_tokens_details: { reasoning_tokens: usage.reasoningTokens ?? 0 },
    total_tokens: usage.inputTokens + usage.outputTokens,
  };
}

function outputText(output: readonly Record<string, unknown>[]): string {
  return output
    .filter((item) => item.type === 'message')
    .flatMap((item) => item.content as { type: string; text?: string }[])
    .map((part) => (part.type === 'output_text' ? (part.text ?? '') : ''))
    .join('');
}

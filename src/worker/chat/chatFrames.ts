import type { ToolCall, Usage } from '../../results/replyResult';
import { splitText } from '../../text/splitText';
import { CONTENT_CHUNK } from '../turn/contentChunk';
import type { Delivered } from '../turn/turnDelivery';
import type { ChatProgressEvent, WireToolCall } from '../wireTypes';

/** What every chunk of one completion shares. */
export interface CompletionHead {
  readonly id: string;
  readonly created: number;
  readonly model: string;
}

/** A fresh completion id and timestamp. */
export function completionHead(model: string): CompletionHead {
  return {
    id: `chatcmpl-rg-${crypto.randomUUID()}`,
    created: Math.floor(Date.now() / 1000),
    model,
  };
}

/** The non-streamed `chat.completion` for content or tool calls. */
export function completionBody(head: CompletionHead, delivery: Delivered): Record<string, unknown> {
  const message =
    delivery.kind === 'content'
      ? { role: 'assistant', content: delivery.content, refusal: null }
      : {
          role: 'assistant',
          content: null,
          refusal: null,
          tool_calls: delivery.calls.map(wireCall),
        };
  return {
    ...base(head, 'chat.completion'),
    choices: [
      {
        index: 0,
        message,
        finish_reason: delivery.kind === 'content' ? 'stop' : 'tool_calls',
        logprobs: null,
      },
    ],
    usage: chatUsage(delivery.usage),
    replyguard: delivery.verdict,
  };
}

/**
 * The `chat.completion.chunk` frames of a delivery, as SSE text: the role, the content in
 * {@link CONTENT_CHUNK}-character pieces (or one tool-call delta a call), the `replyguard` field and
 * `finish_reason` on the last one, a usage chunk with empty `choices` when asked, then `[DONE]`.
 */
export function deliveryFrames(
  head: CompletionHead,
  delivery: Delivered,
  includeUsage: boolean,
): string {
  const frames: string[] = [sse(chunk(head, { role: 'assistant', content: '' }, null))];
  if (delivery.kind === 'content') {
    const pieces = splitText(delivery.content, CONTENT_CHUNK);
    pieces.forEach((piece, index) => {
      const last = index === pieces.length - 1;
      frames.push(
        sse(
          chunk(
            head,
            { content: piece },
            last ? 'stop' : null,
            last ? { replyguard: delivery.verdict } : {},
          ),
        ),
      );
    });
  } else {
    delivery.calls.map(wireCall).forEach((call, index) => {
      frames.push(
        sse(
          chunk(
            head,
            { tool_calls: [{ index, id: call.id, type: 'function', function: call.function }] },
            null,
          ),
        ),
      );
    });
    frames.push(sse(chunk(head, {}, 'tool_calls', { replyguard: delivery.verdict })));
  }
  if (includeUsage)
    frames.push(
      sse({
        ...base(head, 'chat.completion.chunk'),
        choices: [],
        usage: chatUsage(delivery.usage),
      }),
    );
  frames.push(DONE);
  return frames.join('');
}

/** A progress frame: no choices, the turn event in the `replyguard` field. */
export function progressFrame(head: CompletionHead, event: ChatProgressEvent): string {
  return sse({ ...base(head, 'chat.completion.chunk'), choices: [], replyguard: event });
}

/**
 * An error after the stream started, in the shape OpenAI clients raise as an API error; `status` is
 * the HTTP status the same failure gets when not streamed.
 */
export function errorFrame(
  status: number,
  code: string,
  message: string,
  details: Record<string, unknown> = {},
): string {
  return sse({ error: { ...details, code, message, status, type: 'replyguard_error' } });
}

/** The end of a stream. */
export const DONE = 'data: [DONE]\n\n';

function sse(data: unknown): string {
  return `data: ${JSON.stringify(data)}\n\n`;
}

function base(head: CompletionHead, object: string) {
  return {
    id: head.id,
    object,
    created: head.created,
    model: head.model,
    system_fingerprint: null,
  };
}

function chunk(
  head: CompletionHead,
  delta: Record<string, unknown>,
  finish: string | null,
  extra: Record<string, unknown> = {},
) {
  return {
    ...base(head, 'chat.completion.chunk'),
    choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
    ...extra,
  };
}

/**
 * The chat completions usage: reasoning tokens are part of `completion_tokens` and reported apart
 * in `completion_tokens_details.reasoning_tokens` when the upstream counted them.
 */
export function chatUsage(usage: Usage): Record<string, unknown> {
  return {
    prompt_tokens: usage.inputTokens,
    completion_tokens: usage.outputTokens,
    total_tokens: usage.inputTokens + usage.outputTokens,
    ...(usage.reasoningTokens !== undefined
      ? { completion_tokens_details: { reasoning_tokens: usage.reasoningTokens } }
      : {}),
  };
}

/** A tool call as chat completions carry it. */
function wireCall(call: ToolCall): WireToolCall {
  return {
    id: call.id,
    type: 'function',
    function: { name: call.name, arguments: call.arguments },
  };
}

import type { Usage } from '../../results/replyResult';
import type { ChatProgressEvent } from '../wireTypes';
import type { ChatDelivery } from './chatDelivery';

/** What every chunk of one completion shares. */
export interface CompletionHead {
  readonly id: string;
  readonly created: number;
  readonly model: string;
}

/** Characters of content per chunk: the validated reply is released in pieces of this size. */
export const CONTENT_CHUNK = 128;

/** A fresh completion id and timestamp. */
export function completionHead(model: string): CompletionHead {
  return {
    id: `chatcmpl-rg-${crypto.randomUUID()}`,
    created: Math.floor(Date.now() / 1000),
    model,
  };
}

/** The non-streamed `chat.completion` for content or tool calls. */
export function completionBody(
  head: CompletionHead,
  delivery: Exclude<ChatDelivery, { kind: 'error' }>,
): Record<string, unknown> {
  const message =
    delivery.kind === 'content'
      ? { role: 'assistant', content: delivery.content, refusal: null }
      : { role: 'assistant', content: null, refusal: null, tool_calls: delivery.calls };
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
    usage: wireUsage(delivery.usage),
    replyguard: delivery.replyguard,
  };
}

/**
 * The `chat.completion.chunk` frames of a delivery, as SSE text: the role, the content in
 * {@link CONTENT_CHUNK}-character pieces (or one tool-call delta a call), the `replyguard` field and
 * `finish_reason` on the last one, a usage chunk with empty `choices` when asked, then `[DONE]`.
 */
export function deliveryFrames(
  head: CompletionHead,
  delivery: Exclude<ChatDelivery, { kind: 'error' }>,
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
            last ? { replyguard: delivery.replyguard } : {},
          ),
        ),
      );
    });
  } else {
    delivery.calls.forEach((call, index) => {
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
    frames.push(sse(chunk(head, {}, 'tool_calls', { replyguard: delivery.replyguard })));
  }
  if (includeUsage)
    frames.push(
      sse({
        ...base(head, 'chat.completion.chunk'),
        choices: [],
        usage: wireUsage(delivery.usage),
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

function wireUsage(usage: Usage) {
  return {
    prompt_tokens: usage.inputTokens,
    completion_tokens: usage.outputTokens,
    total_tokens: usage.inputTokens + usage.outputTokens,
  };
}

/** Splits text into pieces of at most `size` UTF-16 units, never inside a surrogate pair. */
export function splitText(text: string, size: number): string[] {
  if (text === '') return [''];
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    const code = text.charCodeAt(end - 1);
    if (end < text.length && end - 1 > start && code >= 0xd800 && code <= 0xdbff) end--;
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}

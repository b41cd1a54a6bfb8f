// Answer bodies shaped like each provider's documented API responses.
export const reply = { segments: [{ type: 'text', data: { text: 'Hello from the upstream' } }] };
export const replyText = JSON.stringify(reply);

export const openAiAnswer = (content: string | null, extra: Record<string, unknown> = {}) => ({
  id: 'chatcmpl-123',
  object: 'chat.completion',
  created: 1_700_000_000,
  model: 'gpt-4o-mini-2024-07-18',
  choices: [
    {
      index: 0,
      message: { role: 'assistant', content, refusal: null, ...extra },
      logprobs: null,
      finish_reason: 'stop',
    },
  ],
  usage: { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 },
});

export const anthropicAnswer = (content: unknown[]) => ({
  id: 'msg_01',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-5',
  content,
  stop_reason: 'tool_use',
  stop_sequence: null,
  usage: { input_tokens: 200, output_tokens: 40 },
});

export const geminiAnswer = (parts: unknown[]) => ({
  candidates: [{ content: { parts, role: 'model' }, finishReason: 'STOP', index: 0 }],
  usageMetadata: { promptTokenCount: 80, candidatesTokenCount: 20, totalTokenCount: 100 },
  modelVersion: 'gemini-2.5-flash',
});

// Streamed answers, framed as each provider's documented server-sent events.

/** One SSE frame (`data:` JSON, an optional `event:` name), LF or CRLF line ends. */
export const sse = (data: unknown, event?: string, eol = '\n') =>
  `${event ? `event: ${event}${eol}` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}${eol}${eol}`;

/** A text cut into pieces of `size` characters, as a model streams it. */
export const pieces = (text: string, size = 3) =>
  Array.from({ length: Math.ceil(text.length / size) }, (_, i) =>
    text.slice(i * size, i * size + size),
  );

export const openAiChunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
  sse({
    id: 'chatcmpl-123',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model: 'gpt-4o-mini-2024-07-18',
    system_fingerprint: 'fp_44709d6fcb',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    usage: null,
  });
export const openAiUsageChunk = sse({
  id: 'chatcmpl-123',
  object: 'chat.completion.chunk',
  created: 1_700_000_000,
  model: 'gpt-4o-mini-2024-07-18',
  choices: [],
  usage: { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 },
});
export const openAiDone = 'data: [DONE]\n\n';

export const anthropicEvent = (type: string, payload: Record<string, unknown> = {}) =>
  sse({ type, ...payload }, type);
export const anthropicStart = anthropicEvent('message_start', {
  message: {
    id: 'msg_01',
    type: 'message',
    role: 'assistant',
    content: [],
    model: 'claude-sonnet-4-5',
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: 200, output_tokens: 1 },
  },
});
export const anthropicBlockStart = (index: number, block: Record<string, unknown>) =>
  anthropicEvent('content_block_start', { index, content_block: block });
export const anthropicDelta = (index: number, delta: Record<string, unknown>) =>
  anthropicEvent('content_block_delta', { index, delta });
export const anthropicBlockStop = (index: number) =>
  anthropicEvent('content_block_stop', { index });
export const anthropicEnd = (stopReason = 'tool_use') => [
  anthropicEvent('message_delta', {
    delta: { stop_reason: stopReason, stop_sequence: null },
    usage: { output_tokens: 40 },
  }),
  anthropicEvent('message_stop'),
];
export const anthropicPing = anthropicEvent('ping');

// Gemini frames its events with CRLF.
export const geminiChunk = (parts: unknown[], finishReason?: string) =>
  sse(
    {
      candidates: [
        { content: { parts, role: 'model' }, ...(finishReason ? { finishReason } : {}), index: 0 },
      ],
      usageMetadata: {
        promptTokenCount: 80,
        candidatesTokenCount: finishReason ? 20 : 3,
        totalTokenCount: finishReason ? 100 : 83,
      },
      modelVersion: 'gemini-2.5-flash',
    },
    undefined,
    '\r\n',
  );

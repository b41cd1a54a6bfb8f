// Answer bodies shaped like each provider's documented API responses.
export const reply = { segments: [{ type: 'text', data: { text: 'Hello from the upstream' } }] };
export const replyText = JSON.stringify(reply);

export const openAiAnswer = (content: string | null, extra: Record<string, unknown> = {}) => ({
  id: 'chatcmpl-123',
  object: 'chat.completion',
  created: 1_700_000_000,
  model: 'gpt-4o-mini-2024-07-18',
  choices: [{ index: 0, message: { role: 'assistant', content, refusal: null, ...extra }, logprobs: null, finish_reason: 'stop' }],
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

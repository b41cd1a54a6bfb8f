import * as v from 'valibot';
import { type ChatMessage, enforceReply } from '../../../src/index';
import type { Config } from '../env';
import { json, jsonError } from '../http/jsonResponse';
import { upstreamProvider } from '../upstreamProvider';
import { badRequest, hasMediaType, readJsonBody } from './requestBody';

const ContentSchema = v.union([v.string(), v.array(v.object({ type: v.literal('text'), text: v.string() }))]);

/** The OpenAI chat completions request, as far as this endpoint reads it. */
export const ChatRequestSchema = v.object({
  model: v.optional(v.string()),
  messages: v.pipe(v.array(v.object({ role: v.picklist(['system', 'developer', 'user', 'assistant']), content: ContentSchema })), v.minLength(1)),
  stream: v.optional(v.boolean()),
  tools: v.optional(v.array(v.unknown())),
  replyguard: v.optional(v.strictObject({ mentions: v.optional(v.array(v.string())), failure_notice: v.optional(v.string()) })),
});

/**
 * `POST /v1/chat/completions`: OpenAI-compatible. The conversation goes to the upstream with the
 * segment schema; the reply is enforced (one correction) and answered as a chat completion whose
 * content is the validated segment reply, or the fixed failure notice.
 */
export async function handleChatCompletions(request: Request, config: Config, cors: Record<string, string>): Promise<Response> {
  if (!hasMediaType(request, 'application/json')) return jsonError(415, 'UNSUPPORTED_MEDIA_TYPE', 'send application/json', cors);
  const body = await readJsonBody(request, config.maxBodyBytes, cors);
  if (!body.ok) return body.response;
  const parsed = v.safeParse(ChatRequestSchema, body.value);
  if (!parsed.success) return badRequest('the request is not a chat completions request: messages must be a non-empty list of {role, content}', cors);
  const input = parsed.output;
  if (input.stream) return badRequest('stream is not supported: a reply is delivered only after it is validated', cors);
  if (input.tools && input.tools.length > 0) return badRequest('tools are not supported: this endpoint answers with final replies only', cors);

  const text = (content: v.InferOutput<typeof ContentSchema>) => (typeof content === 'string' ? content : content.map((part) => part.text).join(''));
  const system = input.messages.filter((m) => m.role === 'system' || m.role === 'developer').map((m) => text(m.content)).join('\n\n');
  const messages: ChatMessage[] = input.messages.filter((m) => m.role === 'user' || m.role === 'assistant').map((m) => ({ role: m.role as 'user' | 'assistant', content: text(m.content) }));
  if (messages.length === 0) return badRequest('the conversation has no user message', cors);

  const result = await enforceReply({
    provider: upstreamProvider(config),
    system,
    messages,
    mentions: input.replyguard?.mentions ? { allowed: input.replyguard.mentions } : undefined,
    failureNotice: input.replyguard?.failure_notice ?? config.failureNotice,
    timeoutMs: config.upstreamTimeoutMs,
    signal: request.signal,
  });
  const code = result.issues[0]?.code;
  if (result.status === 'error' && code === 'TIMEOUT') return jsonError(504, 'UPSTREAM_TIMEOUT', 'the upstream model did not answer in time', cors);
  if (result.status === 'error') return jsonError(502, 'UPSTREAM_FAILED', result.issues[0]?.message ?? 'the upstream model failed', cors);
  if (result.status === 'interrupted') return jsonError(499, 'INTERRUPTED', 'the turn ended before a final reply', cors);

  const delivered = result.status === 'completed' ? result.value : result.notice;
  return json(
    {
      id: `chatcmpl-rg-${crypto.randomUUID()}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: input.model ?? config.upstreamModel,
      choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(delivered), refusal: null }, finish_reason: 'stop', logprobs: null }],
      usage: { prompt_tokens: result.usage.inputTokens, completion_tokens: result.usage.outputTokens, total_tokens: result.usage.inputTokens + result.usage.outputTokens },
      replyguard: { status: result.status, issues: result.issues, findings: result.findings, meta: result.meta },
    },
    200,
    cors,
  );
}

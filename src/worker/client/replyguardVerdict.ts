import type { ReplyguardVerdict } from '../wireTypes';

const STATUSES = new Set(['completed', 'validation_failed', 'interrupted', 'error']);

/**
 * The Worker's verdict on an answer, typed, from whatever the client gave you: a chat completion
 * or its last chunk, a Responses `response` or its `response.completed` event, an Anthropic
 * message or its `message_delta` event, an AI SDK `providerMetadata` or `response.body`. It is
 * the `replyguard` member (or the one of `response`), checked for shape; undefined when there is
 * none, as on an upstream's own answer.
 *
 * @example
 * const completion = await openai.chat.completions.create({ model, messages });
 * const verdict = replyguardVerdict(completion); // ReplyguardVerdict | undefined
 * if (verdict?.status !== 'completed') log(verdict?.issues);
 */
export function replyguardVerdict(answer: unknown): ReplyguardVerdict | undefined {
  const own = member(answer, 'replyguard');
  if (isVerdict(own)) return own;
  const nested = member(member(answer, 'response'), 'replyguard');
  return isVerdict(nested) ? nested : undefined;
}

function member(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

function isVerdict(value: unknown): value is ReplyguardVerdict {
  const status = member(value, 'status');
  const meta = member(value, 'meta');
  return (
    typeof status === 'string' &&
    STATUSES.has(status) &&
    Array.isArray(member(value, 'issues')) &&
    Array.isArray(member(value, 'findings')) &&
    typeof member(meta, 'attempts') === 'number'
  );
}

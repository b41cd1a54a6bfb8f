import type { Issue } from '../../issues/issue';
import type { ReplyResult, Usage } from '../../results/replyResult';
import type { ChatReplyguardResult, WireToolCall } from '../wireTypes';

/** What a finished turn gives the client: content, tool calls, or an HTTP error. */
export type ChatDelivery =
  | {
      readonly kind: 'content';
      readonly content: string;
      readonly replyguard: ChatReplyguardResult;
      readonly usage: Usage;
    }
  | {
      readonly kind: 'tool_calls';
      readonly calls: readonly WireToolCall[];
      readonly replyguard: ChatReplyguardResult;
      readonly usage: Usage;
    }
  | {
      readonly kind: 'error';
      readonly status: number;
      readonly code: string;
      readonly message: string;
      readonly details: Record<string, unknown>;
    };

/**
 * Maps a turn's result to what the client gets. The content is the validated value as JSON text,
 * or the IM failure notice; a custom schema that stayed invalid is a 422 naming the schema, the
 * attempts and the issues (or, with `return_invalid`, the last value flagged `valid: false`); tool
 * calls go back unchanged; a failed upstream is a 502/504, a fault of our own a 500.
 */
export function chatDelivery(result: ReplyResult<unknown>): ChatDelivery {
  const replyguard: ChatReplyguardResult = {
    status: result.status,
    issues: result.issues,
    findings: result.findings,
    meta: result.meta,
  };
  const first: Issue | undefined = result.issues[0];
  switch (result.status) {
    case 'completed':
      return {
        kind: 'content',
        content: JSON.stringify(result.value),
        replyguard,
        usage: result.usage,
      };
    case 'interrupted':
      if (result.toolCalls && result.toolCalls.length > 0) {
        const calls = result.toolCalls.map((call) => ({
          id: call.id,
          type: 'function' as const,
          function: { name: call.name, arguments: call.arguments },
        }));
        return { kind: 'tool_calls', calls, replyguard, usage: result.usage };
      }
      if (first?.code === 'ABORTED')
        return failure(499, 'INTERRUPTED', 'the turn was aborted before a final reply');
      return failure(
        502,
        'UPSTREAM_NO_REPLY',
        first?.message ?? 'the upstream model ended without a final reply',
      );
    case 'error':
      if (first?.code === 'TIMEOUT')
        return failure(504, 'UPSTREAM_TIMEOUT', 'the upstream model did not answer in time');
      if (first?.code === 'SCHEMA_MALFORMED' || first?.code === 'SCHEMA_NOT_FOUND')
        return failure(400, first.code, first.message, { issues: result.issues });
      // A fault of replyguard's own is not the upstream's: a 500 that says so.
      if (first?.code === 'INTERNAL') return failure(500, 'INTERNAL', first.message);
      return failure(502, 'UPSTREAM_FAILED', first?.message ?? 'the upstream model failed');
    case 'validation_failed':
      if (result.notice)
        return {
          kind: 'content',
          content: JSON.stringify(result.notice),
          replyguard,
          usage: result.usage,
        };
      if (result.invalidValue !== undefined)
        return {
          kind: 'content',
          content: JSON.stringify(result.invalidValue),
          replyguard: { ...replyguard, valid: false },
          usage: result.usage,
        };
      return failure(
        422,
        'VALIDATION_FAILED',
        `no reply matched the schema "${result.meta.schemaName}" after ${result.meta.attempts} attempt(s)`,
        {
          schemaName: result.meta.schemaName,
          attempts: result.meta.attempts,
          issues: result.issues,
        },
      );
  }
}

function failure(
  status: number,
  code: string,
  message: string,
  details: Record<string, unknown> = {},
): ChatDelivery {
  return { kind: 'error', status, code, message, details };
}

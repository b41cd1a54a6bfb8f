import type { Issue } from '../../issues/issue';
import type { LeakOptions } from '../../leaks/leakOptions';
import type { ReplyResult, ToolCall, Usage } from '../../results/replyResult';
import type { HttpError } from '../http/httpError';
import type { ToolCallLeaks } from '../workerConfig';
import type { ReplyguardVerdict } from '../wireTypes';
import { checkToolCalls } from './checkToolCalls';

/** What a finished turn gives the client: content, tool calls, or an HTTP error. */
export type TurnDelivery = Delivered | DeliveryError;

/** A turn that answers: its content or its tool calls, the verdict and the usage. */
export type Delivered =
  | {
      readonly kind: 'content';
      /** The validated value (or the failure notice) as JSON text. */
      readonly content: string;
      readonly verdict: ReplyguardVerdict;
      readonly usage: Usage;
    }
  | {
      readonly kind: 'tool_calls';
      readonly calls: readonly ToolCall[];
      readonly verdict: ReplyguardVerdict;
      readonly usage: Usage;
    };

/** How what leaves the Worker is read: its leak options (its secrets as literals), its tool-call policy. */
export interface Exits {
  readonly leaks: LeakOptions;
  readonly toolCalls: ToolCallLeaks;
}

/** A turn that fails: the HTTP error it maps to, and the verdict. */
export interface DeliveryError extends HttpError {
  readonly kind: 'error';
  readonly verdict: ReplyguardVerdict;
}

/**
 * Maps a turn's result to what the client gets, whatever its API. The content is the validated
 * value as JSON text, or the IM failure notice; a custom schema that stayed invalid is a 422
 * naming the schema, the attempts and the issues (or, with `return_invalid`, the last value
 * flagged `valid: false`), coded `REFUSED` or `TRUNCATED` when a refusal or a cut answer ended
 * the turn; tool calls go back checked (`checkToolCalls`: masked by default, their findings in
 * the verdict; refused, 422 `TOOL_CALLS_REFUSED`); a failed upstream is a 502/504, a fault of our
 * own a 500. The wire layer quotes the error's message as it leaves (`wireError`).
 */
export function turnDelivery(result: ReplyResult<unknown>, exits: Exits): TurnDelivery {
  const verdict: ReplyguardVerdict = {
    status: result.status,
    issues: result.issues,
    findings: result.findings,
    usage: result.usage,
    meta: result.meta,
  };
  const first: Issue | undefined = result.issues[0];
  const failure = (
    status: number,
    code: string,
    message: string,
    details: Record<string, unknown> = {},
  ): DeliveryError => ({ kind: 'error', status, code, message, details, verdict });
  const content = (value: unknown, valid = true): Delivered => ({
    kind: 'content',
    content: JSON.stringify(value),
    verdict: valid ? verdict : { ...verdict, valid: false },
    usage: result.usage,
  });
  switch (result.status) {
    case 'completed':
      return content(result.value);
    case 'interrupted':
      if (result.toolCalls && result.toolCalls.length > 0) {
        const checked = checkToolCalls(result.toolCalls, exits.leaks, exits.toolCalls);
        const seen = { ...verdict, findings: [...verdict.findings, ...checked.findings] };
        if (checked.refused !== undefined)
          return { ...failure(422, 'TOOL_CALLS_REFUSED', checked.refused), verdict: seen };
        return { kind: 'tool_calls', calls: checked.calls, verdict: seen, usage: result.usage };
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
    case 'validation_failed': {
      if (result.notice) return content(result.notice);
      if (result.invalidValue !== undefined) return content(result.invalidValue, false);
      const details = {
        schemaName: result.meta.schemaName,
        attempts: result.meta.attempts,
        issues: result.issues,
      };
      // A refusal or a cut answer ended the turn: say so, not that the schema was missed.
      if (first?.code === 'REFUSED' || first?.code === 'TRUNCATED')
        return failure(422, first.code, first.message, details);
      return failure(
        422,
        'VALIDATION_FAILED',
        `no reply matched the schema "${result.meta.schemaName}" after ${result.meta.attempts} attempt(s)`,
        details,
      );
    }
  }
}

import type {
  GuardrailAction,
  GuardrailConfig,
  GuardrailEvaluationResult,
  GuardrailOutputPayload,
  IGuardrailService,
} from '@framers/agentos/safety/guardrails';
import {
  checkReply,
  failureNotice,
  formatIssues,
  type CheckReplyOptions,
  type Issue,
  type SegmentReply,
} from './core';
import { errorChunkFields } from './errorChunkFields';
import { finalChunkFields } from './finalChunkFields';
import { maskedChunkFields } from './maskedChunkFields';
import { writeFields } from './writeFields';

/** Options of {@link replyguardGuardrail}: `checkReply`'s options, and two policies. */
export interface ReplyguardGuardrailOptions extends CheckReplyOptions {
  /**
   * What a refused reply becomes: `sanitize` (default) replaces it with the failure notice;
   * `block` ends the stream with AgentOS's error chunk (`REPLYGUARD_REFUSED`, the verdict in its
   * details) — the error policy.
   */
  readonly onRefused?: 'sanitize' | 'block' | undefined;
  /**
   * Let the model's `TEXT_DELTA`s through as they are written: provisional, unchecked text, for a
   * host that shows it and replaces it with the final response. Default false: every delta is
   * withheld (sanitized to nothing) and the reply arrives whole, checked, with `FINAL_RESPONSE`.
   */
  readonly streamDeltas?: boolean | undefined;
}

// AgentOS's actions are a string enum: its values, typed as its members.
const SANITIZE = 'sanitize' as GuardrailAction.SANITIZE;
const BLOCK = 'block' as GuardrailAction.BLOCK;

/**
 * An AgentOS guardrail service (`IGuardrailService`) that enforces the reply: on
 * `FINAL_RESPONSE` it runs `checkReply` and sanitizes `finalResponseText` to the checked (masked)
 * reply — or, refused, to the failure notice, or blocks under `onRefused: 'block'`. Streamed
 * `TEXT_DELTA`s are withheld unless the host opts in (`streamDeltas`). It sanitizes in AgentOS's
 * first, sequential phase (`canSanitize`), evaluates every delta (no streaming limit), and fails
 * closed: a check that throws blocks. AgentOS's `ERROR` chunk (a model or a tool that failed)
 * passes with its message and details masked; so do the final response's tool calls, UI
 * commands, reasoning trace, error and conversation (the model's and the tools' messages), and a
 * final `SYSTEM_PROGRESS` or `UI_COMMAND`. AgentOS hands a guardrail no other chunk: tool call
 * requests, tool results and metadata updates reach the host as AgentOS streams them.
 *
 * @example
 * await agentos.initialize({ ...config, guardrailService: replyguardGuardrail({ mentions: { allowed: ['u1'] } }) });
 * for await (const chunk of agentos.processRequest(input))
 *   if (chunk.type === AgentOSResponseChunkType.FINAL_RESPONSE) deliver(JSON.parse(chunk.finalResponseText!));
 */
export function replyguardGuardrail(
  options: ReplyguardGuardrailOptions = {},
): IGuardrailService & { readonly id: string; readonly config: GuardrailConfig } {
  const { onRefused = 'sanitize', streamDeltas = false, ...check } = options;
  const notice = failureNotice(check.failureNotice);
  // Errors and a model's or a tool's data leave masked with the scanner's rules and the host's
  // literals, even when replies are not scanned (`leaks: false`): they quote what was given.
  const outboundLeaks = check.leaks === false ? undefined : check.leaks;
  const asText = (reply: SegmentReply) =>
    check.schema === false ? plainText(reply) : JSON.stringify(reply);

  async function finalEvaluation(text: unknown): Promise<GuardrailEvaluationResult> {
    const result = await checkReply(typeof text === 'string' ? text : '', check);
    if (result.status === 'completed')
      return {
        action: SANITIZE,
        modifiedText: asText(result.value),
        reasonCode: 'REPLYGUARD_CHECKED',
        metadata: { status: result.status, findings: result.findings },
      };
    const verdict = {
      status: result.status,
      issues: result.issues,
      findings: result.findings,
      notice: result.notice ?? notice,
    };
    const reason = `replyguard refused the reply (${result.status}):\n${formatIssues(result.issues)}`;
    if (onRefused === 'block')
      return { action: BLOCK, reason, reasonCode: 'REPLYGUARD_REFUSED', metadata: verdict };
    return {
      action: SANITIZE,
      modifiedText: asText(verdict.notice),
      reason,
      reasonCode: 'REPLYGUARD_REFUSED',
      metadata: verdict,
    };
  }

  // Never the error's text: it may quote the reply.
  const issue: Issue = { code: 'INTERNAL', path: '', message: 'the reply check failed' };
  const failed = (): GuardrailEvaluationResult => ({
    action: BLOCK,
    reason: `replyguard could not check the reply:\n${formatIssues([issue])}`,
    reasonCode: 'REPLYGUARD_ERROR',
    metadata: { status: 'error', issues: [issue], findings: [], notice },
  });

  async function outputEvaluation(
    chunk: GuardrailOutputPayload['chunk'],
  ): Promise<GuardrailEvaluationResult | null> {
    if (chunk.type === ('error' as typeof chunk.type)) {
      const error = chunk as Parameters<typeof errorChunkFields>[0];
      return writeFields(error, errorChunkFields(error, outboundLeaks)) ? null : failed();
    }
    if (chunk.type === ('text_delta' as typeof chunk.type))
      return streamDeltas
        ? null
        : { action: SANITIZE, modifiedText: '', reasonCode: 'REPLYGUARD_HELD' };
    // AgentOS's StreamingManager hands this one object to every client of the stream, on push,
    // before this runs; its dispatcher copies the chunk only for the reply's text. So the masks
    // are written on the object, all in one synchronous step once the reply is checked, whatever
    // the outcome (sanitized, blocked, a check that threw): no client reads it half masked.
    const masked = maskedChunkFields(chunk, outboundLeaks);
    if (chunk.type !== ('final_response' as typeof chunk.type)) {
      return writeFields(chunk, masked) ? null : failed();
    }
    const final = chunk as Extract<typeof chunk, { finalResponseText: unknown }>;
    // Fail closed: a check that throws (or a reply that throws when read) blocks.
    let evaluation: GuardrailEvaluationResult;
    try {
      evaluation = await finalEvaluation(final.finalResponseText);
    } catch {
      evaluation = failed();
    }
    // The masks first, so a conversation that cannot be read still leaves them written.
    const masksWritten = writeFields(final, masked);
    // Blocked, the chunk's copies of the reply (its conversation's) become the notice.
    const text = evaluation.modifiedText ?? asText(notice);
    return writeFields(final, finalChunkFields(final, text, outboundLeaks)) && masksWritten
      ? evaluation
      : failed();
  }

  return {
    id: 'replyguard',
    config: Object.freeze({
      evaluateStreamingChunks: !streamDeltas,
      canSanitize: true,
      failClosed: true,
    }),
    async evaluateOutput({ chunk }: GuardrailOutputPayload) {
      try {
        return await outputEvaluation(chunk);
      } catch {
        // A chunk that cannot be read or written (a frozen one): blocked, never thrown.
        return failed();
      }
    },
  };
}

/** A plain-text mode reply as text: its text segments joined. */
function plainText(reply: SegmentReply): string {
  return reply.segments
    .map((segment) => (segment.type === 'text' ? segment.data.text : ''))
    .join('');
}

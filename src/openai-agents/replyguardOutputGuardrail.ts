import type { GuardrailFunctionOutput } from '@openai/agents';
import { checkReply, failureNotice, type CheckReplyOptions, type SegmentReply } from './core';
import { sameJson } from './sameJson';
import { verdictOf, type ReplyguardVerdict } from './replyguardVerdict';

/** Options of {@link replyguardOutputGuardrail}: `checkReply`'s options and the guardrail's name. */
export interface ReplyguardOutputGuardrailOptions extends CheckReplyOptions {
  /** The guardrail's name in the SDK's results and traces (default `replyguard`). */
  readonly name?: string | undefined;
}

/**
 * An `@openai/agents` output guardrail, for an agent of any output type: `execute` reads the
 * final output as `unknown`, so it fits `outputGuardrails` whatever the agent's `outputType`.
 */
export interface ReplyguardOutputGuardrail {
  readonly name: string;
  execute(args: GuardrailArgs): Promise<GuardrailFunctionOutput>;
}

/** What the guardrail reads of the SDK's `OutputGuardrailFunctionArgs`. */
interface GuardrailArgs {
  readonly agentOutput: unknown;
  readonly details?: { readonly modelResponse?: unknown } | undefined;
}

/**
 * An `@openai/agents` output guardrail that runs `checkReply` on the agent's final output. It
 * passes only when what the SDK delivers as `finalOutput` is the checked reply itself; otherwise
 * the tripwire triggers (the run throws `OutputGuardrailTripwireTriggered`). Its `outputInfo` is a
 * {@link ReplyguardVerdict}: `reply` is what to deliver — the checked, masked reply, or the
 * failure notice — with the issues. With the text output type, a reply that masking changed also
 * trips the wire (`finalOutput` would be the unmasked text): deliver `outputInfo.reply`. Bind the
 * schema with {@link segmentOutputType} and `finalOutput` is the masked reply.
 *
 * @example
 * try {
 *   const result = await run(agent, 'hi');
 *   deliver(result.finalOutput);
 * } catch (error) {
 *   if (error instanceof OutputGuardrailTripwireTriggered)
 *     deliver((error.result.output.outputInfo as ReplyguardVerdict).reply);
 *   else throw error;
 * }
 */
export function replyguardOutputGuardrail(
  options: ReplyguardOutputGuardrailOptions = {},
): ReplyguardOutputGuardrail {
  const { name = 'replyguard', ...check } = options;
  const notice = failureNotice(check.failureNotice);
  return {
    name,
    async execute(args) {
      let verdict: ReplyguardVerdict;
      let deliverable = false;
      try {
        const output: unknown = args.agentOutput;
        const text = typeof output === 'string' ? output : textOf(args, output);
        if (text === undefined) {
          verdict = refused(notice, 'the agent’s final output is neither text nor a JSON object');
        } else {
          const result = await checkReply(text, check);
          verdict = verdictOf(result, notice);
          // Deliverable only when the SDK's own final output is the checked reply, unchanged.
          deliverable =
            result.status === 'completed' &&
            (typeof output === 'string'
              ? result.findings.length === 0
              : sameJson(result.value, output));
        }
      } catch {
        // Never the error's text: it may quote the reply.
        verdict = refused(notice, 'the reply check failed unexpectedly', 'error');
      }
      return { tripwireTriggered: !deliverable, outputInfo: verdict };
    },
  };
}

/**
 * The text a structured final output was parsed from: the last assistant message's text, so the
 * strict parser sees what the model wrote (duplicate names, say); else the object as JSON.
 */
function textOf(
  args: { readonly details?: { readonly modelResponse?: unknown } },
  output: unknown,
) {
  const written = lastMessageText(args.details?.modelResponse);
  if (written !== undefined) return written;
  if (typeof output !== 'object' || output === null) return undefined;
  return JSON.stringify(output);
}

function lastMessageText(response: unknown): string | undefined {
  if (typeof response !== 'object' || response === null || !('output' in response)) return;
  const items = response.output;
  if (!Array.isArray(items)) return;
  const last: unknown = items.at(-1);
  if (typeof last !== 'object' || last === null) return;
  const item = last as { type?: unknown; role?: unknown; content?: unknown };
  if (item.type !== 'message' || item.role !== 'assistant' || !Array.isArray(item.content)) return;
  const texts = (item.content as unknown[]).flatMap((part) =>
    typeof part === 'object' &&
    part !== null &&
    (part as { type?: unknown }).type === 'output_text' &&
    typeof (part as { text?: unknown }).text === 'string'
      ? [(part as { text: string }).text]
      : [],
  );
  return texts.length > 0 ? texts.join('') : undefined;
}

function refused(
  notice: SegmentReply,
  message: string,
  status: 'validation_failed' | 'error' = 'validation_failed',
): ReplyguardVerdict {
  const code = status === 'error' ? 'INTERNAL' : 'WRONG_TYPE';
  return { status, reply: notice, issues: [{ code, path: '', message }], findings: [] };
}

import type { Issue } from '../issues/issue';
import { quoteSource } from '../leaks/quoteSource';
import type { ModelRequest } from '../providers/modelProvider';
import type { AttemptRecord, ReplyResult, SegmentReplyResult, Usage } from '../results/replyResult';
import type { StandardSchemaV1 } from '../schema/standardSchema';
import type { JsonSchema } from '../segments/segmentJsonSchema';
import { MAX_CORRECTION_REPLY, correctionPrompt, countCodePoints } from './correctionPrompt';
import { finalizeReply, redactAll, type TurnEnd } from './finalizeReply';
import { joinSystem } from './joinSystem';
import { maskOutbound } from './maskOutbound';
import { progressFactory } from './progressFactory';
import type { ReplyEvent } from './replyEvent';
import { type AttemptEnd, runAttempt } from './runAttempt';
import type { InferOutput, StreamReplyOptions, TurnOptions } from './turnOptions';
import { type AttemptVerdict, type TurnPlan, planTurn } from './turnPlan';

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_CORRECTION_TIMEOUT_MS = 30_000;
/**
 * Drives one turn and yields its events: `attempt` as each model call starts, provisional
 * `delta`s (only with `streamDeltas`), provisional `progress` views safe to show (only with
 * `streamProgress`), `tool_calls` for each tool step, `rejected` when an answer
 * is provably invalid before it ends (the call is cancelled at once and the correction starts),
 * and exactly one `final` with the `ReplyResult` that {@link enforceReply} returns. Breaking out
 * of the loop cancels the model call. Never throws for bad model output or a failed call.
 *
 * @example
 * for await (const event of streamReply({ provider, messages })) {
 *   if (event.type === 'final') send(event.result.status === 'completed' ? event.result.value : event.result.notice);
 * }
 */
export function streamReply<TSchema extends StandardSchemaV1>(
  options: StreamReplyOptions & { readonly schema: TSchema },
): AsyncGenerator<ReplyEvent<ReplyResult<InferOutput<TSchema>>>, void, undefined>;
export function streamReply(
  options: StreamReplyOptions & { readonly schema: JsonSchema },
): AsyncGenerator<ReplyEvent, void, undefined>;
export function streamReply(
  options: StreamReplyOptions & { readonly schemaRef: string },
): AsyncGenerator<ReplyEvent, void, undefined>;
export function streamReply(
  options: StreamReplyOptions & {
    readonly schema?: 'segments' | false | undefined;
    readonly schemaRef?: undefined;
    readonly preparedSchema?: undefined;
  },
): AsyncGenerator<ReplyEvent<SegmentReplyResult>, void, undefined>;
export function streamReply(
  options: StreamReplyOptions,
): AsyncGenerator<ReplyEvent, void, undefined>;
export async function* streamReply(
  options: StreamReplyOptions,
): AsyncGenerator<ReplyEvent, void, undefined> {
  const startedAt = performance.now();
  try {
    yield* turn(options, startedAt);
  } catch (error) {
    // A bug or a throwing host hook (a media reader, a validator) still ends the turn with a result.
    const issue: Issue = {
      code: 'INTERNAL',
      path: '',
      message: `the turn failed unexpectedly: ${quoteSource(String((error as Error)?.message ?? error))}`,
    };
    yield {
      type: 'final',
      result: finalizeReply({
        status: 'error',
        issues: [issue],
        attempts: 0,
        stage: 'model',
        enforcement: options.provider.enforcement,
        schemaName: '',
        startedAt,
        leaks: options.leaks,
      }),
    };
  }
}

async function* turn(
  options: StreamReplyOptions,
  startedAt: number,
): AsyncGenerator<ReplyEvent, void, undefined> {
  const planned = await planTurn(options);
  if (!planned.ok) {
    yield {
      type: 'final',
      result: finalizeReply({
        status: 'error',
        issues: planned.issues,
        attempts: 0,
        stage: 'model',
        enforcement: options.provider.enforcement,
        schemaName: planned.schemaName,
        startedAt,
        leaks: options.leaks,
      }),
    };
    return;
  }
  const plan = planned.plan;
  const base = {
    enforcement: plan.enforcement,
    schemaName: plan.schemaName,
    startedAt,
    ...(plan.failureNoticeText !== undefined ? { failureNoticeText: plan.failureNoticeText } : {}),
  };
  const history: AttemptRecord[] = [];
  let usage: Usage | undefined;
  let toolBudgetExhausted = false;
  // Assigned, not `{ ...base, ...rest, history }`: V8 builds a spread followed by new members
  // slowly (~5 µs here).
  const end = (
    rest: Omit<TurnEnd<unknown>, keyof typeof base | 'history' | 'usage' | 'leaks'>,
  ): ReplyEvent => ({
    type: 'final',
    result: finalizeReply(
      Object.assign({}, base, rest, {
        history,
        leaks: options.leaks,
        ...(usage ? { usage } : {}),
        ...(toolBudgetExhausted ? { toolBudgetExhausted } : {}),
      }),
    ),
  });

  let request: ModelRequest = {
    system: joinSystem(options.system, plan.instruction),
    messages: options.messages,
    ...(plan.schema ? { schema: plan.schema } : {}),
    ...(options.tools && options.tools.length > 0
      ? { tools: options.tools, ...(options.toolChoice === 'none' ? { toolChoice: 'none' } : {}) }
      : {}),
  };
  let lastInvalid: { value: unknown; attempt: number } | undefined;
  // Progress views are built only when asked for, once for every attempt of the turn.
  const progress = await progressFactory(options);
  for (let attempt = 1; ; attempt++) {
    const stage = attempt === 1 ? ('model' as const) : ('correction' as const);
    yield { type: 'attempt', attempt, stage };
    const timeoutMs =
      attempt === 1
        ? (options.timeoutMs ?? DEFAULT_TIMEOUT_MS)
        : (options.correctionTimeoutMs ?? DEFAULT_CORRECTION_TIMEOUT_MS);
    const ended = yield* runAttempt(
      options,
      plan,
      request,
      attempt,
      timeoutMs,
      (more) => (usage = addUsage(usage, more)),
      progress,
    );
    const toolSteps = ended.toolSteps > 0 ? { toolSteps: ended.toolSteps } : {};
    if (ended.toolBudgetExhausted) toolBudgetExhausted = true;

    if (ended.kind === 'failed') {
      record(
        history,
        {
          attempt,
          stage,
          issues: [{ code: ended.code, path: '', message: ended.message }],
          ...toolSteps,
        },
        options,
      );
      yield end({
        status: ended.code === 'ABORTED' ? 'interrupted' : 'error',
        issues: [{ code: ended.code, path: '', message: ended.message }],
        attempts: attempt,
        stage,
      });
      return;
    }
    if (ended.kind === 'tool_calls') {
      const issue: Issue = {
        code: 'TOOL_CALLS_RETURNED',
        path: '',
        message: `the model asked for ${ended.calls.length} tool call(s) and no runTool was given: the caller runs them`,
      };
      record(history, { attempt, stage, issues: [issue], ...toolSteps }, options);
      yield end({
        status: 'interrupted',
        issues: [issue],
        toolCalls: ended.calls,
        attempts: attempt,
        stage,
      });
      return;
    }
    if (ended.kind === 'stopped') {
      // A refusal or a cut answer is not a format error: no correction is asked (see stopIssue).
      record(history, { attempt, stage, issues: [ended.issue], ...toolSteps }, options);
      const invalid =
        options.onExhausted === 'return_invalid' && plan.mode === 'custom' && lastInvalid
          ? { invalidValue: lastInvalid }
          : {};
      yield end({
        status: 'validation_failed',
        issues: [ended.issue],
        ...invalid,
        attempts: attempt,
        stage,
      });
      return;
    }
    if (ended.kind === 'too_many_steps') {
      const issue: Issue = {
        code: 'TOOL_STEPS_EXCEEDED',
        path: '',
        message: `the model asked for more than ${ended.steps} tool steps`,
      };
      record(history, { attempt, stage, issues: [issue], ...toolSteps }, options);
      yield end({ status: 'error', issues: [issue], attempts: attempt, stage });
      return;
    }

    const verdict = await judge(plan, ended, attempt);
    const early = ended.early ? { rejectedAt: ended.early.offset } : {};
    record(history, { attempt, stage, issues: verdict.issues, ...early, ...toolSteps }, options);
    if (verdict.ok) {
      yield end({
        status: 'completed',
        value: verdict.value,
        findings: verdict.findings,
        attempts: attempt,
        stage: verdict.postGuardrail ? 'post_guardrail' : stage,
      });
      return;
    }
    if (verdict.value !== undefined) lastInvalid = { value: verdict.value, attempt };
    // Members first, then the spread (V8 builds a spread followed by new members slowly).
    const refused = {
      status: 'validation_failed' as const,
      issues: verdict.issues,
      findings: verdict.findings,
      attempts: attempt,
      // What the policies rewrote is never sent back to a model: the turn ends here.
      stage: verdict.postGuardrail ? ('post_guardrail' as const) : stage,
      ...(options.onExhausted === 'return_invalid' && plan.mode === 'custom' && lastInvalid
        ? { invalidValue: lastInvalid }
        : {}),
    };
    if (verdict.postGuardrail || attempt > plan.corrections) {
      yield end(refused);
      return;
    }
    const text = ended.text ?? '';
    const length = countCodePoints(text);
    if (length > MAX_CORRECTION_REPLY) {
      const tooLong: Issue = {
        code: 'REPLY_TOO_LONG_FOR_CORRECTION',
        path: '',
        message: `the reply has ${length} characters; a correction quotes at most ${MAX_CORRECTION_REPLY}`,
      };
      yield end({ ...refused, issues: [...verdict.issues, tooLong] });
      return;
    }
    // A correction quotes the reply as masked: no secret goes back to a model.
    const quoted = maskOutbound(text, options).value;
    request = {
      system: plan.instruction,
      messages: [
        {
          role: 'user',
          content: correctionPrompt(redactAll(verdict.issues, options.leaks), quoted),
        },
      ],
      ...(plan.schema ? { schema: plan.schema } : {}),
    };
  }
}

/** The verdict on an answer; an early reject and an answer with no text are refusals too. */
async function judge(
  plan: TurnPlan,
  ended: Extract<AttemptEnd, { kind: 'answer' }>,
  attempt: number,
): Promise<AttemptVerdict> {
  if (ended.early)
    return { ok: false, issues: [ended.early.issue], findings: [], postGuardrail: false };
  if (ended.text === undefined)
    return {
      ok: false,
      issues: [
        {
          code: 'NO_FINAL_MESSAGE',
          path: '',
          message: 'the model ended without a final text answer',
        },
      ],
      findings: [],
      postGuardrail: false,
    };
  return plan.check(ended.text, attempt);
}

function record(history: AttemptRecord[], entry: AttemptRecord, options: TurnOptions): void {
  if (entry.issues.length > 0) entry = { ...entry, issues: redactAll(entry.issues, options.leaks) };
  history.push(entry);
  try {
    options.onAttempt?.(entry);
  } catch {
    // A host's logging hook never changes the turn.
  }
}

/** Sums two usages; reasoning tokens where either reported them, estimated if either is. */
function addUsage(total: Usage | undefined, more: Usage | undefined): Usage | undefined {
  if (!more) return total;
  const reasoning =
    total?.reasoningTokens === undefined && more.reasoningTokens === undefined
      ? {}
      : { reasoningTokens: (total?.reasoningTokens ?? 0) + (more.reasoningTokens ?? 0) };
  return {
    inputTokens: (total?.inputTokens ?? 0) + more.inputTokens,
    outputTokens: (total?.outputTokens ?? 0) + more.outputTokens,
    ...reasoning,
    ...(total?.estimated === true || more.estimated === true ? { estimated: true } : {}),
  };
}

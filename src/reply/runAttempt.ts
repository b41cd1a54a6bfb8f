import type { Issue } from '../issues/issue';
import type { ChatMessage, ModelRequest } from '../providers/modelProvider';
import type { ToolCall, Usage } from '../results/replyResult';
import { type EarlyCheck, earlyCheckFor } from './earlyCheck';
import { estimateUsage } from './estimateUsage';
import { redactAll } from './finalizeReply';
import { type CallOutcome, type TextChunk, modelCall } from './modelCall';
import type { ProgressFactory } from './progressFactory';
import type { ReplyEvent } from './replyEvent';
import { runToolCalls } from './runToolCalls';
import { stopIssue } from './stopIssue';
import { toolsOffRequest } from './toolsOffRequest';
import type { StreamReplyOptions } from './turnOptions';
import type { TurnPlan } from './turnPlan';

const DEFAULT_MAX_TOOL_STEPS = 8;
const CANCELLED: CallOutcome = {
  ok: false,
  code: 'ABORTED',
  message: 'cancelled after an early reject',
};

/** How one attempt's model work ended. */
export type AttemptEnd =
  | {
      readonly kind: 'answer';
      readonly text: string | undefined;
      readonly early?: { readonly issue: Issue; readonly offset: number };
    }
  | {
      readonly kind: 'failed';
      readonly code: 'ABORTED' | 'TIMEOUT' | 'MODEL_FAILED';
      readonly message: string;
    }
  /** The model refused, a content filter withheld the answer, or it was cut at the token limit. */
  | { readonly kind: 'stopped'; readonly issue: Issue }
  | { readonly kind: 'tool_calls'; readonly calls: readonly ToolCall[] }
  | { readonly kind: 'too_many_steps'; readonly steps: number };

/** How an attempt ended, with its tool steps and whether its tool budget ran out. */
export type AttemptEnded = AttemptEnd & {
  readonly toolSteps: number;
  /** The model asked for tools past `maxToolSteps` (the tools-off summary followed, or the error). */
  readonly toolBudgetExhausted?: true;
};

/**
 * One attempt: the model call and its tool steps, with early reject on the text step. Yields the
 * turn's events and returns how the attempt ended. A refusal, a content filter or a cut answer
 * ends the attempt as `stopped`, before any of its tool calls runs. When the model asks for tools
 * past `maxToolSteps`, the attempt makes one more call with the tools off (see toolsOffRequest)
 * and that answer is the attempt's, judged like any other; its calls are never announced or run
 * (with `onToolBudgetExhausted: 'error'` the attempt ends `too_many_steps`). `progress` is the
 * turn's one progress factory (when progress was asked for).
 */
export async function* runAttempt(
  options: StreamReplyOptions,
  plan: TurnPlan,
  first: ModelRequest,
  attempt: number,
  timeoutMs: number,
  addToUsage: (usage: Usage | undefined) => void,
  progress: ProgressFactory | undefined,
): AsyncGenerator<ReplyEvent, AttemptEnded, undefined> {
  const stage = attempt === 1 ? 'model' : 'correction';
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  const maxSteps = Math.max(0, Math.trunc(options.maxToolSteps ?? DEFAULT_MAX_TOOL_STEPS));
  const summarize = options.onToolBudgetExhausted !== 'error';
  let request = first;
  let steps = 0;
  let exhausted = false;
  // Assigned, not `{ ...end, toolSteps }`: V8 builds a spread followed by new members slowly.
  const ended = (end: AttemptEnd): AttemptEnded =>
    Object.assign(
      {},
      end,
      exhausted ? { toolSteps: steps, toolBudgetExhausted: true as const } : { toolSteps: steps },
    );
  try {
    for (;;) {
      // Tools the model may call: a correction has none; the tools-off summary lists them for
      // the wire only, so its answer is judged as it streams and its calls never run.
      const callable = request.tools !== undefined && request.toolChoice !== 'none';
      const cancel = new AbortController();
      const bounds = {
        deadline: deadline.signal,
        timeoutMs,
        cancel: cancel.signal,
        ...(options.signal ? { turn: options.signal } : {}),
      };
      // A step that may still turn into tool calls can start with prose: only a step offered no
      // tools is judged while it streams. A whole answer (a provider that does not stream) gets
      // the full check, which names every issue.
      // The last answer of a `return_invalid` turn is read whole: its value is handed back.
      const keepValue = options.onExhausted === 'return_invalid' && attempt > plan.corrections;
      const early: EarlyCheck | undefined =
        callable || !options.provider.stream
          ? undefined
          : earlyCheckFor(
              keepValue ? { mode: plan.mode } : plan,
              options.limits,
              plan.mode === 'plain' ? undefined : progress?.(plan.mode),
            );
      const read = yield* readCall(
        modelCall(options.provider, request, bounds),
        cancel,
        early,
        attempt,
        options.streamDeltas === true,
      );
      if (read.rejected) {
        // The issue may quote a member name or a value: it leaves masked, as every issue does.
        const rejected = {
          issue: redactAll([read.rejected.issue], options.leaks)[0]!,
          offset: read.rejected.offset,
        };
        yield { type: 'rejected', attempt, stage, ...rejected };
        // The provider's usage never comes for a cut call: count what was sent and read.
        addToUsage(estimateUsage(request, read.text));
        return ended({ kind: 'answer', text: read.text, early: rejected });
      }
      const outcome = read.outcome;
      addToUsage(outcome.usage);
      if (!outcome.ok)
        return ended({ kind: 'failed', code: outcome.code, message: outcome.message });
      // Checked before any tool runs: a cut answer may hold cut arguments.
      const stop = stopIssue(outcome);
      if (stop) return ended({ kind: 'stopped', issue: stop });
      // Calls to tools nobody offered (a correction carries none, the tools-off summary lists
      // them only for the wire) are never run or handed out: the answer is its text, and no text
      // is no final message.
      if (outcome.toolCalls.length === 0 || !callable)
        return ended({ kind: 'answer', text: outcome.text });
      if (options.runTool && steps >= maxSteps && summarize) {
        // The budget is spent: one more call, tools off, the results so far in its context.
        exhausted = true;
        request = toolsOffRequest(request, options.system, plan.instruction);
        continue;
      }
      yield { type: 'tool_calls', attempt, step: steps + 1, calls: outcome.toolCalls };
      if (!options.runTool) return ended({ kind: 'tool_calls', calls: outcome.toolCalls });
      if (steps >= maxSteps) {
        exhausted = true;
        return ended({ kind: 'too_many_steps', steps: maxSteps });
      }
      steps++;
      const signal = options.signal
        ? AbortSignal.any([options.signal, deadline.signal])
        : deadline.signal;
      let replay: ChatMessage[];
      try {
        replay = await runToolCalls(outcome.toolCalls, outcome.text ?? '', options.runTool, signal);
      } catch {
        const aborted = options.signal?.aborted === true;
        return ended({
          kind: 'failed',
          code: aborted ? 'ABORTED' : 'TIMEOUT',
          message: aborted
            ? 'the turn was aborted'
            : `the attempt did not end within ${timeoutMs} ms`,
        });
      }
      request = { ...request, messages: [...request.messages, ...replay] };
    }
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Reads one model call, yielding provisional deltas when asked and feeding the early check. A
 * reject, or a caller that stops listening, cancels the call before anything else happens.
 */
async function* readCall(
  call: AsyncGenerator<TextChunk, CallOutcome>,
  cancel: AbortController,
  early: EarlyCheck | undefined,
  attempt: number,
  deltas: boolean,
): AsyncGenerator<
  ReplyEvent,
  | { text: string; rejected: { issue: Issue; offset: number }; outcome?: undefined }
  | { text: string; rejected?: undefined; outcome: CallOutcome },
  undefined
> {
  let text = '';
  let finished = false;
  try {
    for (;;) {
      const next = await call.next();
      if (next.done) {
        finished = true;
        return { text, outcome: next.value };
      }
      const chunk = next.value.text;
      if (deltas) yield { type: 'delta', attempt, text: chunk, provisional: true };
      text += chunk;
      const issue = early?.push(chunk);
      // Provably invalid: stop paying for the rest of it and start the correction now.
      if (issue) return { text, rejected: { issue, offset: early?.offset ?? text.length } };
      const shown = early?.progress?.();
      if (shown) yield { type: 'progress', attempt, value: shown.value, provisional: true };
    }
  } finally {
    if (!finished) {
      cancel.abort();
      await call.return(CANCELLED);
    }
  }
}

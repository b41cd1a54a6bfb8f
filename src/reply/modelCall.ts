import type {
  FinishReason,
  ModelAnswer,
  ModelProvider,
  ModelRequest,
} from '../providers/modelProvider';
import { quoteSource } from '../leaks/quoteSource';
import type { ToolCall, Usage } from '../results/replyResult';
import { estimateUsage } from './estimateUsage';

/** Why a model call produced no answer. */
export type CallFailureCode = 'ABORTED' | 'TIMEOUT' | 'MODEL_FAILED';

/** The outcome of one model call. */
export type CallOutcome =
  | {
      readonly ok: true;
      readonly text?: string;
      readonly toolCalls: readonly ToolCall[];
      readonly usage?: Usage;
      readonly finishReason?: FinishReason;
      readonly rawFinishReason?: string;
      /** A refusal's text, apart from the reply text. */
      readonly refusal?: string;
    }
  | {
      readonly ok: false;
      readonly code: CallFailureCode;
      readonly message: string;
      readonly usage?: Usage;
    };

/** What a call yields while it runs: reply text as it is written. */
export interface TextChunk {
  readonly text: string;
}

/** The bounds of a call: the turn's signal, a deadline and a signal of its own to cut it short. */
export interface CallBounds {
  /** The turn's signal: aborting it ends the call as `ABORTED`. */
  readonly turn?: AbortSignal;
  /** Fires when the attempt's time is up: the call ends as `TIMEOUT`. */
  readonly deadline: AbortSignal;
  readonly timeoutMs: number;
  /** Fires when the caller stops listening (an early reject): the call is cancelled quietly. */
  readonly cancel: AbortSignal;
}

/**
 * One model call, streamed when the provider streams, else whole. Yields reply text as it is
 * written and returns the outcome, with the finish reason and any refusal kept apart. A provider
 * that ignores its signal is not waited for: the call ends when any bound fires. Never throws.
 * When the provider reports no usage — the call was cut (abort, timeout), failed after output
 * arrived or after the upstream began its answer (a failure marked `answered`, see
 * ProviderError), or answered without a usage block — the outcome carries an estimate
 * ({@link estimateUsage}); a failure that carries the usage the upstream reported keeps it; a call
 * that failed before the upstream answered (an HTTP error) carries none.
 */
export async function* modelCall(
  provider: ModelProvider,
  request: ModelRequest,
  bounds: CallBounds,
): AsyncGenerator<TextChunk, CallOutcome> {
  const signals = [bounds.deadline, bounds.cancel, ...(bounds.turn ? [bounds.turn] : [])];
  const signal = AbortSignal.any(signals);
  if (signal.aborted) return failure(bounds, undefined);
  const stopped = abortPromise(signal);
  // Everything read so far, for an estimate when the provider's usage never comes.
  let read = '';
  const estimate = () => estimateUsage(request, read);
  try {
    if (!provider.stream) {
      const answer: ModelAnswer = await Promise.race([
        provider.generate(request, { signal }),
        stopped.promise,
      ]);
      const text = answer.object !== undefined ? JSON.stringify(answer.object) : answer.text;
      if (typeof text === 'string' && text !== '') yield { text };
      read = (text ?? '') + (answer.refusal ?? '') + callText(answer.toolCalls ?? []);
      return {
        ok: true,
        ...(typeof text === 'string' ? { text } : {}),
        toolCalls: answer.toolCalls ?? [],
        usage: answer.usage ?? estimate(),
        ...stopOf(answer.finishReason, answer.rawFinishReason, answer.refusal),
      };
    }
    const stream = provider.stream(request, { signal })[Symbol.asyncIterator]();
    let text: string | undefined;
    let refusal: string | undefined;
    let finish: { reason: FinishReason; raw?: string | undefined } | undefined;
    const toolCalls: ToolCall[] = [];
    let usage: Usage | undefined;
    try {
      for (;;) {
        const next = await Promise.race([stream.next(), stopped.promise]);
        if (next.done) break;
        const event = next.value;
        if (event.type === 'text') {
          if (event.text === '') continue;
          text = (text ?? '') + event.text;
          read += event.text;
          yield { text: event.text };
        } else if (event.type === 'tool_call') {
          toolCalls.push(event.call);
          read += callText([event.call]);
        } else if (event.type === 'usage') {
          usage = event.usage;
        } else if (event.type === 'refusal') {
          refusal = (refusal ?? '') + event.text;
          read += event.text;
        } else if (event.type === 'finish') {
          finish = { reason: event.reason, raw: event.raw };
        }
      }
    } finally {
      // Cancels the upstream request when the loop ends early (a reject, an abort, a timeout).
      void Promise.resolve(stream.return?.()).catch(() => undefined);
    }
    return {
      ok: true,
      ...(text !== undefined ? { text } : {}),
      toolCalls,
      usage: usage ?? estimate(),
      ...stopOf(finish?.reason, finish?.raw, refusal),
    };
  } catch (error) {
    if (signal.aborted) return failure(bounds, estimate());
    // The upstream had begun its answer (output arrived, or its failure says so), so it was
    // generating and billing: its reported usage, else an estimate of what was sent and read.
    const reported = reportedUsage(error);
    const begun = read !== '' || (error as { answered?: unknown } | undefined)?.answered === true;
    return {
      ok: false,
      code: 'MODEL_FAILED',
      // Bounded, not shortened: the issue is masked, then shortened, as it leaves (redactAll).
      message: `the model call failed: ${quoteSource(String((error as Error)?.message ?? error))}`,
      ...(reported ? { usage: reported } : begun ? { usage: estimate() } : {}),
    };
  } finally {
    stopped.dispose();
  }
}

/** The finish reason and refusal of an answer, only the fields that are set. */
function stopOf(
  reason: FinishReason | undefined,
  raw: string | undefined,
  refusal: string | undefined,
): { finishReason?: FinishReason; rawFinishReason?: string; refusal?: string } {
  return {
    ...(reason ? { finishReason: reason } : {}),
    ...(reason && raw ? { rawFinishReason: raw } : {}),
    ...(refusal !== undefined && refusal !== '' ? { refusal } : {}),
  };
}

/** The usage a failure carries (a ProviderError's, reported before the call failed), if sound. */
function reportedUsage(error: unknown): Usage | undefined {
  const usage = (error as { usage?: Partial<Usage> } | undefined)?.usage;
  return typeof usage?.inputTokens === 'number' && typeof usage.outputTokens === 'number'
    ? (usage as Usage)
    : undefined;
}

function callText(calls: readonly ToolCall[]): string {
  return calls.map((call) => call.name + call.arguments).join('');
}

function failure(bounds: CallBounds, usage: Usage | undefined): CallOutcome {
  const extra = usage ? { usage } : {};
  if (bounds.turn?.aborted || bounds.cancel.aborted)
    return { ok: false, code: 'ABORTED', message: 'the turn was aborted', ...extra };
  return {
    ok: false,
    code: 'TIMEOUT',
    message: `the model did not answer within ${bounds.timeoutMs} ms`,
    ...extra,
  };
}

/** A promise that rejects when the signal fires, and a way to stop listening. */
function abortPromise(signal: AbortSignal): { promise: Promise<never>; dispose: () => void } {
  let onAbort: (() => void) | undefined;
  const promise = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  promise.catch(() => undefined);
  return { promise, dispose: () => onAbort && signal.removeEventListener('abort', onAbort) };
}

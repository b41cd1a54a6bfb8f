import type { ModelAnswer, ModelProvider, ModelRequest } from '../providers/modelProvider';
import type { ToolCall, Usage } from '../results/replyResult';

/** Why a model call produced no answer. */
export type CallFailureCode = 'ABORTED' | 'TIMEOUT' | 'MODEL_FAILED';

/** The outcome of one model call. */
export type CallOutcome =
  | {
      readonly ok: true;
      readonly text?: string;
      readonly toolCalls: readonly ToolCall[];
      readonly usage?: Usage;
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
 * written and returns the outcome. A provider that ignores its signal is not waited for: the
 * call ends when any bound fires. Never throws.
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
  try {
    if (!provider.stream) {
      const answer: ModelAnswer = await Promise.race([
        provider.generate(request, { signal }),
        stopped.promise,
      ]);
      const text = answer.object !== undefined ? JSON.stringify(answer.object) : answer.text;
      if (typeof text === 'string' && text !== '') yield { text };
      return {
        ok: true,
        ...(typeof text === 'string' ? { text } : {}),
        toolCalls: answer.toolCalls ?? [],
        ...(answer.usage ? { usage: answer.usage } : {}),
      };
    }
    const stream = provider.stream(request, { signal })[Symbol.asyncIterator]();
    let text: string | undefined;
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
          yield { text: event.text };
        } else if (event.type === 'tool_call') {
          toolCalls.push(event.call);
        } else if (event.type === 'usage') {
          usage = event.usage;
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
      ...(usage ? { usage } : {}),
    };
  } catch (error) {
    if (signal.aborted) return failure(bounds, undefined);
    return {
      ok: false,
      code: 'MODEL_FAILED',
      message: `the model call failed: ${String((error as Error)?.message ?? error).slice(0, 200)}`,
    };
  } finally {
    stopped.dispose();
  }
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

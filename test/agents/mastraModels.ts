import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';

/** One model step, streamed as AI SDK (language-model specification v3) stream parts. */
export type Step =
  | string
  | { text?: string; calls?: { id: string; name: string; input: string }[]; finish?: string }
  | { error: unknown }
  /** Streams `text`, then aborts the run's controller before the step finishes. */
  | { abort: AbortController; text: string };

type Written = Exclude<Step, { abort: AbortController }>;

function partsOf(step: Written): unknown[] {
  if (typeof step === 'object' && 'error' in step)
    return [
      { type: 'stream-start', warnings: [] },
      { type: 'text-start', id: 't1' },
      { type: 'text-delta', id: 't1', delta: '{"segm' },
      { type: 'error', error: step.error },
    ];
  const { text = '', calls = [], finish } = typeof step === 'string' ? { text: step } : step;
  const parts: unknown[] = [{ type: 'stream-start', warnings: [] }];
  if (text !== '') {
    parts.push({ type: 'text-start', id: 't1' });
    for (let at = 0; at < text.length; at += 9)
      parts.push({ type: 'text-delta', id: 't1', delta: text.slice(at, at + 9) });
    parts.push({ type: 'text-end', id: 't1' });
  }
  for (const call of calls)
    parts.push({ type: 'tool-call', toolCallId: call.id, toolName: call.name, input: call.input });
  parts.push({
    type: 'finish',
    finishReason: { unified: finish ?? (calls.length > 0 ? 'tool-calls' : 'stop'), raw: 'raw' },
    usage: {
      inputTokens: { total: 10, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: 5, text: undefined, reasoning: undefined },
    },
  });
  return parts;
}

/**
 * The AI SDK's own mock model (ai/test), which Mastra's agent runs as it runs any AI SDK model,
 * streaming one scripted step a call in small text deltas; `doStreamCalls` records each call.
 */
export function scriptedModel(steps: Step[]) {
  let index = 0;
  const next = () => {
    const step = steps[index++];
    if (step === undefined) throw new Error('the script has no more steps');
    return step;
  };
  return new MockLanguageModelV3({
    doStream: async () => {
      const step = next();
      if (typeof step === 'object' && 'abort' in step) return { stream: abortedStream(step) };
      return { stream: simulateReadableStream({ chunks: partsOf(step) as never[] }) };
    },
    // Whole calls answer with the same parts' content, as doGenerate's result.
    doGenerate: async () => {
      const parts = partsOf(next()) as { type: string; [key: string]: unknown }[];
      const error = parts.find((part) => part.type === 'error');
      if (error) throw error.error;
      const text = parts
        .flatMap((part) => (part.type === 'text-delta' ? [part.delta as string] : []))
        .join('');
      const finish = parts.find((part) => part.type === 'finish')!;
      return {
        content: [
          ...(text === '' ? [] : [{ type: 'text' as const, text }]),
          ...parts.filter((part) => part.type === 'tool-call'),
        ] as never[],
        finishReason: finish.finishReason as never,
        usage: finish.usage as never,
        warnings: [],
      };
    },
  });
}

/** A model stream that writes its text, then aborts the run and never finishes. */
function abortedStream(step: { abort: AbortController; text: string }) {
  const parts = partsOf(step.text).filter((part) => (part as { type: string }).type !== 'finish');
  return new ReadableStream<never>({
    pull(controller) {
      const part = parts.shift();
      if (part !== undefined) controller.enqueue(part as never);
      else step.abort.abort();
    },
  });
}

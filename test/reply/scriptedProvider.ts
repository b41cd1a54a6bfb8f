import type {
  ModelAnswer,
  ModelProvider,
  ModelRequest,
  ModelStreamEvent,
} from '../../src/providers/modelProvider';

type Step =
  | ModelAnswer
  | string
  | ((request: ModelRequest, signal: AbortSignal) => Promise<ModelAnswer> | ModelAnswer);

/** A provider that plays its steps in order and records every request it was sent. */
export function scripted(
  steps: Step[],
  enforcement: ModelProvider['enforcement'] = 'provider_schema',
) {
  const requests: ModelRequest[] = [];
  const provider: ModelProvider = {
    name: 'scripted',
    enforcement,
    async generate(request, { signal }) {
      requests.push(request);
      const step = steps[requests.length - 1];
      if (step === undefined) throw new Error('the script has no more steps');
      if (typeof step === 'string')
        return { text: step, usage: { inputTokens: 10, outputTokens: 5 } };
      if (typeof step === 'function') return step(request, signal);
      return step;
    },
  };
  return { provider, requests };
}

/** A step that never answers (and ignores the signal). */
export const hang = () => new Promise<ModelAnswer>(() => undefined);

/** One streamed answer: text chunks, whole tool calls and usage, in order. */
export type StreamStep = readonly (string | ModelStreamEvent)[];

/**
 * A provider that streams its steps in order, one chunk per macrotask, records every request
 * and how many chunks each call had sent when its signal fired.
 */
export function streaming(
  steps: StreamStep[],
  enforcement: ModelProvider['enforcement'] = 'provider_schema',
) {
  const requests: ModelRequest[] = [];
  const sentBeforeAbort: (number | undefined)[] = [];
  const provider: ModelProvider = {
    name: 'streaming',
    enforcement,
    async generate() {
      throw new Error('this provider only streams');
    },
    async *stream(request, { signal }) {
      requests.push(request);
      const index = requests.length - 1;
      const step = steps[index];
      if (step === undefined) throw new Error('the script has no more steps');
      let sent = 0;
      signal.addEventListener('abort', () => (sentBeforeAbort[index] = sent), { once: true });
      for (const item of step) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        if (signal.aborted) return;
        sent++;
        yield typeof item === 'string' ? { type: 'text', text: item } : item;
      }
    },
  };
  return { provider, requests, sentBeforeAbort };
}

/** Splits a text into chunks of `size` characters. */
export function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let at = 0; at < text.length; at += size) out.push(text.slice(at, at + size));
  return out;
}

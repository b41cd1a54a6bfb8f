import type { ModelAnswer, ModelProvider, ModelRequest } from '../../src/providers/modelProvider';

type Step = ModelAnswer | string | ((request: ModelRequest, signal: AbortSignal) => Promise<ModelAnswer> | ModelAnswer);

/** A provider that plays its steps in order and records every request it was sent. */
export function scripted(steps: Step[], enforcement: ModelProvider['enforcement'] = 'provider_schema') {
  const requests: ModelRequest[] = [];
  const provider: ModelProvider = {
    name: 'scripted',
    enforcement,
    async generate(request, { signal }) {
      requests.push(request);
      const step = steps[requests.length - 1];
      if (step === undefined) throw new Error('the script has no more steps');
      if (typeof step === 'string') return { text: step, usage: { inputTokens: 10, outputTokens: 5 } };
      if (typeof step === 'function') return step(request, signal);
      return step;
    },
  };
  return { provider, requests };
}

/** A step that never answers (and ignores the signal). */
export const hang = () => new Promise<ModelAnswer>(() => undefined);

import type {
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { MockLanguageModel, simulateReadableStream } from './sdk';

/** One scripted answer: reply text, content parts, or a function of the call (to throw, to wait). */
export type Answer =
  | string
  | LanguageModelV3Content[]
  | ((
      options: LanguageModelV3CallOptions,
    ) => Promise<LanguageModelV3Content[]> | LanguageModelV3Content[]);

export const usage = (input: number, output: number): LanguageModelV3Usage => ({
  inputTokens: { total: input, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: output, text: undefined, reasoning: undefined },
});

async function contentOf(
  answer: Answer | undefined,
  options: LanguageModelV3CallOptions,
): Promise<LanguageModelV3Content[]> {
  if (answer === undefined) throw new Error('the script has no more answers');
  if (typeof answer === 'string') return [{ type: 'text', text: answer }];
  return typeof answer === 'function' ? answer(options) : answer;
}

const finishOf = (content: LanguageModelV3Content[]) => ({
  unified: content.some((part) => part.type === 'tool-call')
    ? ('tool-calls' as const)
    : ('stop' as const),
  raw: 'raw-finish',
});

/** The SDK's own mock model (sdk.ts), answering whole (`doGenerate`) from a script, 10 in / 5 out tokens a call. */
export function generating(answers: Answer[]) {
  let index = 0;
  return new MockLanguageModel({
    provider: 'mock',
    modelId: 'scripted',
    doGenerate: async (options): Promise<LanguageModelV3GenerateResult> => {
      const content = await contentOf(answers[index++], options);
      return {
        content,
        finishReason: finishOf(content),
        usage: usage(10, 5),
        warnings: [],
        response: { id: `response-${index}`, modelId: 'scripted-1' },
      };
    },
  });
}

/**
 * The SDK's own mock model (sdk.ts), streaming (`doStream`) each scripted answer in small text deltas
 * through `simulateReadableStream`; `cancelled` counts streams the reader cancelled early.
 */
export function streaming(answers: Answer[], chunkSize = 7) {
  let index = 0;
  const state = { cancelled: 0, delivered: 0 };
  const model = new MockLanguageModel({
    provider: 'mock',
    modelId: 'scripted',
    doStream: async (options) => {
      const content = await contentOf(answers[index++], options);
      const parts: LanguageModelV3StreamPart[] = [
        { type: 'stream-start', warnings: [] },
        { type: 'response-metadata', id: `response-${index}`, modelId: 'scripted-1' },
      ];
      for (const [n, part] of content.entries()) {
        if (part.type === 'text' || part.type === 'reasoning') {
          const kind = part.type;
          parts.push({ type: `${kind}-start`, id: `p${n}` });
          for (let at = 0; at < part.text.length; at += chunkSize)
            parts.push({
              type: `${kind}-delta`,
              id: `p${n}`,
              delta: part.text.slice(at, at + chunkSize),
            });
          parts.push({ type: `${kind}-end`, id: `p${n}` });
        } else parts.push(part);
      }
      parts.push({ type: 'finish', finishReason: finishOf(content), usage: usage(10, 5) });
      const source = simulateReadableStream({
        chunks: parts,
        initialDelayInMs: null,
        chunkDelayInMs: null,
      });
      // A pass-through that records whether the consumer cancelled before the end.
      const reader = source.getReader();
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        async pull(controller) {
          const next = await reader.read();
          if (next.done) controller.close();
          else {
            state.delivered++;
            controller.enqueue(next.value);
          }
        },
        cancel() {
          state.cancelled++;
          return reader.cancel();
        },
      });
      return { stream };
    },
  });
  return { model, state };
}

/** The system text and the other messages of a recorded call. */
export function promptOf(options: LanguageModelV3CallOptions) {
  const system = options.prompt
    .filter((message) => message.role === 'system')
    .map((message) => message.content)
    .join('\n');
  return { system, messages: options.prompt.filter((message) => message.role !== 'system') };
}

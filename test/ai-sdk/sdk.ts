// The AI SDK the shared suites run against: AI SDK 6 with its v3 mock model here. vitest.config.ts
// runs the same suites again with this module swapped for sdk7.ts (AI SDK 7, its v4 mock, the
// openai-compatible provider's v4 line) and sdk7v3.ts (AI SDK 7 driving v3 models).
export { createOpenAICompatible } from '@ai-sdk/openai-compatible';
export {
  Output,
  generateText,
  jsonSchema,
  simulateReadableStream,
  stepCountIs,
  streamText,
  tool,
  wrapLanguageModel,
} from 'ai';
export { MockLanguageModelV3 as MockLanguageModel } from 'ai/test';

/** Which AI SDK major and model specification the suites run against. */
export const sdk: { readonly major: 6 | 7; readonly specification: 'v3' | 'v4' } = {
  major: 6,
  specification: 'v3',
};

// AI SDK 7 driving v3 models (its own v3 mock, the openai-compatible provider's v3 line, 2.x), in
// place of sdk.ts for vitest.config.ts's `ai7-v3` project: AI SDK 7 adapts them to v4 itself.
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
} from 'ai7';
export { MockLanguageModelV3 as MockLanguageModel } from 'ai7/test';

/** Which AI SDK major and model specification the suites run against. */
export const sdk: { readonly major: 6 | 7; readonly specification: 'v3' | 'v4' } = {
  major: 7,
  specification: 'v3',
};

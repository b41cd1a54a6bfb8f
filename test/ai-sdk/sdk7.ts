// AI SDK 7 with its own v4 mock model and the openai-compatible provider's v4 line (3.x), in place
// of sdk.ts for vitest.config.ts's `ai7` project.
export { createOpenAICompatible } from 'ai-sdk-openai-compatible3';
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
export { MockLanguageModelV4 as MockLanguageModel } from 'ai7/test';

/** Which AI SDK major and model specification the suites run against. */
export const sdk: { readonly major: 6 | 7; readonly specification: 'v3' | 'v4' } = {
  major: 7,
  specification: 'v4',
};

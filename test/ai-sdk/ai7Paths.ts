import { SNIPPET_OPTIONS } from '../readme/compileSnippets';

/**
 * TypeScript `paths` for compileSnippets under which `ai`, `ai/test`, `@ai-sdk/openai-compatible`
 * and `@ai-sdk/provider` are the AI SDK 7 line installed beside AI SDK 6 (the `ai7`,
 * `ai-sdk-openai-compatible3` and `ai-sdk-provider4` dev dependencies); replyguard stays mapped to
 * its source.
 */
export const AI_SDK_7_PATHS = {
  ...SNIPPET_OPTIONS.paths,
  ai: ['node_modules/ai7'],
  'ai/test': ['node_modules/ai7/dist/test/index.d.ts'],
  '@ai-sdk/openai-compatible': ['node_modules/ai-sdk-openai-compatible3'],
  '@ai-sdk/provider': ['node_modules/ai-sdk-provider4'],
};

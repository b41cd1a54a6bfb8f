// The `replyguard/ai-sdk` entry: the AI SDK on both sides of the core, for AI SDK 6 (language-model
// specification v3) and AI SDK 7 (v4) alike. Its types are its own (languageModel.ts), written to
// fit both majors; nothing of `ai` or `@ai-sdk/provider` is imported, at run time or in types.
export {
  aiSdkProvider,
  type AiSdkProviderOptions,
  type AiSdkCallSettings,
  type AiSdkCallRecord,
} from './aiSdkProvider';
export { AiSdkModelError } from './aiSdkModelError';
export type {
  AiSdkCallOptions,
  AiSdkFinishReason,
  AiSdkLanguageModel,
  AiSdkMessage,
  AiSdkPart,
  AiSdkProviderMetadata,
  AiSdkResponseMetadata,
  AiSdkToolCall,
  AiSdkToolChoice,
  AiSdkUsage,
  AiSdkWarning,
} from './languageModel';
export {
  replyguardMiddleware,
  type GuardedCall,
  type GuardedGenerateResult,
  type GuardedStreamPart,
  type ReplyguardMiddleware,
  type ReplyguardMiddlewareOptions,
} from './replyguardMiddleware';
export { replyguardMetadata } from './runGuardedTurn';

// The `replyguard/ai-sdk` entry: the AI SDK (v3 language-model specification) on both sides of
// the core. Only types come from @ai-sdk/provider; nothing from `ai` is imported at run time.
export {
  aiSdkProvider,
  type AiSdkProviderOptions,
  type AiSdkCallSettings,
  type AiSdkCallRecord,
} from './aiSdkProvider';
export { replyguardMiddleware, type ReplyguardMiddlewareOptions } from './replyguardMiddleware';
export { replyguardMetadata } from './runGuardedTurn';

// The `replyguard/langchain` entry: replyguard in LangChain.js's idiom — an output parser (the
// catalog's format instructions, `checkReply`, LangChain's own parser exception) and a Runnable
// that drives the whole turn over any chat model. `@langchain/core` is an optional peer.
export { ReplyguardOutputParser, replyguardOutputParser } from './replyguardOutputParser';
export { ReplyguardParserException } from './replyguardParserException';
export { replyguardRunnable, type ReplyguardRunnableOptions } from './replyguardRunnable';
export {
  langchainProvider,
  type LangChainChatModel,
  type LangChainProviderOptions,
} from './langchainProvider';

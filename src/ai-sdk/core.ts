// The one seam between this entry and the core at run time. The build maps it to the package's
// main entry (`replyguard`), so `replyguard/ai-sdk` ships no second copy of the core.
export {
  DEFAULT_FAILURE_NOTICE,
  ProviderError,
  failureNotice,
  quoteOutbound,
  streamReply,
} from '../index';

// The one seam between this entry and the core. The build maps it to the package's main entry
// (`replyguard`), so `replyguard/mastra` ships no second copy of the core.
export { checkReply, failureNotice, formatIssues, maskLeaks, quoteOutbound } from '../index';
export type {
  CheckReplyOptions,
  Finding,
  Issue,
  LeakOptions,
  ReplyStatus,
  SegmentReply,
  SegmentReplyResult,
} from '../index';

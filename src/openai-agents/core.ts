// The one seam between this entry and the core. The build maps it to the package's main entry
// (`replyguard`), so `replyguard/openai-agents` ships no second copy of the core.
export {
  checkReply,
  failureNotice,
  formatIssues,
  lowerJsonSchema,
  maskOutbound,
  segmentJsonSchema,
  validateSegments,
  DEFAULT_FAILURE_NOTICE,
} from '../index';
export type {
  CheckReplyOptions,
  Finding,
  Issue,
  JsonSchema,
  OutboundPolicies,
  ReplyStatus,
  SegmentReply,
  SegmentReplyResult,
} from '../index';

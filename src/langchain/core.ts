// The one seam between this entry and the core. The build maps it to the package's main entry
// (`replyguard`), so `replyguard/langchain` ships no second copy of the core.
export {
  checkReply,
  enforceReply,
  failureNotice,
  formatIssues,
  segmentInstruction,
  ProviderError,
} from '../index';
export type {
  ChatMessage,
  CheckReplyOptions,
  Finding,
  FinishReason,
  Issue,
  ModelAnswer,
  ModelProvider,
  ModelRequest,
  ModelStreamEvent,
  ReplyStatus,
  SegmentReply,
  SegmentReplyResult,
  ToolCall,
  TurnOptions,
  Usage,
} from '../index';

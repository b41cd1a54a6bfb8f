// replyguard/worker: the Worker as a library (web-standard Request/Response only).
export { createHandler, type ReplyguardHandler } from './createHandler';
export type { HandlerConfig, WorkerVariables, UpstreamKind } from './workerConfig';
export type { SchemaStore } from './schemas/schemaStore';
export type { OperatorVariables } from './operatorConfig';
export type { ClientKeySettings } from './keys/clientKeySettings';
export type { KeyStore } from './keys/keyStore';
export type { RateLimiter } from './limits/rateLimiter';
export type { AnalyticsDataset } from './logging/requestSinks';
export type { RequestLogLine } from './logging/requestLogLine';
export { scriptedModel, type ScriptedModelOptions } from './scriptedModel';
export { replyguardVerdict } from './client/replyguardVerdict';
export { verdictFromHeaders, type HeaderVerdict } from './client/verdictFromHeaders';
export {
  replyguardMetadataExtractor,
  type ReplyguardMetadata,
  type JsonValue,
} from './client/replyguardMetadataExtractor';
export type {
  ReplyguardVerdict,
  ChatReplyguardOptions,
  ChatReplyguardResult,
  ChatProgressEvent,
  CheckRequestBody,
  CheckAnswer,
  ErrorBody,
  HostRootOption,
  MentionsOption,
  WireToolCall,
} from './wireTypes';

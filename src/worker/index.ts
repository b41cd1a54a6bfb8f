// replyguard/worker: the Worker as a library (web-standard Request/Response only).
export { createHandler, type ReplyguardHandler } from './createHandler';
export type { HandlerConfig, WorkerVariables, UpstreamKind } from './workerConfig';
export type { SchemaStore } from './schemas/schemaStore';
export { scriptedModel, type ScriptedModelOptions } from './scriptedModel';
export type {
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

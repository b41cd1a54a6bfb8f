// replyguard: the isomorphic core (web APIs only, no Node built-ins, no eval). This entry exports
// what users call; the pieces behind it stay internal. Other entries: replyguard/render,
// replyguard/worker, replyguard/ai-sdk, and the `replyguard` command.

// Turns: drive a model, or check a reply you already have.
export { checkReply, type CheckReplyOptions } from './reply/checkReply';
export { enforceReply, type EnforceReplyOptions, type InferOutput } from './reply/enforceReply';
export { streamReply } from './reply/streamReply';
export type { ReplyEvent } from './reply/replyEvent';
export type { StreamReplyOptions, TurnOptions } from './reply/turnOptions';
export type { SchemaRegistry } from './schema/schemaRegistry';
export type { ToolInvocation, ToolRunner } from './reply/runToolCalls';
export type { ReplyPolicies } from './reply/replyPolicies';
export { failureNotice, DEFAULT_FAILURE_NOTICE } from './reply/failureNotice';
export { MAX_CORRECTION_REPLY } from './reply/correctionPrompt';
export type {
  ReplyResult,
  SegmentReplyResult,
  CompletedReply,
  RefusedReply,
  InterruptedReply,
  AttemptRecord,
  ToolCall,
  ReplyStatus,
  ReplyStage,
  ReplyMeta,
  Enforcement,
  Finding,
  Usage,
} from './results/replyResult';

// Building blocks for hosts with a loop of their own (the Worker entry uses them too).
export { finalizeReply, type TurnEnd } from './reply/finalizeReply';
export { checkCustomReply, type CustomVerdict } from './reply/checkCustomReply';
export { maskOutbound, type OutboundPolicies } from './reply/maskOutbound';
export { maskToolCalls, type MaskedToolCalls } from './reply/maskToolCalls';
export {
  prepareSchema,
  type CustomSchema,
  type PreparedSchema,
  type PreparedResult,
  type ValueValidator,
} from './schema/customSchema';
export type { StandardSchemaV1, StandardResult } from './schema/standardSchema';
export {
  createSchemaJudge,
  compileSchemaJudge,
  type SchemaJudgeOptions,
} from './schema/createSchemaJudge';

// Issues: plain data with RFC 6901 pointers; formatting for people is separate.
export type { Issue, IssueCode } from './issues/issue';
export { encodePointer } from './issues/encodePointer';
export { formatIssues } from './issues/formatIssues';

// Strict JSON.
export { parseJson, type JsonValue, type ParseResult } from './json/parseJson';
export { createJsonStream, type JsonStream } from './json/createJsonStream';
export { parseJsonBytes } from './json/parseJsonBytes';
export { DEFAULT_JSON_LIMITS, type JsonLimits } from './json/jsonLimits';
export type { JsonObserver, JsonKind, JsonPath, JsonRejection } from './json/jsonObserver';

// The segment catalog and what is derived from it.
export {
  MediaSchema,
  SegmentSchema,
  SegmentSchemas,
  SegmentReplySchema,
  SEGMENT_TYPES,
  MEDIA_KINDS,
  type Media,
  type MediaSegment,
  type Segment,
  type SegmentReply,
  type SegmentType,
} from './segments/segmentCatalog';
export {
  validateSegments,
  type SegmentValidation,
  type ValidateSegmentsOptions,
} from './segments/validateSegments';
export { createSegmentJudge } from './segments/createSegmentJudge';
export { segmentJsonSchema, type JsonSchema } from './segments/segmentJsonSchema';
export { lowerJsonSchema } from './segments/lowerJsonSchema';
export {
  openAiResponseFormat,
  anthropicReplyTool,
  geminiGenerationConfig,
  SEGMENT_SCHEMA_NAME,
} from './segments/providerSchemas';
export { segmentInstruction } from './segments/segmentInstruction';

// Policies.
export type { MentionPolicy } from './policy/checkMentions';
export {
  DEFAULT_MEDIA_MAX_BYTES,
  DEFAULT_READ_TIMEOUT_MS,
  DEFAULT_UNAVAILABLE_TEXT,
  type MediaPolicy,
  type MediaReader,
  type MediaSegmentType,
} from './media/mediaPolicy';
export {
  scanLeaks,
  maskLeaks,
  LEAK_MASK,
  type LeakOptions,
  type MaskResult,
} from './leaks/maskLeaks';
export { redactText } from './leaks/redactText';
export { quoteOutbound, type QuoteOptions } from './leaks/quoteOutbound';
export { LEAK_RULES } from './leaks/leakRules';
export { literalSecretRule } from './leaks/literalSecretRule';
export type { LeakRule, Span } from './leaks/leakRule';
export type { HostPathPolicy, HostRoot } from './hygiene/maskHostPaths';

// Providers.
export {
  ProviderError,
  type ProviderConnection,
  type ChatMessage,
  type FinishReason,
  type ModelAnswer,
  type ModelProvider,
  type ModelRequest,
  type ModelStreamEvent,
} from './providers/modelProvider';
export { DEFAULT_STALL_TIMEOUT_MS, type StreamOptions } from './providers/streamOptions';
export { openAiChatProvider, type OpenAiChatOptions } from './providers/openAiChatProvider';
export {
  openAiResponsesProvider,
  type OpenAiResponsesOptions,
} from './providers/openAiResponsesProvider';
export { anthropicProvider, type AnthropicOptions } from './providers/anthropicProvider';
export { geminiProvider, type GeminiOptions } from './providers/geminiProvider';

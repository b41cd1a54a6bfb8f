// The isomorphic core: web APIs only, no Node built-ins, no eval.
export type { Issue, IssueCode } from './issues/issue';
export { encodePointer, appendPointer } from './issues/encodePointer';
export { formatIssues } from './issues/formatIssues';

export { parseJson, type JsonValue, type ParseResult } from './json/parseJson';
export { parseJsonBytes } from './json/parseJsonBytes';
export { DEFAULT_JSON_LIMITS, type JsonLimits } from './json/jsonLimits';

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
export { validateSegments, type SegmentValidation } from './segments/validateSegments';
export { segmentJsonSchema, type JsonSchema } from './segments/segmentJsonSchema';
export { lowerJsonSchema } from './segments/lowerJsonSchema';
export { openAiResponseFormat, anthropicReplyTool, geminiGenerationConfig, SEGMENT_SCHEMA_NAME } from './segments/providerSchemas';
export { segmentInstruction } from './segments/segmentInstruction';

export { checkReply, type CheckReplyOptions } from './reply/checkReply';
export { finalizeReply, type TurnEnd } from './reply/finalizeReply';
export { failureNotice, DEFAULT_FAILURE_NOTICE } from './reply/failureNotice';
export type { ReplyResult, SegmentReplyResult, CompletedReply, RefusedReply, InterruptedReply, AttemptRecord, ToolCall, ReplyStatus, ReplyStage, ReplyMeta, Enforcement, Finding, Usage } from './results/replyResult';
export type { ReplyPolicies } from './reply/replyPolicies';
export { applyPolicies, type PolicyOutcome } from './reply/applyPolicies';
export { maskOutbound, type OutboundPolicies } from './reply/maskOutbound';

export { checkMentions, type MentionPolicy } from './policy/checkMentions';

export { inspectMedia, type MediaProblem } from './media/inspectMedia';
export { sniffMedia, type SniffedMedia } from './media/sniffMedia';
export { base64Media } from './media/base64Media';
export { DEFAULT_MEDIA_MAX_BYTES, DEFAULT_READ_TIMEOUT_MS, DEFAULT_UNAVAILABLE_TEXT, type MediaPolicy, type MediaReader, type MediaSegmentType } from './media/mediaPolicy';

export { scanLeaks, maskLeaks, leakRulesFor, LEAK_MASK, type LeakOptions, type MaskResult } from './leaks/maskLeaks';
export { LEAK_RULES } from './leaks/leakRules';
export { literalSecretRule } from './leaks/literalSecretRule';
export { scanText, candidateRules, type TextFinding } from './leaks/scanText';
export { shannonEntropy } from './leaks/entropy';
export type { LeakRule, Span } from './leaks/leakRule';

export { mapStrings } from './json/mapStrings';

export { enforceReply, type EnforceReplyOptions, type InferOutput } from './reply/enforceReply';
export { streamReply, type StreamReplyOptions } from './reply/streamReply';
export type { ReplyEvent } from './reply/replyEvent';
export type { TurnOptions } from './reply/turnOptions';
export type { SchemaRegistry } from './reply/turnPlan';
export type { ToolInvocation, ToolRunner } from './reply/runToolCalls';
export { correctionPrompt, MAX_CORRECTION_REPLY } from './reply/correctionPrompt';
export { checkCustomReply, type CustomVerdict } from './reply/checkCustomReply';
export { prepareSchema, type CustomSchema, type PreparedSchema, type PreparedResult, type ValueValidator } from './schema/customSchema';
export { checkJsonSchema } from './schema/checkJsonSchema';
export { isStandardSchema, type StandardSchemaV1, type StandardResult } from './schema/standardSchema';

export { ProviderError, type ProviderConnection, type ChatMessage, type ModelAnswer, type ModelProvider, type ModelRequest } from './providers/modelProvider';
export { openAiChatProvider, openAiChatBody, readOpenAiChatAnswer, type OpenAiChatOptions } from './providers/openAiChatProvider';
export { anthropicProvider, anthropicBody, readAnthropicAnswer, type AnthropicOptions } from './providers/anthropicProvider';
export { geminiProvider, geminiBody, readGeminiAnswer, type GeminiOptions } from './providers/geminiProvider';

export { HYGIENE_RULES, type HygieneRule } from './hygiene/hygieneRules';
export { findMarkup } from './hygiene/findMarkup';
export { maskHostPaths, type HostPathPolicy, type HostRoot } from './hygiene/maskHostPaths';

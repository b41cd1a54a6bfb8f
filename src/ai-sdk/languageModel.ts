// The AI SDK's language-model specification as replyguard reads and writes it, written out here
// so that one declaration fits both majors: v3 (AI SDK 6, @ai-sdk/provider 3) and v4 (AI SDK 7,
// @ai-sdk/provider 4). Neither package is needed to compile against replyguard's types. What is
// read is typed wide (a part is anything with a `type`: a later minor may add kinds); what is
// written is typed narrow, to shapes both majors accept (mutable arrays, no `undefined` members).

/** A JSON value as v3 provider metadata holds it (v4 accepts it too). */
export type AiSdkJsonValue = null | string | number | boolean | AiSdkJsonObject | AiSdkJsonValue[];

/** A JSON object as v3 provider metadata holds it. */
export interface AiSdkJsonObject {
  [key: string]: AiSdkJsonValue | undefined;
}

/** Provider metadata: a JSON object per provider name. */
export type AiSdkProviderMetadata = Record<string, AiSdkJsonObject>;

/** Any content or stream part: the kinds replyguard reads are told apart by `type`. */
export interface AiSdkPart {
  readonly type: string;
}

/** A tool call the model wrote; `input` is the arguments' JSON text. */
export interface AiSdkToolCall {
  readonly type: 'tool-call';
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: string;
  readonly providerExecuted?: boolean;
  readonly dynamic?: boolean;
  readonly providerMetadata?: AiSdkProviderMetadata;
}

/** A warning as both majors carry it (v4's `deprecated` is passed on as `other`). */
export type AiSdkWarning =
  | { readonly type: 'unsupported'; readonly feature: string; readonly details?: string }
  | { readonly type: 'compatibility'; readonly feature: string; readonly details?: string }
  | { readonly type: 'other'; readonly message: string };

/** Why a call ended: v4 adds `interrupted` to v3's kinds, so any string is read. */
export interface AiSdkFinishReason {
  readonly unified: string;
  readonly raw: string | undefined;
}

/** Token counts of one call; any count may be missing. */
export interface AiSdkUsage {
  readonly inputTokens: {
    readonly total: number | undefined;
    readonly noCache: number | undefined;
    readonly cacheRead: number | undefined;
    readonly cacheWrite: number | undefined;
  };
  readonly outputTokens: {
    readonly total: number | undefined;
    readonly text: number | undefined;
    readonly reasoning: number | undefined;
  };
}

/** The response's id, time and model, and (on whole answers) its headers. */
export interface AiSdkResponseMetadata {
  readonly id?: string;
  readonly timestamp?: Date;
  readonly modelId?: string;
  readonly headers?: Record<string, string>;
}

/** A text part of a message or an answer. */
export interface AiSdkTextPart {
  readonly type: 'text';
  readonly text: string;
}

/** A tool call in an assistant message of the prompt; `input` is the arguments' value. */
export interface AiSdkToolCallPart {
  readonly type: 'tool-call';
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: unknown;
}

/** A tool's result in a tool message of the prompt. */
export interface AiSdkToolResultPart {
  readonly type: 'tool-result';
  readonly toolCallId: string;
  readonly toolName: string;
  readonly output: { readonly type: 'text'; readonly value: string };
}

/**
 * A message of the prompt. The parts replyguard writes are spelled out; the caller's parts
 * (files, reasoning, provider options…) are passed on untouched.
 */
export type AiSdkMessage =
  | { readonly role: 'system'; readonly content: string }
  | {
      readonly role: 'user' | 'assistant' | 'tool';
      readonly content: readonly (
        AiSdkTextPart | AiSdkToolCallPart | AiSdkToolResultPart | AiSdkPart
      )[];
    };

/** A tool offered to the model: a function tool (`name`, `inputSchema`) or a provider tool. */
export interface AiSdkTool {
  readonly type: string;
  readonly name: string;
}

/** How the model picks among the tools. */
export type AiSdkToolChoice =
  | { readonly type: 'auto' | 'none' | 'required' }
  | { readonly type: 'tool'; readonly toolName: string };

/** The options of one model call, as far as replyguard sets or reads them. */
export interface AiSdkCallOptions {
  readonly prompt: readonly AiSdkMessage[];
  readonly maxOutputTokens?: number | undefined;
  readonly temperature?: number | undefined;
  readonly stopSequences?: readonly string[] | undefined;
  readonly topP?: number | undefined;
  readonly topK?: number | undefined;
  readonly presencePenalty?: number | undefined;
  readonly frequencyPenalty?: number | undefined;
  readonly seed?: number | undefined;
  readonly responseFormat?:
    | { readonly type: 'text' }
    | {
        readonly type: 'json';
        readonly schema?: unknown;
        readonly name?: string | undefined;
        readonly description?: string | undefined;
      }
    | undefined;
  readonly tools?: readonly AiSdkTool[] | undefined;
  readonly toolChoice?: AiSdkToolChoice | undefined;
  readonly includeRawChunks?: boolean | undefined;
  readonly abortSignal?: AbortSignal | undefined;
  readonly headers?: Record<string, string | undefined> | undefined;
  readonly providerOptions?:
    Readonly<Record<string, Readonly<Record<string, unknown>>>> | undefined;
}

/** A whole answer, as a model returns it from `doGenerate`. */
export interface AiSdkGenerateResult {
  readonly content: readonly AiSdkPart[];
  /** v4: the text to parse as structured output when it is not all the text parts joined. */
  readonly structuredOutputText?: string | undefined;
  readonly finishReason: AiSdkFinishReason;
  readonly usage: AiSdkUsage;
  readonly providerMetadata?: unknown;
  readonly response?: AiSdkResponseMetadata | undefined;
  readonly warnings: readonly AiSdkPart[];
}

/** A streamed answer, as a model returns it from `doStream`. */
export interface AiSdkStreamResult {
  readonly stream: ReadableStream<AiSdkPart>;
}

/**
 * A language model of the AI SDK, specification v3 (AI SDK 6) or v4 (AI SDK 7): any provider's
 * model, a mock, or a model that `wrapLanguageModel` returned.
 */
export interface AiSdkLanguageModel {
  readonly specificationVersion: 'v3' | 'v4';
  readonly provider: string;
  readonly modelId: string;
  doGenerate(options: AiSdkCallOptions): PromiseLike<AiSdkGenerateResult>;
  doStream(options: AiSdkCallOptions): PromiseLike<AiSdkStreamResult>;
}

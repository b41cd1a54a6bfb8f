import type { Enforcement, ToolCall, Usage } from '../results/replyResult';
import type { JsonSchema } from '../segments/segmentJsonSchema';

export type { ToolCall } from '../results/replyResult';

/**
 * One chat message sent to a model, provider-neutral; each provider writes it in its own wire
 * format (a tool step is an assistant message with `toolCalls`, then one `tool` message a call).
 */
export type ChatMessage =
  | { readonly role: 'user'; readonly content: string }
  | {
      readonly role: 'assistant';
      readonly content: string;
      readonly toolCalls?: readonly ToolCall[];
    }
  | {
      readonly role: 'tool';
      readonly toolCallId: string;
      readonly name: string;
      readonly content: string;
    };

/** What a turn asks of the model. */
export interface ModelRequest {
  /** The system prompt (the format instruction is already appended). */
  readonly system: string;
  readonly messages: readonly ChatMessage[];
  /** The reply schema, for providers that enforce it (structured output, a forced tool). */
  readonly schema?: {
    readonly name: string;
    readonly description?: string;
    readonly jsonSchema: JsonSchema;
  };
  /** The host's business tools, in the provider's own format; never sent with a correction. */
  readonly tools?: readonly unknown[];
  /**
   * `none`: the model may call no tool — the tools-off summary after the tool budget is spent,
   * whose conversation holds the tool steps so far. Each provider writes it as its API needs:
   * OpenAI chat and Responses send no tools (their tool history needs none); Anthropic lists them
   * (a request with `tool_use` blocks must define tools) and forces the reply tool, or sends
   * `tool_choice: none` without a schema; Gemini lists its function declarations with
   * `functionCallingConfig.mode: NONE`; the AI SDK adapter sends `toolChoice: { type: 'none' }`.
   * Tool calls in the answer are never run or handed out.
   */
  readonly toolChoice?: 'none';
}

/**
 * Why the model stopped, when the provider said so: `length` is the token limit (the answer is
 * cut), `refusal` a refusal (OpenAI `refusal`, Anthropic `stop_reason: "refusal"`),
 * `content_filter` a provider's safety stop; `other` any reason not listed.
 */
export type FinishReason =
  'stop' | 'length' | 'refusal' | 'content_filter' | 'tool_calls' | 'other';

/** The model's final answer, as the provider's transport delivered it. */
export interface ModelAnswer {
  /** The final text (JSON text for the IM preset). Reasoning is never put here. */
  readonly text?: string;
  /** The final object when it came as structured output or a forced tool call. */
  readonly object?: unknown;
  /** Business tool calls the model asked for (the host's tools, never the forced reply tool). */
  readonly toolCalls?: readonly ToolCall[];
  readonly usage?: Usage;
  /** Why the model stopped, when the provider said so. */
  readonly finishReason?: FinishReason;
  /** The provider's own word for why it stopped (`max_tokens`, `SAFETY`, …), for messages. */
  readonly rawFinishReason?: string;
  /** A refusal's text, kept apart: it is never reply text. */
  readonly refusal?: string;
}

/**
 * One event of a streamed model call. `text` is reply text as it is written: message content,
 * the forced reply tool's input JSON (Anthropic `input_json_delta`) or Gemini text parts; never
 * reasoning. A business tool call is reported once, whole, when its arguments are complete.
 * `refusal` is a refusal's text as it is written (never reply text); `finish` says why the model
 * stopped, when the provider says so; `usage` comes once, last.
 */
export type ModelStreamEvent =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'tool_call'; readonly call: ToolCall }
  | { readonly type: 'usage'; readonly usage: Usage }
  | {
      readonly type: 'finish';
      readonly reason: FinishReason;
      /** The provider's own word for it (`length`, `max_tokens`, `SAFETY`, …). */
      readonly raw?: string;
    }
  | { readonly type: 'refusal'; readonly text: string };

/**
 * A model behind any transport: one call, one final answer. Throw on a failed call; the signal
 * aborts it (the turn's own signal and the timeout, combined).
 */
export interface ModelProvider {
  /** A name for logs. */
  readonly name: string;
  /** How this provider applies the schema. */
  readonly enforcement: Enforcement;
  generate(request: ModelRequest, context: { readonly signal: AbortSignal }): Promise<ModelAnswer>;
  /**
   * The same call, streamed. Throws (a ProviderError) on a failed call, a malformed or cut stream,
   * an error event or a stall; stopping the iteration or aborting the signal cancels the upstream
   * request. Optional: a provider without it is called whole.
   */
  stream?(
    request: ModelRequest,
    context: { readonly signal: AbortSignal },
  ): AsyncIterable<ModelStreamEvent>;
}

/** Where and as whom a provider calls its API. */
export interface ProviderConnection {
  /** The API base, e.g. `https://api.openai.com/v1`. */
  readonly baseUrl: string;
  readonly apiKey?: string | undefined;
  readonly model: string;
  /** A `fetch` to use instead of the global one (tests, proxies). */
  readonly fetch?: typeof fetch | undefined;
}

export { ProviderError } from './providerError';

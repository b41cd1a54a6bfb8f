import type { Issue } from '../issues/issue';
import type { Finding, ReplyMeta, ReplyResult, ReplyStatus, Usage } from '../results/replyResult';

/** The people a reply may mention: a list of ids, or the library's `{ allowed }` shape. */
export type MentionsOption = readonly string[] | { readonly allowed: readonly string[] };

/**
 * The `replyguard` field of a request to `POST /v1/chat/completions`, `/v1/responses` or
 * `/v1/messages`.
 */
export interface ChatReplyguardOptions {
  /** Who may be mentioned (member ids of the conversation). */
  readonly mentions?: MentionsOption;
  /** The failure notice text (IM preset); `failureNotice` is accepted too. */
  readonly failure_notice?: string;
  readonly failureNotice?: string;
  /** `stream: true` only: send progress frames (attempts, early rejects, the reply read so far) while the turn runs. */
  readonly progress?: boolean;
  /**
   * With a client JSON Schema (chat `response_format`, Responses `text.format`, Messages
   * `output_config.format`) only: corrections after the first answer, a whole number 0..5
   * (default 2). Another number, or no client schema, is a 400 (the core clamps; the Worker refuses).
   */
  readonly maxRetries?: number;
  /**
   * With a client JSON Schema only: `error` (422, default) or `return_invalid` (the last value,
   * flagged).
   */
  readonly onExhausted?: 'error' | 'return_invalid';
}

/**
 * A turn's verdict, the `replyguard` field of every answer: a chat completion (and the last
 * content chunk of a streamed one), a Responses `response` (and the one of `response.completed`),
 * an Anthropic message (and the `message_delta` event of a streamed one). Read it with
 * `replyguardVerdict(answer)`.
 */
export interface ReplyguardVerdict {
  readonly status: ReplyStatus;
  readonly issues: readonly Issue[];
  readonly findings: readonly Finding[];
  /** Every attempt's tokens, `estimated` when an attempt was cut off before the provider counted it. */
  readonly usage: Usage;
  readonly meta: ReplyMeta;
  /** `false` when the content is a custom-schema value that did NOT pass (`onExhausted: 'return_invalid'`). */
  readonly valid?: boolean;
}

/** The `replyguard` field of a chat completion: the {@link ReplyguardVerdict}. */
export type ChatReplyguardResult = ReplyguardVerdict;

/**
 * The `replyguard` field of a progress event, sent with `replyguard.progress` on a stream: a model
 * call starts, or its answer was provably invalid and cut off after `offset` characters. It rides
 * on each API's no-op event: a chat chunk with `choices: []`, a Responses `response.in_progress`
 * event, an Anthropic `ping` event.
 */
export type ChatProgressEvent =
  | { readonly event: 'attempt'; readonly attempt: number; readonly stage: 'model' | 'correction' }
  | {
      readonly event: 'rejected';
      readonly attempt: number;
      readonly stage: 'model' | 'correction';
      readonly offset: number;
      readonly issue: Issue;
    }
  /**
   * The answer read so far, safe to show (`streamProgress`): `{ segments }` for the IM preset,
   * the value so far for a `json_schema` response format. Provisional: a `rejected` frame voids
   * it, and only the content after validation counts.
   */
  | {
      readonly event: 'progress';
      readonly attempt: number;
      readonly value: unknown;
      readonly provisional: true;
    };

/** The JSON body of `POST /v1/check` (a `text/plain` body is the raw reply alone). */
export interface CheckRequestBody {
  /** The raw model reply. */
  readonly reply: string;
  /** `'segments'` (default), `false` (plain text) or a custom JSON Schema object. */
  readonly schema?: 'segments' | boolean | Readonly<Record<string, unknown>>;
  /** The name of a stored custom schema (`PUT /v1/schemas/:name`). */
  readonly schemaRef?: string;
  /** The custom schema's name in the answer's `meta.schemaName`. */
  readonly name?: string;
  readonly mentions?: MentionsOption;
  readonly leaks?:
    false | { readonly literals?: readonly string[]; readonly allow?: readonly string[] };
  /** Host paths to mask: a list of roots, or the library's `{ roots }` shape. */
  readonly hostPaths?: readonly HostRootOption[] | { readonly roots: readonly HostRootOption[] };
  /** `false` turns media inspection off; the limits in bytes per media type otherwise. */
  readonly media?:
    | false
    | {
        readonly maxBytes?: Readonly<Partial<Record<'image' | 'audio' | 'video', number>>>;
        readonly unavailableText?: string;
      };
  /** `false` turns the reasoning/tool-markup refusal off. */
  readonly hygiene?: boolean;
  readonly failureNotice?: string;
}

/** One host path root to mask. */
export interface HostRootOption {
  readonly root: string;
  readonly replacement: string;
}

/** The answer of `POST /v1/check`: the `ReplyResult` (200 when deliverable, 422 when not). */
export type CheckAnswer = ReplyResult<unknown>;

/** Every error answer's body. */
export interface ErrorBody {
  readonly error: {
    readonly code: string;
    readonly message: string;
    /** A 400 about one field: its dot path in the request body. */
    readonly field?: string;
    /** A 422 of a custom schema: the schema, the answers judged, and why the last one failed. */
    readonly schemaName?: string;
    readonly attempts?: number;
    readonly issues?: readonly Issue[];
  };
}

/** An OpenAI tool call as it travels in chat completions. */
export interface WireToolCall {
  readonly id: string;
  readonly type: 'function';
  readonly function: { readonly name: string; readonly arguments: string };
}

import type { Issue, IssueCode } from '../issues/issue';
import type { SegmentReply } from '../segments/segmentCatalog';

/** How a turn ended. */
export type ReplyStatus = 'completed' | 'validation_failed' | 'interrupted' | 'error';

/** Where the deciding answer came from. */
export type ReplyStage = 'model' | 'correction' | 'post_guardrail';

/** How the format was asked of the model. */
export type Enforcement = 'provider_schema' | 'forced_tool' | 'prompt_only';

/**
 * Token usage, summed over every attempt of a turn. `inputTokens` counts every input token the
 * provider processed, cached ones included (Anthropic's cache reads and writes are added in).
 */
export interface Usage {
  readonly inputTokens: number;
  /** Everything billed as output, reasoning included. */
  readonly outputTokens: number;
  /** The part of `outputTokens` the provider reported as reasoning or thinking. */
  readonly reasoningTokens?: number;
  /**
   * True when a count is an estimate: an attempt cut off early (early reject, abort, timeout) never
   * receives the provider's usage, so it is estimated from what was sent and read (see
   * `estimateUsage`: one token per four UTF-8 bytes, rounded up). Also set when the provider
   * reported no usage for a call that answered.
   */
  readonly estimated?: boolean;
}

/** What one model attempt of a turn ended with, kept so a host can log what a correction fixed. */
export interface AttemptRecord {
  /** 1 for the first answer, 2 for the first correction, … */
  readonly attempt: number;
  readonly stage: 'model' | 'correction';
  /** The issues that refused this attempt's answer; empty when it passed. */
  readonly issues: readonly Issue[];
  /** When the answer was cut off early: the characters read before it was provably invalid. */
  readonly rejectedAt?: number;
  /** Tool steps run during this attempt. */
  readonly toolSteps?: number;
}

/** Facts about the turn. */
export interface ReplyMeta {
  /** Model answers judged (a correction counts). `checkReply` alone reports 1. */
  readonly attempts: number;
  readonly stage: ReplyStage;
  readonly enforcement: Enforcement;
  readonly schemaName: string;
  readonly durationMs: number;
  /** Each attempt's outcome, in order (absent for `checkReply`). */
  readonly history?: readonly AttemptRecord[];
  /**
   * The model asked for tools past `maxToolSteps`: the reply is the tools-off summary (or, with
   * `onToolBudgetExhausted: 'error'`, the turn ended `TOOL_STEPS_EXCEEDED`).
   */
  readonly toolBudgetExhausted?: true;
}

/**
 * A policy finding that changed the reply in place (a masked leak, a replaced attachment).
 * It names the rule and the place, never the leaked text.
 */
export interface Finding {
  /**
   * What the policy did: `LEAK_MASKED`, `HIDDEN_CHARACTERS_REMOVED`, `MEDIA_UNAVAILABLE`,
   * `HOST_PATH_MASKED`, `CONTAINER_REPAIRED`.
   */
  readonly code: IssueCode;
  /** The rule that fired. */
  readonly rule: string;
  /** The RFC 6901 pointer of the string or segment. */
  readonly path: string;
  /** The UTF-16 span inside the string at `path`, before masking. */
  readonly start?: number;
  readonly end?: number;
  /** The finding is in the name of the member at `path` (a custom schema's object), not its value. */
  readonly memberName?: true;
}

/** A business tool call the model asked for, in a provider-neutral form. */
export interface ToolCall {
  /** The provider's call id (synthesised for providers that have none, e.g. Gemini). */
  readonly id: string;
  readonly name: string;
  /** The arguments as the model wrote them: JSON text, parsed strictly before a tool runs. */
  readonly arguments: string;
  /**
   * An opaque token the provider attached to the call (Gemini's `thoughtSignature`). It travels
   * back with the call when the tool step is replayed; a host that replays calls itself keeps it.
   */
  readonly signature?: string;
}

/** What every result carries. */
interface ResultBase {
  /** Why the reply was refused, or what stopped the turn. */
  readonly issues: readonly Issue[];
  /** What the policies changed in place (masked leaks, replaced media). */
  readonly findings: readonly Finding[];
  readonly usage: Usage;
  readonly meta: ReplyMeta;
}

/** A turn that ended with a validated (and, where a policy applied, masked) reply. */
export interface CompletedReply<TValue = SegmentReply> extends ResultBase {
  readonly status: 'completed';
  readonly value: TValue;
  readonly notice?: undefined;
}

/** A turn whose reply could not be delivered: refused by validation or policy, or a failed call. */
export interface RefusedReply extends ResultBase {
  readonly status: 'validation_failed' | 'error';
  /** Never a value: read `invalidValue` for what a custom schema refused. */
  readonly value?: undefined;
  /** The host's fixed failure notice (the IM preset and plain-text mode always carry one). */
  readonly notice?: SegmentReply;
  /**
   * Custom schemas with `onExhausted: 'return_invalid'`: the last value that parsed. It did NOT
   * pass the schema, so it is typed `unknown`; `invalidValueAttempt` says which attempt wrote it.
   */
  readonly invalidValue?: unknown;
  readonly invalidValueAttempt?: number;
}

/** A turn that stopped before a final reply: aborted, or handing tool calls back to the caller. */
export interface InterruptedReply extends ResultBase {
  readonly status: 'interrupted';
  readonly value?: undefined;
  readonly notice?: undefined;
  /** The tool calls the model asked for when the host gave no `runTool` (the caller runs them). */
  readonly toolCalls?: readonly ToolCall[];
}

/**
 * The one result of every way a turn can end, discriminated by `status`:
 * `completed` ⇒ `value`; `validation_failed` / `error` ⇒ `issues` (and `notice` for the IM
 * preset); `interrupted` ⇒ the turn did not finish.
 */
export type ReplyResult<TValue = SegmentReply> =
  CompletedReply<TValue> | RefusedReply | InterruptedReply;

/** The result of the IM preset (and plain-text mode): a refused turn always carries the notice. */
export type SegmentReplyResult =
  | CompletedReply<SegmentReply>
  | (RefusedReply & { readonly notice: SegmentReply })
  | InterruptedReply;

/** No tokens. */
export const NO_USAGE: Usage = /* @__PURE__ */ Object.freeze({ inputTokens: 0, outputTokens: 0 });

import type { Issue, IssueCode } from '../issues/issue';
import type { SegmentReply } from '../segments/segmentCatalog';

/** How a turn ended. */
export type ReplyStatus = 'completed' | 'validation_failed' | 'interrupted' | 'error';

/** Where the deciding answer came from. */
export type ReplyStage = 'model' | 'correction' | 'post_guardrail';

/** How the format was asked of the model. */
export type Enforcement = 'provider_schema' | 'forced_tool' | 'prompt_only';

/** Token usage, summed over every attempt of a turn. */
export interface Usage {
  readonly inputTokens: number;
  readonly outputTokens: number;
}

/** Facts about the turn. */
export interface ReplyMeta {
  /** Model calls made (a correction counts). `checkReply` alone reports 1. */
  readonly attempts: number;
  readonly stage: ReplyStage;
  readonly enforcement: Enforcement;
  readonly schemaName: string;
  readonly durationMs: number;
}

/**
 * A policy finding that changed the reply in place (a masked leak, a replaced attachment).
 * It names the rule and the place, never the leaked text.
 */
export interface Finding {
  /** What the policy did: `LEAK_MASKED`, `MEDIA_UNAVAILABLE`, `HOST_PATH_MASKED`. */
  readonly code: IssueCode;
  /** The rule that fired. */
  readonly rule: string;
  /** The RFC 6901 pointer of the string or segment. */
  readonly path: string;
  /** The UTF-16 span inside the string at `path`, before masking. */
  readonly start?: number;
  readonly end?: number;
}

/**
 * The one result of every way a turn can end.
 */
export interface ReplyResult<TValue = SegmentReply> {
  readonly status: ReplyStatus;
  /** The validated (and, where a policy applied, masked) reply; only when `completed`. */
  readonly value?: TValue;
  /** The host's fixed failure notice, for the IM preset when the reply cannot be delivered. */
  readonly notice?: SegmentReply;
  /** Why the reply was refused, or what policies changed. */
  readonly issues: readonly Issue[];
  /** What the policies changed in place (masked leaks, replaced media). */
  readonly findings: readonly Finding[];
  readonly usage: Usage;
  readonly meta: ReplyMeta;
}

/** No tokens. */
export const NO_USAGE: Usage = /* @__PURE__ */ Object.freeze({ inputTokens: 0, outputTokens: 0 });

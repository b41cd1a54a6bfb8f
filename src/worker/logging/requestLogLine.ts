import type { ReplyResult } from '../../results/replyResult';
import type { KeySource } from '../keys/identifyClient';

/** What a request's record holds for its line (see `RequestRecord`). */
export interface RequestFacts {
  readonly id: string;
  readonly startedAt: number;
  route?: string;
  method?: string;
  wire?: string;
  key?: string | undefined;
  keySource?: KeySource | undefined;
  keyLookupMs?: number;
  status?: number;
  code?: string;
  upstream?: string;
  model?: string;
  stream?: boolean;
  result?: ReplyResult<unknown>;
}

/**
 * One API request as one JSON object, for Workers Logs, Logpush and any sink: who called (the
 * key's name, never the key), which route and wire, how it ended (HTTP status, error code), and
 * for a turn or a check its verdict in codes and figures — attempts, stage, issue codes, the
 * rules that fired, where early reject cut an answer, tokens, durations. Never reply text, never
 * a message, a member name, a mention target, a path inside a reply or a secret: every string is
 * one the Worker chose, or an operator's name checked against a narrow pattern.
 */
export interface RequestLogLine {
  readonly event: 'replyguard.request';
  readonly requestId: string;
  /** The key's name; `api-key` for `API_KEY`, `anonymous` keyless, `null` when the key was not known. */
  readonly key: string | null;
  readonly keySource: KeySource | null;
  readonly route: string;
  readonly method: string;
  /** `chat`, `responses`, `messages`, `check`, `models`, `schema` or `schemas`. */
  readonly wire: string;
  /** The HTTP status sent (a stream's is 200 even when its turn then failed: see `code`). */
  readonly status: number;
  /** Why the request or its turn failed (`RATE_LIMITED`, `VALIDATION_FAILED`, …), else null. */
  readonly code: string | null;
  readonly upstream: string | null;
  readonly model: string | null;
  readonly stream: boolean | null;
  /** The turn's (or check's) `status`: completed, validation_failed, interrupted, error. */
  readonly turnStatus: string | null;
  readonly stage: string | null;
  readonly enforcement: string | null;
  readonly attempts: number;
  /** Attempts after the first (format-only corrections). */
  readonly corrections: number;
  /** The distinct codes of the final result's issues (why it was refused or stopped). */
  readonly issueCodes: readonly string[];
  /** The distinct codes that refused any attempt, the ones a correction fixed included. */
  readonly attemptCodes: readonly string[];
  /** The distinct rules whose findings changed the reply (`github-token`, `bidi-control`, …). */
  readonly ruleIds: readonly string[];
  readonly findings: number;
  /** Attempts cut off early, and the characters read before the first cut (null: none). */
  readonly earlyRejects: number;
  readonly earlyRejectAt: number | null;
  readonly toolSteps: number;
  readonly toolBudgetExhausted: boolean;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly reasoningTokens: number;
  readonly tokensEstimated: boolean;
  /** From the request's arrival to its last byte (a stream's end), in ms. */
  readonly durationMs: number;
  /** The turn's own duration (`meta.durationMs`), in ms. */
  readonly turnMs: number | null;
  /** How long finding the key took (a KV read), in ms. */
  readonly keyLookupMs: number | null;
}

// What a string field may hold: anything else is replaced, so nothing a client or a model wrote
// can reach a log line even through a field meant for a name.
const CODE = /^[A-Z][A-Z0-9_]{0,63}$/;
const RULE = /^[a-z0-9][a-z0-9_.-]{0,63}$/;
const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const MODEL = /^[A-Za-z0-9][A-Za-z0-9_.:/@+-]{0,199}$/;
const METHODS = ['GET', 'POST', 'PUT', 'HEAD', 'OPTIONS'];
const MAX_LISTED = 16;

/** The log line of a request's record, as the request ends at `now`. */
export function requestLogLine(facts: RequestFacts, now: number): RequestLogLine {
  const result = facts.result;
  const history = result?.meta.history ?? [];
  const cuts = history.filter((attempt) => attempt.rejectedAt !== undefined);
  const usage = result?.usage;
  return {
    event: 'replyguard.request',
    requestId: facts.id,
    key: named(facts.key, NAME),
    keySource: facts.keySource ?? null,
    route: facts.route ?? '',
    method: METHODS.includes(facts.method ?? '') ? facts.method! : 'OTHER',
    wire: facts.wire ?? '',
    status: facts.status ?? 0,
    code: named(facts.code, CODE),
    upstream: facts.upstream ?? null,
    model: named(facts.model, MODEL),
    stream: facts.stream ?? null,
    turnStatus: result?.status ?? null,
    stage: result?.meta.stage ?? null,
    enforcement: result?.meta.enforcement ?? null,
    attempts: result?.meta.attempts ?? 0,
    corrections: Math.max(0, (result?.meta.attempts ?? 0) - 1),
    issueCodes: distinct(result?.issues.map((issue) => issue.code) ?? [], CODE),
    attemptCodes: distinct(
      history.flatMap((attempt) => attempt.issues.map((issue) => issue.code)),
      CODE,
    ),
    ruleIds: distinct(result?.findings.map((finding) => finding.rule) ?? [], RULE),
    findings: result?.findings.length ?? 0,
    earlyRejects: cuts.length,
    earlyRejectAt: cuts[0]?.rejectedAt ?? null,
    toolSteps: history.reduce((sum, attempt) => sum + (attempt.toolSteps ?? 0), 0),
    toolBudgetExhausted: result?.meta.toolBudgetExhausted === true,
    inputTokens: usage?.inputTokens ?? 0,
    outputTokens: usage?.outputTokens ?? 0,
    reasoningTokens: usage?.reasoningTokens ?? 0,
    tokensEstimated: usage?.estimated === true,
    durationMs: Math.max(0, now - facts.startedAt),
    turnMs: result ? Math.round(result.meta.durationMs) : null,
    keyLookupMs: facts.keyLookupMs ?? null,
  };
}

function named(value: string | undefined, pattern: RegExp): string | null {
  if (value === undefined) return null;
  return pattern.test(value) ? value : 'other';
}

function distinct(values: readonly string[], pattern: RegExp): string[] {
  const kept = new Set<string>();
  for (const value of values) {
    if (kept.size >= MAX_LISTED) break;
    kept.add(pattern.test(value) ? value : 'other');
  }
  return [...kept];
}

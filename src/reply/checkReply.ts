import { DEFAULT_JSON_LIMITS, type JsonLimits } from '../json/jsonLimits';
import { parseJson } from '../json/parseJson';
import { SEGMENT_SCHEMA_NAME } from '../segments/providerSchemas';
import type { SegmentReply } from '../segments/segmentCatalog';
import { validateSegments } from '../segments/validateSegments';
import { DEFAULT_FAILURE_NOTICE } from './failureNotice';
import { finalizeWith, type TurnEnd } from './finalizeWith';
import type { Enforcement, ReplyStage, SegmentReplyResult } from '../results/replyResult';
import type { ReplyChecks } from './replyChecks';
import type { ReplyPolicies } from './replyPolicies';

/** Options of {@link checkReply}. */
export interface CheckReplyOptions extends ReplyPolicies {
  /** `'segments'` (the IM preset, default) or `false` (plain text: one text segment, nothing parsed). */
  readonly schema?: 'segments' | false | undefined;
  /** Parser bounds (length, depth, `__proto__`) and the most issues a verdict lists. */
  readonly limits?: Partial<JsonLimits> | undefined;
  /** The host's failure notice text. */
  readonly failureNotice?: string | undefined;
  /** Recorded in `meta`; `checkReply` itself calls no model. */
  readonly stage?: ReplyStage | undefined;
  readonly attempts?: number | undefined;
  readonly enforcement?: Enforcement | undefined;
}

/**
 * Checks one raw model reply and returns a `ReplyResult`. Never throws for bad model output.
 *
 * @example
 * const result = await checkReply('{"segments":[{"type":"text","data":{"text":"hi"}}]}');
 * if (result.status === 'completed') send(result.value.segments);
 * else send(result.notice!.segments);
 */
export function checkReply(
  text: string,
  options: CheckReplyOptions = {},
): Promise<SegmentReplyResult> {
  return checkReplyWith(text, options, loadChecks);
}

/**
 * {@link checkReply} with its checks from `load`. A turn passes the checks its first load carries
 * (it masks and redacts with the same scanner): loaded lazily, they are a chunk of their own, a
 * second copy of the scanner (32 KB gz) a turn would download and build tables for again.
 */
export async function checkReplyWith(
  text: string,
  options: CheckReplyOptions,
  load: () => Promise<ReplyChecks | undefined>,
): Promise<SegmentReplyResult> {
  const start: CheckStart = {
    attempts: options.attempts ?? 1,
    stage: options.stage ?? 'model',
    enforcement: options.enforcement ?? 'prompt_only',
    schemaName: options.schema === false ? 'text' : SEGMENT_SCHEMA_NAME,
    startedAt: performance.now(),
    failureNoticeText: options.failureNotice ?? DEFAULT_FAILURE_NOTICE,
    leaks: options.leaks,
  };

  const checks = await load();
  if (!checks) return unchecked(start);
  // The ending is assigned to the start: `{ ...start, status }` (a spread, then members) costs V8
  // ~2 µs, most of a small reply's check.
  const finish = (ending: Ending) =>
    finalizeWith(Object.assign(start, ending), checks.redact) as SegmentReplyResult;

  if (options.schema === false) {
    if (typeof text !== 'string')
      return finish({
        status: 'validation_failed',
        issues: [{ code: 'WRONG_TYPE', path: '', message: 'the reply is not text' }],
      });
    const plain: SegmentReply = {
      segments: text.trim() === '' ? [] : [{ type: 'text', data: { text } }],
    };
    // Plain text is parsed for nothing, but it is still outbound: leaks and host paths apply.
    const { value, findings } = checks.maskOutbound(plain, options);
    const stage = findings.length > 0 ? 'post_guardrail' : start.stage;
    return finish({ stage, status: 'completed', value, findings });
  }

  // The defaults themselves when the host sets no limit (parseJson's own default).
  const limits = options.limits
    ? { ...DEFAULT_JSON_LIMITS, ...options.limits }
    : DEFAULT_JSON_LIMITS;
  const parsed = parseJson(text, limits);
  if (!parsed.ok) return finish({ status: 'validation_failed', issues: [parsed.issue] });

  const validated = validateSegments(parsed.value, { maxIssues: limits.maxIssues });
  if (!validated.ok) return finish({ status: 'validation_failed', issues: validated.issues });

  const outcome = await checks.applyPolicies(validated.value, options);
  if (outcome.issues.length > 0)
    return finish({ status: 'validation_failed', issues: outcome.issues });
  if (outcome.findings.length === 0) return finish({ status: 'completed', value: validated.value });

  // The policies changed the reply: what is delivered is validated again.
  const revalidated = validateSegments(outcome.reply, { maxIssues: limits.maxIssues });
  const stage = 'post_guardrail';
  if (!revalidated.ok) {
    return finish({
      stage,
      status: 'validation_failed',
      issues: revalidated.issues,
      findings: outcome.findings,
    });
  }
  return finish({
    stage,
    status: 'completed',
    value: revalidated.value,
    findings: outcome.findings,
  });
}

type SegmentEnd = TurnEnd<SegmentReply> & { readonly failureNoticeText: string };
/** What every ending of a check shares: all of a `SegmentEnd` but its status. */
type CheckStart = Omit<SegmentEnd, 'status'>;
/** How a check ended (its stage when not the start's). */
type Ending = Pick<SegmentEnd, 'status' | 'value' | 'issues' | 'findings'> & {
  readonly stage?: ReplyStage;
};

let loading: Promise<ReplyChecks> | undefined;

/**
 * The checks, loaded on first use and kept; undefined when they cannot be loaded (a network
 * failure in a browser, a file missing from a deployment), and tried again on the next call.
 */
async function loadChecks(): Promise<ReplyChecks | undefined> {
  loading ??= import('./replyChecks').then((module) => module.replyChecks);
  try {
    return await loading;
  } catch {
    loading = undefined;
    return undefined;
  }
}

/**
 * A reply that could not be checked is not delivered: an error with the host's notice. Its one
 * issue quotes nothing of the reply, so it needs no redaction (which the checks would have done).
 */
function unchecked(end: CheckStart): SegmentReplyResult {
  const issue = {
    code: 'INTERNAL' as const,
    path: '',
    message: 'the reply checks (leak scanner, policies) could not be loaded',
  };
  return finalizeWith(
    Object.assign(end, { status: 'error' as const, issues: [issue] }),
    (items) => items,
  ) as SegmentReplyResult;
}

import type { Issue } from '../issues/issue';
import { DEFAULT_JSON_LIMITS } from '../json/jsonLimits';
import { compileIssueFinder, type IssueFinder, type IssueSink } from './compileIssueFinder';
import type { SegmentReply } from './segmentCatalog';
import { SEGMENT_TABLE } from './segmentTable.generated';

let findIssues: IssueFinder | undefined;

/** The outcome of {@link validateSegments}. */
export type SegmentValidation =
  | { readonly ok: true; readonly value: SegmentReply }
  | { readonly ok: false; readonly issues: Issue[] };

/** Options of {@link validateSegments}. */
export interface ValidateSegmentsOptions {
  /**
   * The most issues listed (default `DEFAULT_JSON_LIMITS.maxIssues`, 100). Validation stops at
   * the next one and the list ends with one `TOO_MANY_ISSUES` issue.
   */
  readonly maxIssues?: number;
}

/**
 * Validates a parsed value against the closed segment catalog. Any invalid segment rejects the
 * whole reply: there is no partial list of the valid ones. The issue list is bounded, so a reply
 * with thousands of wrong segments costs no more to refuse than a valid one costs to accept.
 *
 * @example
 * const verdict = validateSegments({ segments: [{ type: 'mention', data: { target: 123 } }] });
 * // { ok: false, issues: [{ code: 'WRONG_TYPE', path: '/segments/0/data/target', message: 'expected string, got 123' }] }
 */
export function validateSegments(
  value: unknown,
  options: ValidateSegmentsOptions = {},
): SegmentValidation {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      ok: false,
      issues: [
        {
          code: 'NOT_AN_OBJECT',
          path: '',
          message: 'the reply must be one JSON object {"segments": [...]}',
        },
      ],
    };
  }
  // One pass compiled from the catalog's generated table (no valibot at run time): a valid reply
  // is returned as it is (it is already a fresh, parsed object); a refused one gets its issues
  // named, and the pass stops at the bound.
  findIssues ??= compileIssueFinder(SEGMENT_TABLE);
  const max = boundOf(options.maxIssues);
  const sink: IssueSink = { issues: [], max };
  findIssues(value, sink);
  if (sink.issues.length === 0) return { ok: true, value: value as SegmentReply };
  if (sink.overflow !== undefined) {
    sink.issues.push({
      code: 'TOO_MANY_ISSUES',
      path: '',
      message: `more than ${max} issues; validation stopped at ${sink.overflow} and did not check the rest`,
    });
  }
  return { ok: false, issues: sink.issues };
}

/** A usable bound: a whole number of at least 1 (`Infinity` lists every issue). */
function boundOf(maxIssues: number | undefined): number {
  if (maxIssues === undefined || Number.isNaN(maxIssues)) return DEFAULT_JSON_LIMITS.maxIssues;
  return Math.max(1, Math.floor(maxIssues));
}

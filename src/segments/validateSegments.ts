import { type BaseIssue, safeParse } from 'valibot';
import type { Issue, IssueCode } from '../issues/issue';
import { encodePointer } from '../issues/encodePointer';
import { excerpt } from '../issues/excerpt';
import { compileValidator, type FastCheck } from './compileValidator';
import { SEGMENT_TYPES, type SegmentReply, SegmentReplySchema } from './segmentCatalog';

let fastCheck: FastCheck | undefined;

/** The outcome of {@link validateSegments}. */
export type SegmentValidation = { readonly ok: true; readonly value: SegmentReply } | { readonly ok: false; readonly issues: Issue[] };

/**
 * Validates a parsed value against the closed segment catalog. Any invalid segment rejects the
 * whole reply: there is no partial list of the valid ones.
 */
export function validateSegments(value: unknown): SegmentValidation {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, issues: [{ code: 'NOT_AN_OBJECT', path: '', message: 'the reply must be one JSON object {"segments": [...]}' }] };
  }
  // A valid reply passes the compiled check and is returned as it is (it is already a fresh,
  // parsed object); only a refused one pays for valibot's full pass that names every issue.
  fastCheck ??= compileValidator(SegmentReplySchema);
  if (fastCheck(value)) return { ok: true, value: value as SegmentReply };
  const result = safeParse(SegmentReplySchema, value);
  if (result.success) return { ok: true, value: result.output };
  return { ok: false, issues: result.issues.map(toIssue) };
}

/** Maps a valibot issue to a stable replyguard code, pointer and short message. */
export function toIssue(item: BaseIssue<unknown>): Issue {
  const tokens = (item.path ?? []).map((entry) => entry.key as string | number);
  const path = encodePointer(tokens);
  const last = tokens[tokens.length - 1];
  const code = codeOf(item, last);
  return { code, path, message: messageOf(code, item, last) };
}

function codeOf(item: BaseIssue<unknown>, last: string | number | undefined): IssueCode {
  if (item.type === 'strict_object') return item.expected === 'never' ? 'UNKNOWN_FIELD' : 'MISSING_FIELD';
  // A variant issue on the discriminator itself is an unknown type; elsewhere the segment is no object.
  if (item.type === 'variant') return last === 'type' ? 'UNKNOWN_SEGMENT_TYPE' : 'WRONG_TYPE';
  if (item.type === 'picklist' || item.type === 'literal') return 'INVALID_VALUE';
  return 'WRONG_TYPE';
}

function messageOf(code: IssueCode, item: BaseIssue<unknown>, last: string | number | undefined): string {
  switch (code) {
    case 'UNKNOWN_FIELD':
      return `unknown field "${excerpt(String(last))}"; every object is closed`;
    case 'MISSING_FIELD':
      return `missing required field "${excerpt(String(last))}"`;
    case 'UNKNOWN_SEGMENT_TYPE':
      return `unknown segment type; use one of ${SEGMENT_TYPES.join(', ')}`;
    case 'INVALID_VALUE':
      return `expected ${item.expected ?? 'another value'}`;
    default:
      return `expected ${item.expected ?? 'another type'}, got ${item.received}`;
  }
}

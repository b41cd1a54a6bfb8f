import { type BaseIssue, type GenericSchema, safeParse } from 'valibot';
import type { IssueCode } from '../../src/issues/issue';
import { encodePointer } from '../../src/issues/encodePointer';

/** A valibot issue as replyguard names it: the oracle the compiled issue finder is tested against. */
export interface OracleIssue {
  readonly code: IssueCode;
  readonly path: string;
}

/** Every issue valibot finds in `value`, mapped to replyguard's codes and pointers, in valibot's order. */
export function valibotIssues(schema: GenericSchema, value: unknown): OracleIssue[] {
  const result = safeParse(schema, value);
  return result.success ? [] : result.issues.map(oracleIssue);
}

function oracleIssue(item: BaseIssue<unknown>): OracleIssue {
  const tokens = (item.path ?? []).map((entry) => entry.key as string | number);
  const last = tokens[tokens.length - 1];
  return { code: codeOf(item, last), path: encodePointer(tokens) };
}

function codeOf(item: BaseIssue<unknown>, last: string | number | undefined): IssueCode {
  if (item.type === 'strict_object')
    return item.expected === 'never'
      ? 'UNKNOWN_FIELD'
      : item.expected === 'Object'
        ? 'WRONG_TYPE'
        : 'MISSING_FIELD';
  // A variant issue on the discriminator itself is an unknown type; elsewhere the segment is no object.
  if (item.type === 'variant') return last === 'type' ? 'UNKNOWN_SEGMENT_TYPE' : 'WRONG_TYPE';
  if (item.type === 'picklist' || item.type === 'literal') return 'INVALID_VALUE';
  return 'WRONG_TYPE';
}

/** Characters of a name a value is assigned to: `AZURE_TENANT_ID`, `Idempotency-Key`, `s3.key`. */
const NAME_TAIL = /[A-Za-z0-9_.$-]*$/;
const NAME_HEAD = /^[A-Za-z0-9_.$-]*/;

/**
 * The whole name a rule's match assigns its value to: the part of the name before the match
 * (`before`, where an anchored match starts inside a name: `Idempotency-` of `Idempotency-Key`)
 * and the match's own name characters, up to the first character that is none.
 */
export function assignedName(before: string, match: string): string {
  return (NAME_TAIL.exec(before)?.[0] ?? '') + (NAME_HEAD.exec(match)?.[0] ?? '');
}

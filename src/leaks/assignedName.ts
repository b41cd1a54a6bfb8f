/** Characters of a name a value is assigned to: `AZURE_TENANT_ID`, `Idempotency-Key`, `s3.key`. */
const NAME_TAIL = /[A-Za-z0-9_.$-]*$/;
/** A word and a space before a name, as prose and comments write one (`message key = …`). */
const WORD_BEFORE = /(?:^|[^A-Za-z0-9_.$-])([A-Za-z]+) $/;
const NAME_HEAD = /^[A-Za-z0-9_.$-]*/;

/**
 * The whole name a rule's match assigns its value to: the part of the name before the match
 * (`before`, where an anchored match starts inside a name: `Idempotency-` of `Idempotency-Key`)
 * and the match's own name characters, up to the first character that is none. A name written
 * as two words (`partition key`, `message key`) is joined with `_`.
 */
export function assignedName(before: string, match: string): string {
  const tail = NAME_TAIL.exec(before)?.[0] ?? '';
  const word = tail === '' ? WORD_BEFORE.exec(before)?.[1] : undefined;
  return (word ? `${word}_` : '') + tail + (NAME_HEAD.exec(match)?.[0] ?? '');
}

import { assignedName } from './assignedName';
import { shannonEntropy } from './entropy';
import { isPlaceholder } from './isPlaceholder';
import { isStructuredValue } from './isStructuredValue';
import { namesNoSecret } from './namesNoSecret';

// What the rules accept as a real secret: shared checks for placeholders, entropy and names.

/** Not a placeholder, template, mask or bare word. */
export const notPlaceholder = (secret: string) => !isPlaceholder(secret);
/** Not a placeholder, and at least `bits` bits of entropy per character. */
export const highEntropy = (bits: number) => (secret: string) =>
  !isPlaceholder(secret) && shannonEntropy(secret) >= bits;
/** Has a digit and a letter. */
export const hasDigitAndLetter = (secret: string) => /\d/.test(secret) && /[A-Za-z]/.test(secret);

// Credentials in URLs: template variables, sample words, too short, or the user name again.
/** Template syntax in a credential: `${VAR}`, `{{ x }}`, `<user>`, `%VAR%`. */
export const CREDENTIAL_TEMPLATE =
  /\$\{|\$\(|^\$[A-Za-z_]|\{\{|^\{.*\}$|^<|>$|^\[|\]$|%[A-Za-z_]+%/;
/** Sample words in a credential's place. */
export const CREDENTIAL_WORDS =
  /^(?:my)?(?:password|passwd|pwd|secret|token|changeme|placeholder)$|^(?:your|replace|insert|enter)[_-]|x{4,}|\*{3,}/i;
/** A `user:password` pair that is no template, sample word, repetition or the user name again. */
export function isRealCredential(userinfo: string): boolean {
  const colon = userinfo.indexOf(':');
  const user = userinfo.slice(0, colon);
  const password = userinfo.slice(colon + 1);
  if (CREDENTIAL_TEMPLATE.test(user) || CREDENTIAL_TEMPLATE.test(password)) return false;
  if (password.length < 4 || password === user || CREDENTIAL_WORDS.test(password)) return false;
  return !/^(.)\1*$/.test(password);
}

// A name that holds a reference to a secret, not a secret: an id, a name, a length, a url…
const NOT_A_SECRET_NAME =
  /(?:id|ids|name|names|length|len|url|uri|source|path|type|variable|file|header|count|size|chars|str)["']?\s{0,5}(?::=|=>|[:=])/i;
// Public keys, CSRF tokens and nonces are not secrets at rest.
const PUBLIC_NAME = /public|pub_?key|csrf|xsrf|nonce/i;
/** A dotted code path, a CONSTANT_NAME or a snake_case name: a reference to a secret, not one. */
export const CODE_REFERENCE =
  /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$|^[A-Z][A-Z0-9]*(?:[-_][A-Z0-9]+)+$|^[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+$/;
// Slugs and versions: lower-case words joined by dashes or dots, or three and more dashed words
// (hex groups such as a UUID are not words: a UUID is a common API key).
const SLUG = /^[a-z0-9]+(?:[-.][a-z0-9]+)+$|^[A-Za-z0-9]+(?:-[A-Za-z0-9]+){2,}$/;
const isSlug = (secret: string) =>
  SLUG.test(secret) && !secret.split(/[-.]/).every((part) => /^[0-9a-fA-F]+$/.test(part));
const HOST_LIKE = /\.(?:com|org|net|io|dev|local|internal)(?::\d+)?$|:\d{2,5}$/;
// An alphabet or a counting sequence ("abcdefgh", "01234567") is a character table, not a key.
const SEQUENCE = /abcdefgh|ABCDEFGH|01234567|12345678/;
// A name inside a cloud resource name (`arn:aws:secretsmanager:…:secret:app/db`): the match
// starts in an identifier, not at an assignment. Matches see 32 characters back: an ARN's
// region and 12-digit account fields (or an S3 ARN's empty ones) are what is left of it there.
const IN_ARN = /(?::[a-z0-9-]*:\d{12}:|:::)[^\s"'`]*$/;
/** True when a match starts inside an ARN. */
export const inArn = (before: string) => IN_ARN.test(before);
/**
 * What an assignment to a secret-sounding name must hold to be masked: a secret-shaped value
 * (random, 16 characters and more, 3.5 bits a character, letters and digits) under a name that
 * holds no identifier; not a name, slug, host, sequence, path or other structured value.
 */
export function isGenericSecret(secret: string, match: string, before: string): boolean {
  const name = (/[A-Za-z0-9_.-]*$/.exec(before)?.[0] ?? '') + match;
  if (NOT_A_SECRET_NAME.test(match) || PUBLIC_NAME.test(name)) return false;
  if (namesNoSecret(assignedName(before, match)) || inArn(before)) return false;
  if (isStructuredValue(secret)) return false;
  // A value cut short ("ops_eyJzaWdu..") was already redacted by whoever wrote it.
  if (
    CODE_REFERENCE.test(secret) ||
    isSlug(secret) ||
    HOST_LIKE.test(secret) ||
    SEQUENCE.test(secret) ||
    secret.endsWith('..')
  )
    return false;
  return highEntropy(3.5)(secret) && hasDigitAndLetter(secret);
}

/** Random-looking: at least 3 bits per character and no placeholder (a token body of x's, 1's or a sequence is a sample). */
export const randomLooking = (secret: string): boolean =>
  !isPlaceholder(secret) && !SEQUENCE.test(secret) && shannonEntropy(secret) >= 3;

/** Upper- and lower-case letters both (a word or a hex digest is not a token of a mixed-case alphabet). */
export const mixedCase = (secret: string): boolean =>
  /[a-z]/.test(secret) && /[A-Z]/.test(secret) && randomLooking(secret);

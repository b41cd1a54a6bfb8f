import type { Issue } from '../issues/issue';
import { encodePointer } from '../issues/encodePointer';
import type { Finding } from '../results/replyResult';
import { LEAK_MASK, type LeakOptions, leakRulesFor, maskSpans } from './maskLeaks';
import { scanText } from './scanText';

/**
 * Masks anything the leak scanner finds in a text that leaves replyguard: an issue message, a
 * correction prompt, an error body, a notice. The text is read as the scanner reads a reply
 * (encodings, look-alikes, wrapped lines, base64), and the whole original run is masked.
 *
 * @example
 * redactText('"mysql://root:hunter22@db/prod" is not a member'); // '"mysql://[REDACTED]@db/prod" is not a member'
 */
export function redactText(text: string, options: LeakOptions = {}): string {
  if (text.length === 0) return text;
  const allow = new Set(options.allow ?? []);
  const found = scanText(text, leakRulesFor(options)).filter((item) => !allow.has(text.slice(item.start, item.end)));
  return found.length === 0 ? text : maskSpans(text, found, options.mask ?? LEAK_MASK);
}

/**
 * Masks secrets in an RFC 6901 pointer: each reference token is decoded (`~1` is `/`), redacted
 * on its own and encoded again, and the pointer as a whole is redacted as well (a secret spread
 * over member names). `/segments/0/data/ghp_…` becomes `/segments/0/data/[REDACTED]`.
 */
export function redactPointer(pointer: string, options: LeakOptions = {}): string {
  if (pointer === '') return pointer;
  const tokens = pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
  const redacted = tokens.map((token) => redactText(token, options));
  const joined = redactText(tokens.join('/'), options);
  // A secret found only across tokens masks the whole pointer below the first changed token.
  if (joined !== tokens.join('/') && redacted.join('/') === tokens.join('/')) return encodePointer([tokens[0]!, options.mask ?? LEAK_MASK]);
  return encodePointer(redacted);
}

/** An issue or finding whose `path` and `message` carry no secret (see `redactText`). */
export function redactIssue<T extends Issue | Finding>(issue: T, options: LeakOptions = {}): T {
  const path = redactPointer(issue.path, options);
  const message = 'message' in issue ? redactText(issue.message, options) : undefined;
  if (path === issue.path && (message === undefined || message === (issue as Issue).message)) return issue;
  return message === undefined ? { ...issue, path } : { ...issue, path, message };
}

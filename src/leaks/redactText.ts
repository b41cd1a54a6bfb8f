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
  const found = scanText(text, leakRulesFor(options)).filter(
    (item) => !allow.has(text.slice(item.start, item.end)),
  );
  return found.length === 0 ? text : maskSpans(text, found, options.mask ?? LEAK_MASK);
}

// Texts scanned together are kept apart by lines of NULs around a YAML document break: a NUL is
// no token, space or line character, so no rule matches across it; each text starts and ends a
// line of its own (no blank line added after one that ends with a line break), and a manifest
// rule reads each text as a document of its own.
const BREAK = '\u0000\n---\n\u0000\n';

/**
 * `redactText` for many texts in one scan, so the fixed cost of a scan is paid once (a refused
 * reply has up to `maxIssues` issues, each a pointer and a message).
 */
export function redactTexts(texts: readonly string[], options: LeakOptions = {}): string[] {
  // Each distinct text once: the tokens and messages of a refused reply repeat (`segments`, `data`).
  const distinct = [...new Set(texts)];
  const parts: string[] = [];
  const starts: number[] = [];
  let length = 0;
  for (const text of distinct) {
    if (parts.length > 0) {
      const gap = parts[parts.length - 1]!.endsWith('\n') ? BREAK : `\n${BREAK}`;
      parts.push(gap);
      length += gap.length;
    }
    starts.push(length);
    parts.push(text);
    length += text.length;
  }
  const joined = parts.join('');
  if (joined.length === 0) return [...texts];
  const allow = new Set(options.allow ?? []);
  const found = scanText(joined, leakRulesFor(options)).filter(
    (item) => !allow.has(joined.slice(item.start, item.end)),
  );
  if (found.length === 0) return [...texts];
  const mask = options.mask ?? LEAK_MASK;
  const redacted = new Map<string, string>();
  distinct.forEach((text, index) => {
    const start = starts[index]!;
    const end = start + text.length;
    const mine = found
      .filter((item) => item.start < end && item.end > start)
      .map((item) => ({
        ...item,
        start: Math.max(item.start, start) - start,
        end: Math.min(item.end, end) - start,
      }));
    redacted.set(text, mine.length === 0 ? text : maskSpans(text, mine, mask));
  });
  return texts.map((text) => redacted.get(text)!);
}

/**
 * Masks secrets in an RFC 6901 pointer: each reference token is decoded (`~1` is `/`), redacted
 * on its own and encoded again, and the pointer as a whole is redacted as well (a secret spread
 * over member names). `/segments/0/data/ghp_…` becomes `/segments/0/data/[REDACTED]`.
 */
export function redactPointer(pointer: string, options: LeakOptions = {}): string {
  if (pointer === '') return pointer;
  const tokens = tokensOf(pointer);
  const redacted = redactTexts([...tokens, tokens.join('/')], options);
  return pointerOf(tokens, redacted.slice(0, tokens.length), redacted[tokens.length]!, options);
}

/** An issue or finding whose `path` and `message` carry no secret (see `redactText`). */
export function redactIssue<T extends Issue | Finding>(issue: T, options: LeakOptions = {}): T {
  return redactIssues([issue], options)[0]!;
}

/** `redactIssue` for a list, in one scan of every token, pointer and message. */
export function redactIssues<T extends Issue | Finding>(
  items: readonly T[],
  options: LeakOptions = {},
): T[] {
  const texts: string[] = [];
  const plans = items.map((item) => {
    const tokens = item.path === '' ? [] : tokensOf(item.path);
    const at = texts.length;
    texts.push(...tokens, tokens.join('/'));
    if ('message' in item) texts.push(item.message);
    return { item, tokens, at };
  });
  const redacted = redactTexts(texts, options);
  return plans.map(({ item, tokens, at }) => {
    const path =
      item.path === ''
        ? ''
        : pointerOf(
            tokens,
            redacted.slice(at, at + tokens.length),
            redacted[at + tokens.length]!,
            options,
          );
    const message = 'message' in item ? redacted[at + tokens.length + 1]! : undefined;
    if (path === item.path && (message === undefined || message === (item as Issue).message))
      return item;
    return message === undefined ? { ...item, path } : { ...item, path, message };
  });
}

/** A pointer's reference tokens, decoded (`~1` is `/`, `~0` is `~`). */
function tokensOf(pointer: string): string[] {
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The pointer of redacted tokens; a secret found only across tokens masks all below the first. */
function pointerOf(
  tokens: readonly string[],
  redacted: readonly string[],
  joined: string,
  options: LeakOptions,
): string {
  const whole = tokens.join('/');
  if (joined !== whole && redacted.join('/') === whole)
    return encodePointer([tokens[0]!, options.mask ?? LEAK_MASK]);
  return encodePointer(redacted);
}

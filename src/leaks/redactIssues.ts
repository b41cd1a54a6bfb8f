import type { Issue } from '../issues/issue';
import { appendPointer } from '../issues/appendPointer';
import { excerpt } from '../issues/excerpt';
import type { Finding } from '../results/replyResult';
import { LEAK_MASK } from './leakMask';
import type { LeakOptions } from './leakOptions';
import { keyPieces, quoteOutboundOf } from './quoteOutboundOf';
import type { TextFinding } from './scanText';
import { scanTexts } from './scanTexts';

/** The most characters of an issue's message that leave, after masking (`…` aside). */
export const ISSUE_MESSAGE_MAX = 300;
/** The longest member name a pointer shows as it is. */
export const POINTER_NAME_MAX = 32;
/**
 * What a member name a pointer shows as it is may hold: no blank, quote, bracket, markup or
 * backslash, no control or invisible character (a name that holds them is content, not a name).
 */
const PLAIN_NAME = /^[^\s"'`<>{}[\]()\\\p{C}\p{Default_Ignorable_Code_Point}]*$/u;

/** How far past its first token a pointer read without its slashes goes: past any secret's end. */
const JOIN_REACH = 512;

/**
 * One way of reading a pointer's tokens as a single text: with their slashes (a URL spread over
 * member names), or from one token on without them (a token cut into member names,
 * `/ghp_abc/def…`). `at[k]` is where token `first + k` starts in `text`.
 */
interface Reading {
  readonly text: string;
  readonly first: number;
  readonly at: readonly number[];
}

function readingsOf(tokens: readonly string[]): Reading[] {
  if (tokens.length < 2) return [];
  const at: number[] = [];
  let length = 0;
  for (const token of tokens) {
    at.push(length);
    length += token.length + 1;
  }
  const readings: Reading[] = [{ text: tokens.join('/'), first: 0, at }];
  for (let first = 0; first + 1 < tokens.length; first++) {
    const reach = tokens[first]!.length + JOIN_REACH;
    const starts: number[] = [];
    let text = '';
    for (let k = first; k < tokens.length && text.length < reach; k++) {
      starts.push(text.length);
      text += tokens[k]!;
    }
    readings.push({ text: text.slice(0, reach), first, at: starts });
  }
  return readings;
}

/**
 * Masks secrets in an RFC 6901 pointer: each reference token is decoded (`~1` is `/`) and scanned
 * on its own; the pointer read whole, with and without its slashes, is scanned as well, and a
 * token a secret touches (a secret spread over member names touches each of them) is replaced
 * whole by the mask. So is a token that is no plain name: longer than {@link POINTER_NAME_MAX}
 * characters, or holding blanks, quotes, brackets, markup or invisible characters — a name the
 * model wrote as content (`<think>the admin passphrase is …</think>`) never leaves verbatim, in
 * the pointer nor where an issue's message quotes it.
 * `/segments/0/data/ghp_…` becomes `/segments/0/data/[REDACTED]`.
 */
export function redactPointer(pointer: string, options: LeakOptions = {}): string {
  const issue: Issue = { code: 'LEAK_MASKED', path: pointer, message: '' };
  return redactIssues([issue], options)[0]!.path;
}

/**
 * An issue or finding whose `path` and `message` carry no secret (see `redactPointer`), its
 * message masked, then shortened to {@link ISSUE_MESSAGE_MAX} characters (`quoteOutbound`).
 */
export function redactIssue<T extends Issue | Finding>(
  issue: T,
  options: LeakOptions | false = {},
): T {
  return redactIssues([issue], options)[0]!;
}

/**
 * `redactIssue` for a list, in one scan of every token, reading of a pointer and message. With
 * `false` (leak scanning off, the host's choice) pointers are left as they are and nothing is
 * masked, but no message is longer than {@link ISSUE_MESSAGE_MAX}.
 */
export function redactIssues<T extends Issue | Finding>(
  items: readonly T[],
  options: LeakOptions | false = {},
): T[] {
  if (options === false) return items.map(shortened);
  const texts: string[] = [];
  const plans = items.map((item) => {
    const tokens = item.path === '' ? [] : tokensOf(item.path);
    const readings = readingsOf(tokens);
    const at = texts.length;
    texts.push(...tokens, ...readings.map((reading) => reading.text));
    if ('message' in item) texts.push(item.message);
    return { item, tokens, readings, at };
  });
  const found = scanTexts(texts, options);
  const mask = options.mask ?? LEAK_MASK;
  return plans.map(({ item, tokens, readings, at }) => {
    const spans = tokens.map((_, k) => [...found[at + k]!]);
    readings.forEach((reading, r) =>
      project(found[at + tokens.length + r]!, reading, tokens, spans),
    );
    const shown = tokens.map((token, k) =>
      spans[k]!.length === 0 &&
      isPlainName(token) &&
      keyPieces(token, options.literals).length === 0
        ? token
        : mask,
    );
    const path = shown.reduce(appendPointer, '');
    const unchanged = shown.every((token, k) => token === tokens[k]);
    // The message quotes a hidden name as its excerpt (`unknown field "<think>the…"`): hidden too.
    const hidden = tokens.filter((token, k) => shown[k] !== token);
    const message =
      'message' in item
        ? quoteOutboundOf(item.message, { max: ISSUE_MESSAGE_MAX, leaks: options }, [
            ...found[at + tokens.length + readings.length]!,
            ...quotedNames(item.message, hidden),
          ])
        : undefined;
    if (unchanged && (message === undefined || message === (item as Issue).message)) return item;
    return message === undefined ? { ...item, path } : { ...item, path, message };
  });
}

/** Where a message quotes one of these names, as `excerpt` quotes a name. */
function quotedNames(message: string, names: readonly string[]): TextFinding[] {
  const spans: TextFinding[] = [];
  for (const name of names) {
    const quoted = `"${excerpt(name)}"`;
    for (let at = message.indexOf(quoted); at !== -1; at = message.indexOf(quoted, at + 1))
      spans.push({ rule: 'member-name', start: at + 1, end: at + quoted.length - 1 });
  }
  return spans;
}

/** An issue whose message is no longer than {@link ISSUE_MESSAGE_MAX}, nothing masked. */
function shortened<T extends Issue | Finding>(item: T): T {
  if (!('message' in item) || item.message.length <= ISSUE_MESSAGE_MAX) return item;
  return {
    ...item,
    message: quoteOutboundOf(item.message, { max: ISSUE_MESSAGE_MAX, leaks: false }),
  };
}

/** A member name a pointer may show: short, and nothing in it but a name's characters. */
function isPlainName(token: string): boolean {
  return token.length <= POINTER_NAME_MAX && PLAIN_NAME.test(token);
}

/** Adds each finding of a reading, cut to the tokens it covers, to those tokens' spans. */
function project(
  found: readonly TextFinding[],
  reading: Reading,
  tokens: readonly string[],
  spans: TextFinding[][],
): void {
  for (const item of found) {
    reading.at.forEach((start, k) => {
      const token = reading.first + k;
      const from = Math.max(item.start, start) - start;
      const to = Math.min(item.end, start + tokens[token]!.length) - start;
      if (to > from) spans[token]!.push({ rule: item.rule, start: from, end: to });
    });
  }
}

/** A pointer's reference tokens, decoded (`~1` is `/`, `~0` is `~`). */
function tokensOf(pointer: string): string[] {
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

import type { Issue } from '../issues/issue';
import { appendPointer } from '../issues/appendPointer';
import type { Finding } from '../results/replyResult';
import { LEAK_MASK } from './leakMask';
import type { LeakOptions } from './leakOptions';
import { maskSpans } from './maskSpans';
import type { TextFinding } from './scanText';
import { scanTexts } from './scanTexts';

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
 * Masks secrets in an RFC 6901 pointer: each reference token is decoded (`~1` is `/`), redacted
 * on its own and encoded again; the pointer read whole, with and without its slashes, is scanned
 * as well, and what a secret spread over member names covers is masked in each token it touches.
 * `/segments/0/data/ghp_…` becomes `/segments/0/data/[REDACTED]`.
 */
export function redactPointer(pointer: string, options: LeakOptions = {}): string {
  const issue: Issue = { code: 'LEAK_MASKED', path: pointer, message: '' };
  return redactIssues([issue], options)[0]!.path;
}

/** An issue or finding whose `path` and `message` carry no secret (see `redactText`). */
export function redactIssue<T extends Issue | Finding>(issue: T, options: LeakOptions = {}): T {
  return redactIssues([issue], options)[0]!;
}

/** `redactIssue` for a list, in one scan of every token, reading of a pointer and message. */
export function redactIssues<T extends Issue | Finding>(
  items: readonly T[],
  options: LeakOptions = {},
): T[] {
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
    const redacted: string[] = tokens.map((token, k) =>
      spans[k]!.length === 0 ? token : maskSpans(token, spans[k]!.sort(byStart), mask),
    );
    const path = redacted.reduce(appendPointer, '');
    const unchanged = redacted.every((token, k) => token === tokens[k]);
    const message =
      'message' in item
        ? redactMessage(item.message, found[at + tokens.length + readings.length]!, mask)
        : undefined;
    if (unchanged && (message === undefined || message === (item as Issue).message)) return item;
    return message === undefined ? { ...item, path } : { ...item, path, message };
  });
}

function redactMessage(message: string, found: readonly TextFinding[], mask: string): string {
  return found.length === 0 ? message : maskSpans(message, found, mask);
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

const byStart = (a: TextFinding, b: TextFinding) => a.start - b.start || b.end - a.end;

/** A pointer's reference tokens, decoded (`~1` is `/`, `~0` is `~`). */
function tokensOf(pointer: string): string[] {
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

import type { Issue } from '../../src/issues/issue';
import { createJsonStream } from '../../src/json/createJsonStream';
import type { JsonLimits } from '../../src/json/jsonLimits';
import type { JsonObserver } from '../../src/json/jsonObserver';
import type { ParseResult } from '../../src/json/parseJson';

/**
 * A result as comparable data: -0 stays distinct from 0, and every own member counts (an own
 * `__proto__` included), in order. `toEqual` alone would miss both.
 */
export function canonical(result: ParseResult): unknown {
  if (!result.ok) return { ok: false, issue: result.issue };
  const walk = (value: unknown): unknown => {
    if (typeof value === 'number') return Object.is(value, -0) ? '-0' : value;
    if (Array.isArray(value)) return ['array', ...value.map(walk)];
    if (typeof value === 'object' && value !== null) {
      if (Object.getPrototypeOf(value) !== Object.prototype) return 'WRONG PROTOTYPE';
      return [
        'object',
        ...Object.keys(value).map((key) => [key, walk((value as Record<string, unknown>)[key])]),
      ];
    }
    return value;
  };
  return { ok: true, value: walk(result.value) };
}

/** What a stream gave for some chunks: the end result, the first issue `push` returned and where. */
export interface StreamRun {
  readonly result: ParseResult;
  /** The first issue a push returned, and the index of that push. */
  readonly pushed: Issue | undefined;
  readonly pushIndex: number;
  /** `offset` after the last push (before `end`). */
  readonly offset: number;
}

/** Feeds `chunks` to a fresh stream and ends it. */
export function runStream(
  chunks: readonly string[],
  limits?: Partial<JsonLimits>,
  observer?: JsonObserver,
): StreamRun {
  const stream = createJsonStream(limits, observer);
  let pushed: Issue | undefined;
  let pushIndex = -1;
  chunks.forEach((chunk, index) => {
    const issue = stream.push(chunk);
    if (issue !== undefined && pushed === undefined) {
      pushed = issue;
      pushIndex = index;
    }
  });
  const offset = stream.offset;
  return { result: stream.end(), pushed, pushIndex, offset };
}

/** `text` cut at the given positions. */
export function splitAt(text: string, cuts: readonly number[]): string[] {
  const chunks: string[] = [];
  let from = 0;
  for (const cut of cuts) {
    chunks.push(text.slice(from, cut));
    from = cut;
  }
  chunks.push(text.slice(from));
  return chunks;
}

/** A small seeded generator (mulberry32), so a failing chunking can be replayed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `text` cut into chunks of random sizes between 1 and `max`. */
export function randomChunks(text: string, random: () => number, max = 64): string[] {
  const chunks: string[] = [];
  for (let at = 0; at < text.length;) {
    const size = 1 + Math.floor(random() * max);
    chunks.push(text.slice(at, at + size));
    at += size;
  }
  return chunks;
}

/** `text` one character (UTF-16 code unit) per chunk. */
export function charChunks(text: string): string[] {
  return Array.from({ length: text.length }, (_, i) => text[i]!);
}

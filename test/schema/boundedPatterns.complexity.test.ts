import { describe, expect, it } from 'vitest';
import { compileBoundedPatterns } from '../../src/schema/compileBoundedPatterns';
import { MAX_RATIO, fill, growthRatio } from '../leaks/complexity';

// The full sweep for client patterns: the classic catastrophic patterns, on the bounded engine,
// cost as much for one 1 MiB input as for eight of 128 KB (linear), where a backtracking engine
// takes 2^n steps on a few dozen characters. The control shows the check would see a super-linear
// matcher: the native engine on a pattern it runs in quadratic time.

/** A pattern and the input it is slowest on (no match, so every path is tried). */
const CATASTROPHIC: readonly (readonly [string, (size: number) => string])[] = [
  ['^(a+)+$', (size) => `${fill('a', size - 1)}!`],
  ['(a|a)*$', (size) => `${fill('a', size - 1)}!`],
  ['(a*)*b', (size) => fill('a', size)],
  ['^(\\w+\\s?)*$', (size) => `${fill('ab ', size - 1)}!`],
  ['(.*a){20}', (size) => `${fill('a', 19)}${fill('b', size - 19)}`],
  // An automaton the engine cannot cache (2^20 states): its worst case.
  ['(a|b)*a(a|b){20}$', (size) => fill('ab', size)],
];

describe('catastrophic patterns are linear on the bounded engine', { retry: 2 }, () => {
  it.each(CATASTROPHIC)('%s', (source, make) => {
    const { patterns } = compileBoundedPatterns([{ source, path: '' }]);
    const pattern = patterns.get(source)!;
    expect(growthRatio((text) => pattern.test(text), make)).toBeLessThan(MAX_RATIO);
  });
});

it(
  'the check would catch a super-linear matcher (negative control: native, quadratic)',
  { retry: 2 },
  () => {
    const quadratic = new RegExp('a*c', 'u');
    expect(
      growthRatio(
        (text) => quadratic.test(text),
        (size) => fill('a', size),
        1024,
      ),
    ).toBeGreaterThan(MAX_RATIO);
  },
);

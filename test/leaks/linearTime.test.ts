import { describe, expect, it } from 'vitest';
import { LEAK_RULES } from '../../src/leaks/leakRules';
import { scanText } from '../../src/leaks/scanText';
import { RULE_SAMPLES } from './ruleSamples';

// A complexity check, not a timing budget: one scan of 1 MB of adversarial input is compared
// with eight scans of 128 KB (the same bytes in all). Linear rules score about 1, quadratic ones
// about 8. Each side is the best of five runs, so a noisy machine does not decide it.
const SMALL = 128 * 1024;
const LARGE = 8 * SMALL;
const MAX_RATIO = 4;

function fill(unit: string, size: number): string {
  return unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
}

function bestTime(run: () => void): number {
  let best = Infinity;
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return Math.max(best, 0.05);
}

/** Near-matches for one rule: cut samples, repeated prefixes, a prefix followed by a long run. */
function adversarial(ruleId: string): ((size: number) => string)[] {
  const sample = RULE_SAMPLES[ruleId]!.tp[0]!;
  const rule = LEAK_RULES.find((r) => r.id === ruleId)!;
  const half = sample.slice(0, Math.max(4, sample.length >> 1));
  const keyword = rule.keywords[0] ?? sample.slice(0, 4);
  return [
    (size) => fill(sample.slice(0, -1) + ' ', size),
    (size) => fill(half, size),
    (size) => half + fill('a', size - half.length),
    (size) => fill(keyword, size),
    (size) => fill(keyword.toUpperCase() + '=', size),
    (size) => keyword + ' = "' + fill('A1b2', size),
  ];
}

// Other test files share the two cores: a retry absorbs a stall; a quadratic rule fails every try.
describe('every rule runs in linear time on 1 MB of near-matches', { retry: 2 }, () => {
  it.each(LEAK_RULES.map((rule) => rule.id))('%s', (ruleId) => {
    const rule = LEAK_RULES.find((r) => r.id === ruleId)!;
    for (const make of adversarial(ruleId)) {
      const small = make(SMALL);
      const large = make(LARGE);
      const eightSmall = bestTime(() => {
        for (let i = 0; i < 8; i++) scanText(small, [rule]);
      });
      const ratio = bestTime(() => scanText(large, [rule])) / eightSmall;
      expect(ratio, `${ruleId} on ${JSON.stringify(large.slice(0, 40))}…`).toBeLessThan(MAX_RATIO);
    }
  });
});

it('would catch a quadratic rule (negative control)', () => {
  const quadratic = { id: 'quadratic', family: 'test', keywords: [], pattern: /[a-z]+\d/g };
  const small = fill('a', 2048);
  const large = fill('a', 8 * 2048);
  const eightSmall = bestTime(() => {
    for (let i = 0; i < 8; i++) scanText(small, [quadratic]);
  });
  expect(bestTime(() => scanText(large, [quadratic])) / eightSmall).toBeGreaterThan(MAX_RATIO);
});

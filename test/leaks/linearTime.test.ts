import { describe, expect, it } from 'vitest';
import { LEAK_RULES } from '../../src/leaks/leakRules';
import { scanText } from '../../src/leaks/scanText';
import { HYGIENE_RULES } from '../../src/hygiene/hygieneRules';
import { HYGIENE_SAMPLES } from '../hygiene/hygieneSamples';
import { MAX_RATIO, SMALL, fill, growthRatio } from './complexity';
import { RULE_SAMPLES } from './ruleSamples';

// The leak rules and the hygiene rules run on the same engine; both are checked here.
const RULES = [...LEAK_RULES, ...HYGIENE_RULES];
const SAMPLES = { ...RULE_SAMPLES, ...HYGIENE_SAMPLES };

/** Near-matches for one rule: cut samples, repeated prefixes, a prefix followed by a long run. */
function adversarial(ruleId: string): ((size: number) => string)[] {
  const sample = SAMPLES[ruleId]!.tp[0]!;
  const rule = RULES.find((r) => r.id === ruleId)!;
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
  it.each(RULES.map((rule) => rule.id))('%s', (ruleId) => {
    const rule = RULES.find((r) => r.id === ruleId)!;
    for (const make of adversarial(ruleId)) {
      const ratio = growthRatio((text) => scanText(text, [rule]), make);
      expect(ratio, `${ruleId} on ${JSON.stringify(make(SMALL).slice(0, 40))}…`).toBeLessThan(
        MAX_RATIO,
      );
    }
  });
});

it('would catch a quadratic rule (negative control)', () => {
  const quadratic = { id: 'quadratic', family: 'test', keywords: [], pattern: /[a-z]+\d/g };
  expect(
    growthRatio(
      (text) => scanText(text, [quadratic]),
      (size) => fill('a', size),
      2048,
    ),
  ).toBeGreaterThan(MAX_RATIO);
});

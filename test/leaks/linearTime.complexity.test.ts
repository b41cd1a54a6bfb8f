import { describe, expect, it } from 'vitest';
import { scanText } from '../../src/leaks/scanText';
import { MAX_RATIO, SMALL, fill, growthRatio } from './complexity';
import { RULES, adversarial } from './nearMatches';

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

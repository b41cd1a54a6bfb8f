import { describe, expect, it } from 'vitest';
import { LEAK_RULES } from '../../src/leaks/leakRules';
import { scanText } from '../../src/leaks/scanText';
import { RULE_SAMPLES } from './ruleSamples';

describe('every built-in rule', () => {
  it('has samples', () => {
    expect(Object.keys(RULE_SAMPLES).sort()).toEqual(LEAK_RULES.map((rule) => rule.id).sort());
  });

  // The rule makers take a family from the id's first word (up to its first `-`): an id without
  // one must give its family, or it would be the id cut short (`jw` for `jwt`). The one family
  // shorter than its id's first word is given: `npmrc-auth-token` is of the `npm` family.
  it('has a family that is no id cut short', () => {
    const cut = LEAK_RULES.filter(
      ({ id, family }) => id.startsWith(family) && ![undefined, '-'].includes(id[family.length]),
    );
    expect(cut.map(({ id, family }) => `${id}: ${family}`)).toEqual(['npmrc-auth-token: npm']);
  });

  for (const rule of LEAK_RULES) {
    const samples = RULE_SAMPLES[rule.id]!;
    it.each(samples.tp)(`${rule.id} finds %s`, (text) => {
      const found = scanText(text, [rule]);
      expect(found.length).toBeGreaterThan(0);
    });
    it.each(samples.fp)(`${rule.id} leaves %s alone`, (text) => {
      expect(scanText(text, [rule])).toEqual([]);
    });
  }
});

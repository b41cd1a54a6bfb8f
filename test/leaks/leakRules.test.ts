import { describe, expect, it } from 'vitest';
import { LEAK_RULES } from '../../src/leaks/leakRules';
import { scanText } from '../../src/leaks/scanText';
import { RULE_SAMPLES } from './ruleSamples';

describe('every built-in rule', () => {
  it('has samples', () => {
    expect(Object.keys(RULE_SAMPLES).sort()).toEqual(LEAK_RULES.map((rule) => rule.id).sort());
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

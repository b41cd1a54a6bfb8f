import { RegExpParser } from '@eslint-community/regexpp';
import { analyse } from 'scslre';
import { describe, expect, it } from 'vitest';
import { HYGIENE_RULES } from '../../src/hygiene/hygieneRules';
import { LEAK_RULES } from '../../src/leaks/leakRules';

// Lints every rule's regex for super-linear backtracking (scslre, the analysis behind
// eslint-plugin-regexp's no-super-linear-backtracking): exponential and polynomial blow-ups
// inside the pattern, and the quadratic "moving start" of a global search over a long run.
const withPattern = [...LEAK_RULES, ...HYGIENE_RULES].filter((rule) => rule.pattern);

describe('leak rule regexes', () => {
  it.each(withPattern.map((rule) => [rule.id, rule.pattern!] as const))(
    '%s cannot backtrack super-linearly',
    (_id, pattern) => {
      const ast = new RegExpParser().parseLiteral(pattern.toString());
      const { reports } = analyse(ast, { reportTypes: { Move: true, Self: true, Trade: true } });
      expect(
        reports.map((report) => `${report.type}${report.exponential ? ' (exponential)' : ''}`),
      ).toEqual([]);
    },
  );

  it('every rule is global, and has the d flag exactly when it names a secret group', () => {
    for (const rule of withPattern) {
      expect(rule.pattern!.global, rule.id).toBe(true);
      expect(rule.pattern!.hasIndices, rule.id).toBe(rule.pattern!.source.includes('(?<secret>'));
    }
  });
});

it('the lint flags super-linear patterns (negative control)', () => {
  for (const bad of [/(a+)+b/, /[a-z]+\d/g, /\s*=\s*x/g]) {
    const { reports } = analyse(new RegExpParser().parseLiteral(bad.toString()), {
      reportTypes: { Move: true, Self: true, Trade: true },
    });
    expect(reports.length, bad.toString()).toBeGreaterThan(0);
  }
});

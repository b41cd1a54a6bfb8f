import { describe, expect, it } from 'vitest';
import { HYGIENE_RULES } from '../../src/hygiene/hygieneRules';
import { LEAK_RULES } from '../../src/leaks/leakRules';
import { ignoresCase } from '../../src/leaks/ignoresCase';
import { ruleSpans } from '../../src/leaks/scanText';
import { regexExamples } from './regexExamples';

// A rule branch that no keyword admits is dead code that looks like protection: every alternative
// of every rule must be reachable through the rule's own prefilter, in every case the rule accepts.
const withPattern = [...LEAK_RULES, ...HYGIENE_RULES].filter((rule) => rule.pattern);
const alternating = (text: string) =>
  [...text].map((char, k) => (k % 2 ? char.toLowerCase() : char.toUpperCase())).join('');

describe('every alternative of every rule is reachable through its prefilter', () => {
  it.each(withPattern.map((rule) => [rule.id, rule] as const))('%s', (_id, rule) => {
    const examples = regexExamples(rule.pattern!);
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) {
      const forms = ignoresCase(rule)
        ? [example, example.toUpperCase(), example.toLowerCase(), alternating(example)]
        : [example];
      for (const form of forms) {
        const direct = new RegExp(rule.pattern!.source, rule.pattern!.flags);
        if (!direct.test(form)) continue; // a case form the pattern itself refuses (`\d` upper-cased stays `\d`)
        expect(
          ruleSpans(form, rule).length,
          `${rule.id} cannot reach ${JSON.stringify(form)}`,
        ).toBeGreaterThan(0);
      }
      expect(
        new RegExp(rule.pattern!.source, rule.pattern!.flags).test(example),
        `example ${JSON.stringify(example)} of ${rule.id}`,
      ).toBe(true);
    }
  });
});

it('would catch an unreachable alternative (negative control)', () => {
  const rule = {
    id: 'dead-branch',
    family: 'test',
    keywords: ['think'],
    pattern: /<(?:think|inner_monologue)>/gi,
  };
  const unreachable = regexExamples(rule.pattern).filter(
    (example) => ruleSpans(example, rule).length === 0,
  );
  expect(unreachable).toEqual(['<inner_monologue>']);
});

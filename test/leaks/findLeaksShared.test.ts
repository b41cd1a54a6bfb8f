import { describe, expect, it } from 'vitest';
import { HYGIENE_RULES } from '../../src/hygiene/hygieneRules';
import { BUILT_IN_RULES } from '../../src/leaks/builtInRules';
import { findLeaks } from '../../src/leaks/findLeaks';
import type { LeakRule } from '../../src/leaks/leakRule';
import { scanText } from '../../src/leaks/scanText';
import { textStream } from '../../src/leaks/textStream';

// findLeaks given the findings of a scan shared with other rules (as a reply's policies call it).
describe('findLeaks with a shared scan', () => {
  const token = 'ghp_' + 'aB3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0eF3hJ6';

  it('found nothing: still reports a host literal written as a number', () => {
    const stream = textStream({ id: 987654321, text: 'nothing here' });
    expect(findLeaks(stream, { literals: ['987654321'] }, [])).toEqual([
      { code: 'LEAK_MASKED', rule: 'host-literal', path: '/id' },
    ]);
    expect(findLeaks(stream, {}, [])).toEqual([]);
  });

  it('found nothing: still refuses an allow that is no list', () => {
    const stream = textStream({ text: 'nothing here' });
    const allow = 5 as unknown as string[];
    expect(() => findLeaks(stream, { allow }, [])).toThrow(TypeError);
    expect(() => findLeaks(stream, { allow, literals: ['987654321'] }, [])).toThrow(TypeError);
  });

  it('keeps the findings of each rule array apart (its own ids, whichever came first)', () => {
    const stream = textStream({ text: `<think>x</think> ${token}` });
    const tokenRules = BUILT_IN_RULES.filter((rule) => rule.id === 'github-token');
    expect(tokenRules).toHaveLength(1);
    const other: LeakRule[] = [{ id: 'codeword', family: 'host', keywords: [], pattern: /zq\d+/g }];
    const shared = scanText(
      stream.text,
      (HYGIENE_RULES as readonly LeakRule[]).concat(tokenRules),
      stream.joins,
    );
    expect(shared.map((hit) => hit.rule)).toContain('reasoning-tag');
    const rules = (options: { rules: readonly LeakRule[] }) =>
      findLeaks(stream, options, shared).map((finding) => finding.rule);
    // The other array first: its filter must not serve the token rules, nor the reverse.
    expect(rules({ rules: other })).toEqual([]);
    expect(rules({ rules: tokenRules })).toEqual(['github-token']);
    expect(rules({ rules: [...tokenRules] })).toEqual(['github-token']);
    expect(rules({ rules: other })).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { maskLeaks } from '../../src/leaks/maskLeaks';
import { BUILT_IN_RULES } from '../../src/leaks/builtInRules';
import { leakRulesFor } from '../../src/leaks/leakRulesFor';
import { scanTables } from '../../src/leaks/scanTables';

// A host that writes `literals: [env.KEY]` in each call passes a new array every time: the
// literals' rule is found again by their content, and with it the scanner's tables (kept per the
// rules in a set), built once.
describe('the rules for a host’s literals', () => {
  const secret = 'sk-live-literal-0123456789';

  it('are the same rules, with the same tables, for a new array of the same literals', () => {
    const first = leakRulesFor({ literals: [secret] });
    expect(leakRulesFor({ literals: [secret] })).toEqual(first);
    expect(scanTables(leakRulesFor({ literals: [secret] }))).toBe(scanTables(first));
    expect(first).toHaveLength(BUILT_IN_RULES.length + 1);
    // The same array again: the same set.
    const literals = [secret];
    expect(leakRulesFor({ literals })).toBe(leakRulesFor({ literals }));
  });

  it('differs for other literals, and content that would join alike stays apart', () => {
    const joined = leakRulesFor({ literals: ['abcdefgh\u0000ijklmnop'] });
    const apart = leakRulesFor({ literals: ['abcdefgh', 'ijklmnop'] });
    expect(apart).not.toBe(joined);
    expect(maskLeaks('see abcdefgh', { literals: ['abcdefgh', 'ijklmnop'] }).value).toBe(
      'see [REDACTED]',
    );
    expect(maskLeaks('see abcdefgh', { literals: ['abcdefgh\u0000ijklmnop'] }).value).toBe(
      'see abcdefgh',
    );
  });

  it('keeps the literals’ rule across other rule arrays, and each array’s own rules', () => {
    const own = [...BUILT_IN_RULES.slice(0, 3)];
    const withOwn = leakRulesFor({ rules: own, literals: [secret] });
    const withBuiltIn = leakRulesFor({ literals: [secret] });
    expect(withOwn.slice(0, 3)).toEqual(own);
    expect(withOwn).toHaveLength(4);
    expect(withOwn.at(-1)).toBe(withBuiltIn.at(-1));
    // Its tables are found again by the rules in the set (scanTables), whichever array holds them.
    expect(scanTables(leakRulesFor({ rules: own, literals: [secret] }))).toBe(scanTables(withOwn));
  });

  it('still finds every set after more distinct sets than are kept', () => {
    const sets = Array.from({ length: 40 }, (_, k) => `host-secret-${k}-value`);
    for (const value of sets)
      expect(maskLeaks(`a ${value} b`, { literals: [value] }).value).toBe('a [REDACTED] b');
    // The first sets were dropped from the cache, not their detection.
    expect(maskLeaks(`a ${sets[0]} b`, { literals: [sets[0]!] }).value).toBe('a [REDACTED] b');
    expect(maskLeaks(`a ${sets[0]} b`, { literals: [sets[1]!] }).value).toBe(`a ${sets[0]} b`);
  });
});

import { describe, expect, it } from 'vitest';
import { HYGIENE_RULES } from '../../src/hygiene/hygieneRules';
import { hostLiteralRule } from '../../src/leaks/hostLiteralRule';
import type { LeakRule } from '../../src/leaks/leakRule';
import { LEAK_RULES } from '../../src/leaks/leakRules';
import { scanTables } from '../../src/leaks/scanTables';
import { scanText } from '../../src/leaks/scanText';

// The first pass's tables are built once per rule set and kept: nothing is rebuilt per call, per
// view or per turn (a host that makes a new array of the same rules each turn, or adds a literal).
describe('the scanner tables', () => {
  it('are built once per rule set, and found again for a new array of the same rules', () => {
    const tables = scanTables(LEAK_RULES);
    expect(scanTables(LEAK_RULES)).toBe(tables);
    expect(scanTables([...LEAK_RULES])).toBe(tables);
    const shared = [...HYGIENE_RULES, ...LEAK_RULES];
    expect(scanTables([...HYGIENE_RULES, ...LEAK_RULES])).toBe(scanTables(shared));
    expect(scanTables(shared)).not.toBe(tables);
  });

  it('share the keyword automaton with a rule set that only adds rules without keywords', () => {
    const tables = scanTables(LEAK_RULES);
    const withLiteral = scanTables([...LEAK_RULES, hostLiteralRule(['hunter2-prod-7'])]);
    expect(withLiteral).not.toBe(tables);
    expect(withLiteral.next).toBe(tables.next);
    expect(withLiteral.classes).toBe(tables.classes);
    expect(withLiteral.always).toHaveLength(1);
  });

  it('keep the rules a scan uses: a view reads the tables of its text', () => {
    // A smuggled token (a view) and a wrapped one (a joined view) are found with one set's tables.
    const token = `ghp_${'aB3dE5gH7jK9mN1pQ3rS5tU7vW9xY1zA2cD4'}`;
    const text = `a ${token.slice(0, 9)}\u200b${token.slice(9)} and ${token.slice(0, 20)}\n${token.slice(20)} end`;
    expect(scanText(text, LEAK_RULES).map((f) => f.rule)).toEqual(['github-token', 'github-token']);
  });
});

describe('keywords', () => {
  const rule = (keywords: string[], pattern: RegExp, ignoreCase?: boolean): LeakRule => ({
    id: 'test',
    family: 'test',
    keywords,
    pattern,
    anchored: true,
    ...(ignoreCase === undefined ? {} : { ignoreCase }),
  });

  it('match in any case only where the rule does', () => {
    const caseless = [rule(['SeCrEt_'], /secret_\d{4}/gi)];
    const exact = [rule(['SeCrEt_'], /SeCrEt_\d{4}/g)];
    for (const text of ['x secret_1234', 'x SECRET_1234', 'x SeCrEt_1234'])
      expect(scanText(text, caseless), text).toHaveLength(1);
    expect(scanText('x secret_1234', exact)).toEqual([]);
    expect(scanText('x SeCrEt_1234', exact)).toHaveLength(1);
  });

  it('as short as the automaton reads are found by their classes alone, as a caseless regex reads them', () => {
    // No check on a hit for these (the automaton's classes are the regex's reading): a
    // caseless and an exact keyword of one prefix.
    const rules = [rule(['sk_'], /sk_\d{4}/gi), { ...rule(['Sk_'], /Sk_\d{4}/g), id: 'exact' }];
    expect(scanText('SK_1234 Sk_5678 sK_9012', rules).map((f) => `${f.rule} ${f.start}`)).toEqual([
      'test 0',
      'exact 8',
      'test 8',
      'test 16',
    ]);
  });

  it('longer than the automaton reads are checked whole on a hit', () => {
    const rules = [rule(['pypi-AgEIcHlwaS5vcmc'], /pypi-AgEIcHlwaS5vcmc\w{8}/g)];
    expect(scanText('pypi-AgEIcHlwaS5vcmcABCDEFGH', rules)).toHaveLength(1);
    expect(scanText('pypi-AgEIcXlwaS5vcmcABCDEFGH', rules)).toEqual([]);
    expect(scanText('pypi-AgEIcHlwaS5vcm', rules)).toEqual([]);
  });

  it('with letters beyond ASCII match in every case a caseless regex reads as theirs', () => {
    // Σ, σ and the final ς are one letter to a caseless regex; so is the keyword.
    const rules = [rule(['σκ_'], /σκ_\d{4}/gi)];
    for (const text of ['ΣΚ_1234', 'σκ_1234', 'ςΚ_1234'])
      expect(scanText(text, rules), text).toHaveLength(1);
    expect(scanText('sk_1234', rules)).toEqual([]);
  });

  it('overlapping and nested in one another are each found', () => {
    const rules = [rule(['abc'], /abc\d/g), rule(['bcd'], /bcd\d/g), rule(['abcdef'], /abcdef\d/g)];
    expect(scanText('abc1 bcd2 abcdef3', rules).map((f) => f.start)).toEqual([0, 5, 10]);
    // `bcd` inside `abcdef` is found too (its rule's own match fails on `e`).
    expect(scanText('xabcdef9', [...rules, rule(['cde'], /cdef\d/g)]).map((f) => f.start)).toEqual([
      1, 3,
    ]);
  });

  it('hold the pairs of units keywords have one after the other, as a caseless regex reads them', () => {
    const has = (tables: ReturnType<typeof scanTables>, a: number, b: number) =>
      tables.pairs[129 * a + b] !== undefined;
    const tables = scanTables(LEAK_RULES);
    // `ut` of `auth`, `0a` of `sq0atp` (upper case: `caselessUnit`); no keyword has `uw`.
    expect(has(tables, 0x55, 0x54)).toBe(true);
    expect(has(tables, 0x30, 0x41)).toBe(true);
    expect(has(tables, 0x55, 0x57)).toBe(false);
    expect(has(tables, 0x75, 0x74)).toBe(false);
    // Units above ASCII are all one (0x80): a keyword of a host's with them.
    const host = scanTables([rule(['жщ1a'], /жщ1a\d/gi), ...LEAK_RULES]);
    expect(has(host, 0x80, 0x80)).toBe(true);
    expect(has(host, 0x80, 0x31)).toBe(true);
    expect(has(tables, 0x80, 0x31)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { scanLeaks } from '../../src';
import { patternReach } from '../../src/leaks/patternReach';

// The joined view of strings cut at a seam reads as far as a rule's match can reach; a reach
// read too short leaves a secret cut across strings unfound.
describe('patternReach', () => {
  it('counts a character as two units under `v` as under `u`', () => {
    expect(patternReach(new RegExp('.{100}', 'v')).length).toBe(200);
    expect(patternReach(/.{100}/u).length).toBe(200);
    expect(patternReach(/.{100}/).length).toBe(100);
  });

  it('reads a nested `v` class or a class of strings as unbounded (read too long is safe)', () => {
    expect(patternReach(new RegExp('[[a-z]--[aeiou]]{50}', 'v')).length).toBe(Infinity);
    expect(patternReach(new RegExp('[\\q{abcdef}x]{2}', 'v')).length).toBe(Infinity);
    // Without `v`, `[` in a class is a character and `\q` an escape.
    expect(patternReach(/[[a-z]{50}/).length).toBe(50);
    expect(patternReach(new RegExp('[\\q]{3}')).length).toBe(3);
  });

  it('reads a `v` property, which may be of strings, as unbounded', () => {
    // 👨‍👩‍👧‍👦 is one \p{RGI_Emoji} match of 11 units.
    expect(patternReach(new RegExp('KEY=\\p{RGI_Emoji}{8}', 'v')).length).toBe(Infinity);
    expect(patternReach(new RegExp('[\\p{RGI_Emoji}]', 'v')).length).toBe(Infinity);
    expect(patternReach(/\p{L}{8}/u).length).toBe(16);
  });

  it('reads a group with its own flags as a group, not a named one', () => {
    // `(?i:…)` is Node 24's syntax; read from the source, as a RegExp written on it has.
    const modified = (source: string) => ({ source, flags: '', unicode: false }) as RegExp;
    expect(patternReach(modified('KEY=(?i:x)[a-z]{300}')).length).toBe(305);
    expect(patternReach(modified('(?-i:ab){2}(?<t>z)')).length).toBe(5);
    expect(patternReach(modified('(?<name>ab)c')).length).toBe(3);
  });

  it('reads the escapes a pattern without `u` reads as letters, and ends (it looped on `\\u{`)', () => {
    // Without `u`: `\u{3}` is three `u`s, `\p{20}` twenty `p`s, `\c1` the three characters.
    const cases: [string, number][] = [
      ['\\u{3}', 3],
      ['\\p{20}', 20],
      ['\\c1', 3],
      ['\\xgz', 3],
      ['\\u12', 3],
      ['a\\u|bbbbbbbb', 8],
      ['\\x41B', 2],
      ['\\u0041{3}', 3],
      ['\\u{', 2],
      ['a\\p{', 3],
    ];
    for (const [source, longest] of cases)
      expect([source, patternReach(new RegExp(source)).length]).toEqual([source, longest]);
  });

  it('reads a quantified astral character under `u` whole', () => {
    expect(patternReach(/😀{5}/u).length).toBeGreaterThanOrEqual(10);
    expect(patternReach(new RegExp('\\uD83D\\uDE00{5}', 'u')).length).toBeGreaterThanOrEqual(10);
    expect(patternReach(/\u{1F600}{2}/u).length).toBe(4);
  });

  it('reads an atom repeated zero times as nothing, even an unbounded one', () => {
    expect(patternReach(/a(b+){0}c/).length).toBe(2);
  });

  it('finds a `v` rule cut across strings as it finds the `u` rule', () => {
    const parts = [`KEY=${'😀'.repeat(100)}abcdefghij`, 'klmnopqrst end'];
    const rule = (flags: string) => ({
      id: `cut-${flags}`,
      family: 'cut',
      keywords: ['KEY='],
      anchored: true,
      pattern: new RegExp('KEY=.{100}[a-z]{20}', flags),
    });
    const spans = (flags: string) =>
      scanLeaks(parts, { rules: [rule(flags)] }).map(({ path, start, end }) => [path, start, end]);
    expect(spans('u')).not.toEqual([]);
    expect(spans('v')).toEqual(spans('u'));
  });

  it('finds a `v` rule of emoji cut across strings as it finds it whole', () => {
    const family = '👨‍👩‍👧‍👦';
    const rule = {
      id: 'emoji',
      family: 'emoji',
      keywords: ['KEY='],
      anchored: true,
      pattern: new RegExp('KEY=\\p{RGI_Emoji}{12}[a-z]{20}', 'v'),
    };
    const text = `KEY=${family.repeat(12)}abcdefghij`;
    expect(scanLeaks(text + 'klmnopqrst end', { rules: [rule] })).toHaveLength(1);
    expect(scanLeaks([text, 'klmnopqrst end'], { rules: [rule] }).map(({ path }) => path)).toEqual([
      '/0',
      '/1',
    ]);
  });

  // Node 24 reads `(?i:…)`; Node 20 and 22 refuse it when the RegExp is made (the reading of
  // the source is tested above on every line).
  const groupFlags = (() => {
    try {
      return new RegExp('(?i:a)').test('A');
    } catch {
      return false;
    }
  })();
  it.runIf(groupFlags)(
    'scans with a rule whose group has its own flags (it overflowed the stack)',
    () => {
      const rule = {
        id: 'flags',
        family: 'flags',
        keywords: ['KEY='],
        anchored: true,
        pattern: new RegExp('KEY=(?i:x)[a-z]{30}'),
      };
      const text = `KEY=X${'a'.repeat(20)}`;
      expect(scanLeaks(text + 'bcdefghijk end', { rules: [rule] })).toHaveLength(1);
      expect(scanLeaks([text, 'bcdefghijk end'], { rules: [rule] })).toHaveLength(2);
    },
  );
});

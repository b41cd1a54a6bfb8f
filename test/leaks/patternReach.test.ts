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
});

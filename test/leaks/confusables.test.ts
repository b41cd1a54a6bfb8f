import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { confusablesTable } from '../../scripts/confusablesTable';
import { CONFUSABLES } from '../../src/leaks/confusables.generated';
import { foldCodePoint } from '../../src/leaks/foldChar';
import { LEAK_RULES } from '../../src/leaks/leakRules';
import { scanText } from '../../src/leaks/scanText';
import { random } from './ruleSamples';

const require = createRequire(import.meta.url);
const data = JSON.parse(readFileSync(require.resolve('unhomoglyph/data.json'), 'utf8')) as Record<
  string,
  string
>;

it('the shipped table is what confusables.txt makes now (run npm run generate)', () => {
  expect(CONFUSABLES).toBe(confusablesTable(data));
});

describe("UTS #39's look-alikes of the ASCII secrets are written in", () => {
  // Every source whose prototype is an ASCII letter or digit reads as one (NFKC's own ASCII
  // readings included): a sample of each script the table exists for, taken from the data.
  const skeleton = (char: string) => data[char] ?? char;
  const letters = Object.entries(data).filter(
    ([source, prototype]) =>
      [...source].length === 1 &&
      source.codePointAt(0)! >= 0x80 &&
      /^[A-Za-z0-9]$/.test(prototype) &&
      skeleton(prototype) === prototype,
  );

  it('folds every single-character look-alike of a letter or digit to ASCII', () => {
    const unfolded = letters.filter(([source]) => {
      const folded = foldCodePoint(source.codePointAt(0)!);
      return folded === null || !/^[A-Za-z0-9]$/.test(folded);
    });
    expect(letters.length).toBeGreaterThan(1000);
    expect(unfolded.map(([source]) => `U+${source.codePointAt(0)!.toString(16)}`)).toEqual([]);
  });

  it.each([
    ['Armenian', { n: 'ո', h: 'հ', o: 'օ' }],
    ['Cherokee', { G: 'Ᏻ', H: 'Ꮋ', P: 'Ꮲ' }],
    ['Lisu', { A: 'ꓮ', K: 'ꓗ', I: 'ꓲ' }],
    ['Latin small capitals', { c: 'ᴄ', o: 'ᴏ', v: 'ᴠ' }],
    ['Coptic', { O: 'Ⲟ', P: 'Ⲣ', T: 'Ⲧ' }],
  ])('reads %s letters as the ASCII they imitate', (_script, pairs) => {
    for (const [ascii, lookAlike] of Object.entries(pairs))
      expect([ascii, ascii.toLowerCase(), ascii.toUpperCase()]).toContain(
        foldCodePoint(lookAlike.codePointAt(0)!),
      );
  });

  it('finds a rule prefix and a token body written in them', () => {
    const written = `ꓮᏦIA${'QWERTYUP234567ZX'.replace('P', 'Ꮲ').replace('T', 'Ⲧ')}`;
    expect(scanText(`aws ${written} end`, LEAK_RULES).map((f) => f.rule)).toContain(
      'aws-access-key-id',
    );
    const github = `ghp_${random(36)}`;
    const armenian = github.replace('h', 'հ').replace(/o/g, 'օ');
    expect(scanText(`token ${armenian}`, LEAK_RULES).map((f) => f.rule)).toContain('github-token');
  });
});

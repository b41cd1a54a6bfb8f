import { describe, expect, it } from 'vitest';
import { firstPass } from '../../src/leaks/firstPass';
import { foldKind } from '../../src/leaks/foldChar';
import { LEAK_RULES } from '../../src/leaks/leakRules';
import { SPECIAL_ASCII } from '../../src/leaks/readerView';
import { scanTables } from '../../src/leaks/scanTables';

// Issue 32: the first pass records where it saw a unit a reader's view may read differently
// (`specials`), so that `inertSeam` need not read a seam's stretch to know it is plain. What it
// replaces read every unit: one that is not a marker, a reference/escape/percent/tilde/control,
// a surrogate or a unit above ASCII that folds.
const readsDifferently = (code: number) =>
  code < 0x80
    ? SPECIAL_ASCII[code] === 1 && code !== 0x2a && code !== 0x60
    : (code >= 0xd800 && code <= 0xdfff) || foldKind(code) !== 1;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

const hostRules = [
  ...LEAK_RULES,
  { id: 'key-ru', family: 'host', keywords: ['жщ1a', 'ÆØx'], anchored: true, pattern: /жщ1a\d+/gi },
];

function specialsOf(text: string, tables: ReturnType<typeof scanTables>): number[] {
  const { specials } = firstPass(text, tables, true, 0);
  return Array.from(specials.list.subarray(0, specials.length));
}

describe('the first pass`s specials', () => {
  for (const [name, rules] of [
    ['built-in rules', LEAK_RULES],
    ['a host`s rules with keywords above ASCII', hostRules],
  ] as const) {
    it(`every unit but a lone low surrogate that reads differently is one, and no other (${name})`, () => {
      const tables = scanTables(rules);
      const wrong: number[] = [];
      for (let code = 0; code < 0x10000; code++) {
        const text = `a${String.fromCharCode(code)}b`;
        firstPass(text, tables, true, 0); // a unit met for the first time is classified
        const special = specialsOf(text, tables).includes(1);
        if (special !== (readsDifferently(code) && !isLow(code))) wrong.push(code);
      }
      expect(wrong).toEqual([]);
    });
  }

  it('a unit after a high surrogate is recorded too (the pass reads it with the high one)', () => {
    const tables = scanTables(LEAK_RULES);
    for (const unit of ['Ｆ', '&', '\\', '%', '~', '\u0007', '\ud83d']) {
      const text = `a\ud83d${unit}b`;
      firstPass(text, tables, true, 0);
      expect(specialsOf(text, tables)).toEqual([1, 2]);
    }
    // A pair, a lone low surrogate, markers, `=`, `|` and line ends: none but the high one.
    expect(specialsOf('x\ud835\udc00 \udc00 **a** `b` c=d | e\r\n\u2028f', tables)).toEqual([1]);
  });

  it('a unit met first is recorded once, before the tables know it', () => {
    // A keyword no other test uses: tables are shared by rule sets with the same keywords, so
    // these are fresh and have never classified U+4E01.
    const tables = scanTables([
      ...LEAK_RULES,
      { id: 'met-first', family: 'host', keywords: ['qz_met_first'], pattern: /qz_met_first\d+/g },
    ]);
    const text = 'a\u4e01b';
    expect(specialsOf(text, tables)).toEqual([1]);
    expect(specialsOf(text, tables)).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scanText } from '../../../src/leaks/scanText';
import { corpora } from './corpora';
import { findingKey, RULE_SETS } from './ruleSets';

// The first pass replaced the survey, the bigram filter and the per-view rule planning (commit
// "Leak scanner: one first pass over the char codes"). What the scanner before it found on every
// corpus of the tests and on random texts of cut, wrapped and smuggled samples, with three rule
// sets, is recorded in legacyFindings.json (recordLegacy.ts, run at the commit that retired it,
// when the two were identical span for span; recorded again with main's scanner, the survey
// design with issue 28's rules and false-positive filters, when those merged in). Every recorded
// finding must still be found: the same rule over the same span or a wider one (a decoded run
// masked whole, a key joined across more of its lines). New findings are allowed; the false-positive corpora guard those.
const recorded = JSON.parse(
  readFileSync(new URL('./legacyFindings.json', import.meta.url), 'utf8'),
) as {
  texts: Record<string, number>;
  findings: Record<string, Record<string, Record<string, string[]>>>;
};

const parse = (key: string) => {
  const match = /^(.+)@(\d+)-(\d+)$/.exec(key)!;
  return { rule: match[1]!, start: Number(match[2]), end: Number(match[3]) };
};

describe('every finding of the scanner before the first pass is still found', () => {
  const lists = corpora();
  it('on the same texts', () => {
    expect(Object.fromEntries(Object.entries(lists).map(([name, t]) => [name, t.length]))).toEqual(
      recorded.texts,
    );
  });

  it.each(Object.keys(lists))('%s', (name) => {
    const texts = lists[name]!;
    for (const [setName, rules] of Object.entries(RULE_SETS)) {
      const expected = recorded.findings[name]![setName]!;
      texts.forEach((text, index) => {
        const found = scanText(text, rules);
        const missing = (expected[index] ?? []).filter((key) => {
          const want = parse(key);
          return !found.some(
            (f) => f.rule === want.rule && f.start <= want.start && f.end >= want.end,
          );
        });
        const label = `${setName}: ${JSON.stringify(text.length > 200 ? text.slice(0, 200) : text)} found ${found.map(findingKey).join(' ')}`;
        expect(missing, label).toEqual([]);
      });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { HYGIENE_RULES } from '../../../src/hygiene/hygieneRules';
import { hostLiteralRule } from '../../../src/leaks/hostLiteralRule';
import { LEAK_RULES } from '../../../src/leaks/leakRules';
import type { LeakRule } from '../../../src/leaks/leakRule';
import { legacyScanText } from '../../../src/leaks/legacyScanText';
import { scanText } from '../../../src/leaks/scanText';
import { corpora } from './corpora';

// The first pass replaces the survey, the bigram filter and the per-view rule planning: what it
// finds must be what they found, span for span, on every corpus of the tests and on random texts
// of cut, wrapped and smuggled samples, with the leak rules, with the markup rules beside them
// (checkReply's shared scan) and with a host literal (a rule without keywords).
const RULE_SETS: Record<string, readonly LeakRule[]> = {
  'leak rules': LEAK_RULES,
  'markup and leak rules': [...HYGIENE_RULES, ...LEAK_RULES],
  'leak rules and a host literal': [
    ...LEAK_RULES,
    hostLiteralRule(['hunter2-prod-7', 'ghp_aB3dE5gH7jK9mN1pQ3rS5tU7vW9xY1zA2cD4']),
  ],
};

const key = (f: { rule: string; start: number; end: number }) => `${f.rule}@${f.start}-${f.end}`;

describe('the first pass finds what the survey found', () => {
  const lists = corpora();
  it.each(Object.keys(lists))('%s', (name) => {
    const texts = lists[name]!;
    expect(texts.length).toBeGreaterThan(20);
    for (const [setName, rules] of Object.entries(RULE_SETS)) {
      for (const text of texts) {
        const label = `${setName}: ${JSON.stringify(text.length > 200 ? text.slice(0, 200) : text)}`;
        expect(scanText(text, rules).map(key), label).toEqual(legacyScanText(text, rules).map(key));
      }
    }
  });
});

// Records what the scanner before the first pass (legacyScanText) found on the differential
// corpora, so the comparison outlives it: `npx tsx test/leaks/differential/recordLegacy.ts`.
// Run once, at the commit that retired it; the file is the reference from then on.
import { writeFileSync } from 'node:fs';
import { legacyScanText } from '../../../src/leaks/legacyScanText';
import { corpora } from './corpora';
import { findingKey, RULE_SETS } from './ruleSets';

const recorded: Record<string, Record<string, Record<number, string[]>>> = {};
for (const [name, texts] of Object.entries(corpora())) {
  recorded[name] = {};
  for (const [setName, rules] of Object.entries(RULE_SETS)) {
    const found: Record<number, string[]> = {};
    texts.forEach((text, index) => {
      const keys = legacyScanText(text, rules).map(findingKey);
      if (keys.length > 0) found[index] = keys;
    });
    recorded[name][setName] = found;
  }
}
writeFileSync(
  new URL('./legacyFindings.json', import.meta.url),
  JSON.stringify({
    texts: Object.fromEntries(Object.entries(corpora()).map(([n, t]) => [n, t.length])),
    findings: recorded,
  }),
);

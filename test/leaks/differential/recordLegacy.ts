// Records what a scanner finds on the differential corpora, so the comparison outlives it:
// run from a checkout of the scanner to record (its src/leaks, rules and test corpora), e.g.
//   git worktree add /tmp/scan-legacy main
//   cp test/leaks/differential/*.ts /tmp/scan-legacy/test/leaks/differential/
//   (cd /tmp/scan-legacy && ln -s "$OLDPWD/node_modules" && npx tsx test/leaks/differential/recordLegacy.ts)
//   cp /tmp/scan-legacy/test/leaks/differential/legacyFindings.json test/leaks/differential/
// Last recorded with main's scanner when issue 28's rules and false-positive filters landed.
import { writeFileSync } from 'node:fs';
import { scanText } from '../../../src/leaks/scanText';
import { corpora } from './corpora';
import { findingKey, RULE_SETS } from './ruleSets';

const recorded: Record<string, Record<string, Record<number, string[]>>> = {};
for (const [name, texts] of Object.entries(corpora())) {
  recorded[name] = {};
  for (const [setName, rules] of Object.entries(RULE_SETS)) {
    const found: Record<number, string[]> = {};
    texts.forEach((text, index) => {
      const keys = scanText(text, rules).map(findingKey);
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

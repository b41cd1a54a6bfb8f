import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEAK_RULES } from '../../src/leaks/leakRules';
import { scanText } from '../../src/leaks/scanText';
import { SECRETLINT_FAMILIES, gitleaksVectors, secretlintCases, secretsDir } from './corpus';

const familyOfRule = new Map(LEAK_RULES.map((rule) => [rule.id, rule.family]));
const skips: Record<string, string> = JSON.parse(
  readFileSync(join(secretsDir, 'skip.json'), 'utf8'),
);
const cases = secretlintCases();
const textCases = cases.filter((c) => c.text !== undefined && !(c.name in skips));

describe('secretlint snapshot fixtures', () => {
  it('are all accounted for: scanned, or skipped with a reason', () => {
    const binary = cases.filter((c) => c.text === undefined);
    expect(binary.every((c) => c.rule === 'gcp')).toBe(true);
    const named = Object.keys(skips).filter((k) => !k.includes('*') && !k.startsWith('$'));
    for (const name of named) expect(cases.map((c) => c.name)).toContain(name);
    const skipped = cases.filter((c) => c.text !== undefined && c.name in skips);
    expect(skipped.length).toBe(named.length);
    expect(cases.length).toBe(textCases.length + binary.length + skipped.length);
  });

  it.each(textCases.filter((c) => c.expectFinding).map((c) => [c.name, c] as const))(
    'finds the secret in %s',
    (_name, c) => {
      const found = scanText(c.text!, LEAK_RULES).filter(
        (f) => !c.allows.includes(c.text!.slice(f.start, f.end)),
      );
      expect(found.length).toBeGreaterThan(0);
    },
  );

  it.each(textCases.filter((c) => !c.expectFinding).map((c) => [c.name, c] as const))(
    'reports nothing of its kind in %s',
    (_name, c) => {
      const families = SECRETLINT_FAMILIES[c.rule]!;
      const found = scanText(c.text!, LEAK_RULES)
        .filter((f) => !c.allows.includes(c.text!.slice(f.start, f.end)))
        .filter((f) => families.includes(familyOfRule.get(f.rule)!));
      expect(found.map((f) => f.rule)).toEqual([]);
    },
  );
});

describe('gitleaks vectors (all 295 true and 339 false positives)', () => {
  // Recall on every true positive, whatever the provider; a false positive is any finding on a
  // false-positive vector. A vector whose text is also a true positive of another rule cannot be
  // both, and is not counted as a false positive; decisions taken on purpose are listed with the
  // reason in gitleaks-decisions.json and must still hold.
  const vectors = gitleaksVectors();
  const truePositiveTexts = new Set(vectors.filter((v) => v.kind === 'tp').map((v) => v.text));
  const decided = new Map(
    (
      JSON.parse(readFileSync(join(secretsDir, 'gitleaks-decisions.json'), 'utf8')) as {
        decisions: { rule: string; text: string }[];
      }
    ).decisions.map((d) => [`${d.rule}\n${d.text}`, d]),
  );
  const table = new Map<
    string,
    { tp: number; found: number; fp: number; flagged: number; decided: number }
  >();
  const flaggedDecisions = new Set<string>();
  let truePositives = 0;
  let found = 0;
  let falsePositives = 0;
  let flagged = 0;
  let flaggedRaw = 0;
  for (const vector of vectors) {
    const row = table.get(vector.rule) ?? { tp: 0, found: 0, fp: 0, flagged: 0, decided: 0 };
    const hit = scanText(vector.text, LEAK_RULES).length > 0;
    if (vector.kind === 'tp') {
      row.tp++;
      truePositives++;
      if (hit) {
        row.found++;
        found++;
      }
    } else {
      row.fp++;
      falsePositives++;
      const key = `${vector.rule}\n${vector.text}`;
      if (hit && !truePositiveTexts.has(vector.text)) {
        flaggedRaw++;
        if (decided.has(key)) {
          row.decided++;
          flaggedDecisions.add(key);
        } else {
          row.flagged++;
          flagged++;
        }
      }
    }
    table.set(vector.rule, row);
  }

  it('report recall and false positives per rule', () => {
    const lines = [...table]
      .sort()
      .map(
        ([rule, r]) =>
          `${rule.padEnd(44)} recall ${r.found}/${r.tp}  fp ${r.flagged}/${r.fp}${r.decided ? ` (+${r.decided} decided)` : ''}`,
      );
    const percent = (a: number, b: number) => `${((100 * a) / b).toFixed(1)}%`;
    console.log(
      `gitleaks vectors:\n${lines.join('\n')}\nall: recall ${found}/${truePositives} (${percent(found, truePositives)}), ` +
        `false positives ${flagged}/${falsePositives} (${percent(flagged, falsePositives)}); ${flaggedRaw} (${percent(flaggedRaw, falsePositives)}) counting the ${decided.size} decided ones`,
    );
    expect(truePositives).toBe(295);
    expect(falsePositives).toBe(339);
  });

  it('find at least 90% of all true positives', () => {
    expect(found / truePositives).toBeGreaterThanOrEqual(0.9);
  });

  it('flag at most 5% of all false-positive vectors (decisions aside)', () => {
    expect(flagged / falsePositives).toBeLessThanOrEqual(0.05);
  });

  it('keep every decision current: each names a false-positive vector still flagged', () => {
    expect([...decided.keys()].filter((key) => !flaggedDecisions.has(key))).toEqual([]);
  });

  it.each([
    'openai-api-key',
    'jwt',
    'azure-ad-client-secret',
    'stripe-access-token',
    'private-key',
    'slack-webhook-url',
    'vault-service-token',
    'huggingface-access-token',
    'kubernetes-secret-yaml',
    'sidekiq-sensitive-url',
  ])('finds every true positive of %s', (rule) => {
    const row = table.get(rule)!;
    expect(row.found).toBe(row.tp);
  });
});

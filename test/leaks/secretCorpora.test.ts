import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEAK_RULES } from '../../src/leaks/leakRules';
import { scanText } from '../../src/leaks/scanText';
import { SECRETLINT_FAMILIES, familyOf, gitleaksVectors, secretlintCases, secretsDir } from './corpus';

const familyOfRule = new Map(LEAK_RULES.map((rule) => [rule.id, rule.family]));
const skips: Record<string, string> = JSON.parse(readFileSync(join(secretsDir, 'skip.json'), 'utf8'));
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

  it.each(textCases.filter((c) => c.expectFinding).map((c) => [c.name, c] as const))('finds the secret in %s', (_name, c) => {
    const found = scanText(c.text!, LEAK_RULES).filter((f) => !c.allows.includes(c.text!.slice(f.start, f.end)));
    expect(found.length).toBeGreaterThan(0);
  });

  it.each(textCases.filter((c) => !c.expectFinding).map((c) => [c.name, c] as const))('reports nothing of its kind in %s', (_name, c) => {
    const families = SECRETLINT_FAMILIES[c.rule]!;
    const found = scanText(c.text!, LEAK_RULES)
      .filter((f) => !c.allows.includes(c.text!.slice(f.start, f.end)))
      .filter((f) => families.includes(familyOfRule.get(f.rule)!));
    expect(found.map((f) => f.rule)).toEqual([]);
  });
});

describe('gitleaks vectors', () => {
  // Recall on true positives and false positives on the fp vectors, per gitleaks rule, for the
  // providers in our scope. A finding of ours on an fp vector counts only when it is of the
  // vector's own family (a generic rule may rightly fire on another provider's sample).
  const table = new Map<string, { tp: number; found: number; fp: number; flagged: number }>();
  for (const vector of gitleaksVectors()) {
    const family = familyOf(vector.rule);
    if (!family) continue;
    const row = table.get(vector.rule) ?? { tp: 0, found: 0, fp: 0, flagged: 0 };
    const findings = scanText(vector.text, LEAK_RULES);
    if (vector.kind === 'tp') {
      row.tp++;
      if (findings.length > 0) row.found++;
    } else {
      row.fp++;
      if (findings.some((f) => familyOfRule.get(f.rule) === family)) row.flagged++;
    }
    table.set(vector.rule, row);
  }
  const total = [...table.values()].reduce((a, r) => ({ tp: a.tp + r.tp, found: a.found + r.found, fp: a.fp + r.fp, flagged: a.flagged + r.flagged }), { tp: 0, found: 0, fp: 0, flagged: 0 });

  it('report recall and false positives per rule', () => {
    const lines = [...table].sort().map(([rule, r]) => `${rule.padEnd(42)} recall ${r.found}/${r.tp}  fp ${r.flagged}/${r.fp}`);
    console.log(`gitleaks vectors in scope:\n${lines.join('\n')}\nall: recall ${total.found}/${total.tp}, false positives ${total.flagged}/${total.fp}`);
    expect(table.size).toBeGreaterThan(30);
  });

  it('find at least 90% of the in-scope true positives', () => {
    expect(total.found / total.tp).toBeGreaterThanOrEqual(0.9);
  });

  it('flag at most 15% of the in-scope false-positive vectors', () => {
    expect(total.flagged / total.fp).toBeLessThanOrEqual(0.15);
  });

  it.each(['openai-api-key', 'jwt', 'azure-ad-client-secret', 'stripe-access-token', 'private-key', 'slack-webhook-url', 'vault-service-token'])(
    'finds every true positive of %s',
    (rule) => {
      const row = table.get(rule)!;
      expect(row.found).toBe(row.tp);
    },
  );
});

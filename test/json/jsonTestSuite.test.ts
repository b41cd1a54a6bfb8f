import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseJsonBytes } from '../../src/json/parseJsonBytes';

type Decisions = Record<string, { code: string | null; reason: string }>;

const fixtures = fileURLToPath(new URL('../fixtures/JSONTestSuite/', import.meta.url));
const dir = join(fixtures, 'test_parsing');
const files = readdirSync(dir)
  .filter((name) => name.endsWith('.json'))
  .sort();
const loadDecisions = (name: string): Decisions => {
  const all = JSON.parse(readFileSync(join(fixtures, name), 'utf8')) as Decisions;
  delete all.$comment;
  return all;
};
const implementationDefined = loadDecisions('implementation-defined.json');
const deviations = loadDecisions('deviations.json');
const read = (name: string) => new Uint8Array(readFileSync(join(dir, name)));
const accepted = files.filter((f) => f.startsWith('y_') && !(f in deviations));

describe('JSONTestSuite', () => {
  it('has the whole corpus', () => {
    expect(files.filter((f) => f.startsWith('y_'))).toHaveLength(95);
    expect(files.filter((f) => f.startsWith('n_'))).toHaveLength(188);
    expect(files.filter((f) => f.startsWith('i_'))).toHaveLength(35);
  });

  it.each(accepted)('accepts %s with the value JSON.parse gives', (name) => {
    const bytes = read(name);
    const result = parseJsonBytes(bytes);
    expect(result).toEqual({ ok: true, value: JSON.parse(new TextDecoder().decode(bytes)) });
  });

  it.each(Object.keys(deviations))('rejects %s on purpose, as documented', (name) => {
    const result = parseJsonBytes(read(name));
    expect(result.ok ? null : result.issue.code).toBe(deviations[name]!.code);
  });

  it.each(files.filter((f) => f.startsWith('n_')))('rejects %s', (name) => {
    const result = parseJsonBytes(read(name));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.issue.offset).toBeGreaterThanOrEqual(0);
      expect(result.issue.line).toBeGreaterThanOrEqual(1);
      expect(result.issue.path).toMatch(/^(\/.*)?$/);
    }
  });

  it('decides every i_ file in the documented list', () => {
    expect(Object.keys(implementationDefined).sort()).toEqual(
      files.filter((f) => f.startsWith('i_')),
    );
  });

  it.each(files.filter((f) => f.startsWith('i_')))('decides %s as documented', (name) => {
    const result = parseJsonBytes(read(name));
    const expected = implementationDefined[name]!.code;
    if (expected === null) expect(result.ok).toBe(true);
    else expect(result.ok ? null : result.issue.code).toBe(expected);
  });
});

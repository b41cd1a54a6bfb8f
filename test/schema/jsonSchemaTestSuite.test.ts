import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { prepareSchema } from '../../src/schema/customSchema';

// The required draft 2020-12 tests of JSON-Schema-Test-Suite, run through the custom-schema path
// (well-formedness check, then @cfworker/json-schema). Known gaps of the library are listed in
// skip.json with the reason; a skipped test still runs, must not throw, and must still disagree
// with the suite: a skip that went stale (the library now decides it right) fails, so the list
// shrinks as the library grows.
const root = fileURLToPath(new URL('../fixtures/JSON-Schema-Test-Suite/', import.meta.url));
const testsDir = join(root, 'tests/draft2020-12');
const skips: Record<string, string> = JSON.parse(readFileSync(join(root, 'skip.json'), 'utf8'));

function remotes(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.json'))
        out[`http://localhost:1234/${relative(join(root, 'remotes'), path)}`] = JSON.parse(
          readFileSync(path, 'utf8'),
        );
    }
  };
  walk(join(root, 'remotes'));
  return out;
}

interface Group {
  description: string;
  schema: unknown;
  tests: { description: string; data: unknown; valid: boolean }[];
}

const remoteSchemas = remotes();
const files = readdirSync(testsDir)
  .filter((name) => name.endsWith('.json'))
  .sort();
const cases = files.flatMap((file) =>
  (JSON.parse(readFileSync(join(testsDir, file), 'utf8')) as Group[]).flatMap((group) =>
    group.tests.map((test) => ({
      id: `${file} / ${group.description} / ${test.description}`,
      group,
      test,
    })),
  ),
);

describe('JSON-Schema-Test-Suite draft 2020-12 (required)', () => {
  it('has the required files', () => {
    expect(files.length).toBe(46);
    expect(cases.length).toBeGreaterThan(1200);
  });

  it('lists only real tests in the skip file', () => {
    const ids = new Set(cases.map((c) => c.id));
    for (const id of Object.keys(skips))
      if (!id.startsWith('$')) expect(ids.has(id), id).toBe(true);
  });

  it.each(cases.map((c) => [c.id, c] as const))('%s', async (id, { group, test }) => {
    const prepared = await prepareSchema(group.schema, { remotes: remoteSchemas });
    const valid = prepared.ok
      ? (await prepared.schema.validate(test.data)).length === 0
      : undefined;
    if (id in skips)
      expect(valid, 'this skip is stale: the case now passes; remove it from skip.json').not.toBe(
        test.valid,
      );
    else expect(valid).toBe(test.valid);
  });
});

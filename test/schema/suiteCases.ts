import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

// The draft 2020-12 tests of JSON-Schema-Test-Suite (test/fixtures), read once for every test
// that needs them, and the remote schemas their `$ref`s name.
const root = fileURLToPath(new URL('../fixtures/JSON-Schema-Test-Suite/', import.meta.url));
const testsDir = join(root, 'tests/draft2020-12');

/** One group of the suite: a schema and its instances. */
export interface SuiteGroup {
  readonly description: string;
  readonly schema: unknown;
  readonly tests: readonly { description: string; data: unknown; valid: boolean }[];
}

/** One instance of the suite, with its group and file. */
export interface SuiteCase {
  readonly id: string;
  readonly file: string;
  readonly group: SuiteGroup;
  readonly test: SuiteGroup['tests'][number];
}

/** The suite's files, sorted. */
export const SUITE_FILES: readonly string[] = readdirSync(testsDir)
  .filter((name) => name.endsWith('.json'))
  .sort();

/** Every instance of the suite, in file order. */
export const SUITE_CASES: readonly SuiteCase[] = SUITE_FILES.flatMap((file) =>
  (JSON.parse(readFileSync(join(testsDir, file), 'utf8')) as SuiteGroup[]).flatMap((group) =>
    group.tests.map((test) => ({
      id: `${file} / ${group.description} / ${test.description}`,
      file,
      group,
      test,
    })),
  ),
);

/** The skip list: ids the validator decides otherwise, with the reason. */
export const SUITE_SKIPS: Readonly<Record<string, string>> = JSON.parse(
  readFileSync(join(root, 'skip.json'), 'utf8'),
);

/** The remote schemas by the URI the suite's `$ref`s use. */
export function suiteRemotes(): Record<string, unknown> {
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

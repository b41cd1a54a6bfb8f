import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundleSize, kib } from '../../bench/bundleSize';

// The size budgets of issue 11 (min + gzip, esbuild, every dependency included, lazy chunks
// apart). Measured on src/ so the test needs no build; tsup ships the same modules to dist/.
const root = fileURLToPath(new URL('../../', import.meta.url));
const KIB = 1024;

const BUDGETS: [string, string, number][] = [
  ['{ checkReply }', `export { checkReply } from './src/index.ts';`, 12 * KIB],
  ['{ parseJson }', `export { parseJson } from './src/index.ts';`, 3 * KIB],
  ['everything', `export * from './src/index.ts';`, 20 * KIB],
];

describe('bundle sizes (min+gz)', () => {
  it.each(BUDGETS)('%s stays within its budget', async (_label, contents, budget) => {
    const size = await bundleSize(contents, root);
    expect(size.gzipBytes, `${kib(size.gzipBytes)} KB gz against a budget of ${kib(budget)} KB`).toBeLessThanOrEqual(budget);
  });

  it('keeps the JSON Schema validator in a chunk of its own, loaded only when used', async () => {
    const everything = await bundleSize(`export * from './src/index.ts';`, root);
    expect(everything.lazy).toHaveLength(1);
    // The lazy chunk is not counted in the budget above; it is the custom-schema validator.
    expect(everything.lazy[0]!.gzipBytes).toBeGreaterThan(2 * KIB);
  });
});

import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
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

/** The input files of the entry chunk a user's bundler ships for `contents` (tree-shaken, minified). */
async function bundledInputs(contents: string, conditions: string[] = []): Promise<string[]> {
  const out = await build({
    stdin: { contents, resolveDir: root, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    splitting: true,
    outdir: 'bundle-inputs-out',
    write: false,
    metafile: true,
    logLevel: 'silent',
    conditions,
  });
  const entry = Object.values(out.metafile.outputs).find((output) => output.entryPoint !== undefined)!;
  // An input is listed only when some of its bytes are in the output.
  return Object.entries(entry.inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([path]) => path);
}

const isValibot = (path: string) => /node_modules\/valibot\//.test(path);

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

describe('valibot ships only to those who import the valibot schemas', () => {
  // The run time reads the catalog's generated plain-data table (segmentTable.generated.ts).
  it.each([
    ['{ checkReply }', `export { checkReply } from './src/index.ts';`],
    ['{ validateSegments }', `export { validateSegments } from './src/index.ts';`],
    ['{ enforceReply }', `export { enforceReply } from './src/index.ts';`],
    ['{ segmentInstruction }', `export { segmentInstruction } from './src/index.ts';`],
  ])('%s bundles no valibot code', async (_label, contents) => {
    const inputs = await bundledInputs(contents);
    expect(inputs).toContain('src/segments/segmentTable.generated.ts');
    expect(inputs.filter(isValibot)).toEqual([]);
  });

  it('the renderer (both builds) bundles no valibot code', async () => {
    for (const conditions of [[], ['browser']]) {
      const inputs = await bundledInputs(`export * from './src/render/index.ts';`, conditions);
      expect(inputs).toContain('src/render/isSegmentReply.ts');
      expect(inputs.filter(isValibot)).toEqual([]);
    }
  });

  it('{ SegmentReplySchema } does bundle valibot (the check above can see it)', async () => {
    expect((await bundledInputs(`export { SegmentReplySchema } from './src/index.ts';`)).some(isValibot)).toBe(true);
  });
});

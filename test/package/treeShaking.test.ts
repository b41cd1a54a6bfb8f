import { join } from 'node:path';
import { build } from 'esbuild';
import { expect, it } from 'vitest';
import { ROOT, requireBuilt } from '../requireBuilt';

// The built index is one module: a user's bundler drops what an import does not use statement by
// statement, and keeps every statement it cannot prove free of side effects, whatever is imported.
// esbuild counts a product (`5 * 1024 * 1024`) as one, even inside a call marked pure: the media
// limits, written so, stayed in every bundle, `{ checkReply }`'s first load included.
requireBuilt('dist/index.js');

it('importing one constant of the built index bundles nothing else of it', async () => {
  const out = await build({
    stdin: {
      contents: `export { DEFAULT_READ_TIMEOUT_MS } from './dist/index.js';`,
      resolveDir: ROOT,
    },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    logLevel: 'silent',
    outdir: join(ROOT, 'tree-shaking-out'),
  });
  const [bundle] = out.outputFiles;
  // What esbuild adds to keep the index's evaluation order, and the constant (about 150 B).
  expect(bundle!.text).toContain('1e4');
  expect(bundle!.text).not.toMatch(/freeze|class |function [A-Za-z_$]+\(/);
  expect(bundle!.contents.length).toBeLessThan(300);
});

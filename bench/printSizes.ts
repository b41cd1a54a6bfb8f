// The size section of `npm run bench` (also runnable alone: `npx tsx bench/printSizes.ts` after a
// build): each built entry as an app's bundler ships it, its first load and its total with the
// chunks it loads on first use.
import { pathToFileURL } from 'node:url';
import { bundleSize, kib } from './bundleSize';

const ENTRIES: Record<string, string> = {
  'everything (core entry)': `export * from './dist/index.js';`,
  '{ enforceReply }': `export { enforceReply } from './dist/index.js';`,
  '{ checkReply }': `export { checkReply } from './dist/index.js';`,
  '{ parseJson }': `export { parseJson } from './dist/index.js';`,
  '{ openAiChatProvider }': `export { openAiChatProvider } from './dist/index.js';`,
  'replyguard/render': `export * from './dist/render.js';`,
};

/** Prints the sizes of the built entries (dist/ under `root`). */
export async function printSizes(root: string): Promise<void> {
  console.log(
    '\n## size (esbuild with code splitting, minified + gzipped, with dependencies: first load, then with every lazy chunk)',
  );
  console.log(
    'budgets (issue 20): { checkReply } ≤ 12 KB first load, { parseJson } ≤ 3 KB, the core entry ≤ 20 KB first load and ≤ 40 KB in all, replyguard/render ≤ 16 KB',
  );
  for (const [name, contents] of Object.entries(ENTRIES)) {
    const size = await bundleSize(contents, root);
    const lazy =
      size.lazy.length > 0
        ? `  total ${kib(size.total.gzipBytes).padStart(5)} KB gz (lazy: ${size.lazy.map((chunk) => `${chunk.name.replace(/\.js$/, '')} ${kib(chunk.gzipBytes)}`).join(', ')})`
        : '';
    console.log(
      `${name.padEnd(24)} ${kib(size.minBytes).padStart(6)} KB min ${kib(size.gzipBytes).padStart(5)} KB gz first load${lazy}`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await printSizes(process.cwd());

// Bundles the Worker (core included) into worker/dist/worker.js, the file wrangler and the
// workerd tests run. The demo page must be built first (demo/build.mjs).
//
// The bundle is written outside dist/ (in the git-ignored .wrangler/) and renamed into place, never written in place: wrangler dev
// watches dist/ and reloads on every change, and a reload that read the file between its
// truncation and its write loaded an empty Worker. An empty Worker passes every request through to
// its upstream, which under wrangler dev is wrangler's own proxy: a request loop that ran workerd
// out of file descriptors ("accept: Too many open files") and killed `npm start`.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const here = (path) => new URL(path, import.meta.url).pathname;
const result = await build({
  entryPoints: [here('./src/index.ts')],
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'neutral',
  mainFields: ['module', 'main'],
  target: 'es2022',
  loader: { '.html': 'text' },
  minify: false,
  logLevel: 'warning',
});
const bundle = result.outputFiles[0].contents;
if (bundle.byteLength === 0) throw new Error('the Worker bundle is empty');
mkdirSync(here('./dist'), { recursive: true });
mkdirSync(here('./.wrangler/build'), { recursive: true });
const staged = here(`./.wrangler/build/worker.${process.pid}.js`);
writeFileSync(staged, bundle);
renameSync(staged, here('./dist/worker.js'));
console.log('built worker/dist/worker.js');

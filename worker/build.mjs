// Bundles the Worker (core included) into worker/dist/worker.js, the file wrangler and the
// workerd tests run. The demo page must be built first (demo/build.mjs).
import { build } from 'esbuild';

await build({
  entryPoints: [new URL('./src/index.ts', import.meta.url).pathname],
  outfile: new URL('./dist/worker.js', import.meta.url).pathname,
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  mainFields: ['module', 'main'],
  target: 'es2022',
  loader: { '.html': 'text' },
  minify: false,
  logLevel: 'warning',
});
console.log('built worker/dist/worker.js');

// Builds demo/dist/index.html: the page with its script bundled (core included) and inlined,
// one self-contained file the Worker serves at / and the browser tests open.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const here = (path) => new URL(path, import.meta.url).pathname;
const bundle = await build({
  entryPoints: [here('./src/main.ts')],
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  write: false,
  logLevel: 'warning',
});
// Keep `</script>` out of the inlined code.
const script = bundle.outputFiles[0].text.replace(/<\/(script)/gi, '<\\/$1');
const page = readFileSync(here('./index.html'), 'utf8').replace('/*APP*/', () => script);
mkdirSync(here('./dist'), { recursive: true });
writeFileSync(here('./dist/index.html'), page);
console.log(`built demo/dist/index.html (${(page.length / 1024).toFixed(1)} KB)`);

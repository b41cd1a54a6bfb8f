// Builds demo/dist/index.html: the page with its script bundled (core included) and inlined,
// one self-contained file the Worker serves at / and the browser tests open. The page carries its
// own Content-Security-Policy, pinning its one script and one style block by hash.
import { createHash } from 'node:crypto';
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
const template = readFileSync(here('./index.html'), 'utf8');
const style = /<style>([\s\S]*?)<\/style>/.exec(template)[1];
const hash = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
// Nothing but data: images and media (the demo passes no imageHosts), requests only to the Worker.
const csp = [
  "default-src 'none'",
  `script-src ${hash(script)}`,
  `style-src ${hash(style)}`,
  'img-src data:',
  'media-src data:',
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');
const page = template
  .replace('<!--CSP-->', () => `<meta http-equiv="Content-Security-Policy" content="${csp}">`)
  .replace('/*APP*/', () => script);
mkdirSync(here('./dist'), { recursive: true });
writeFileSync(here('./dist/index.html'), page);
console.log(`built demo/dist/index.html (${(page.length / 1024).toFixed(1)} KB)`);

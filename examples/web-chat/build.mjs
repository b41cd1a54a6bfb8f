// Builds examples/web-chat/dist/index.html: the page with its script bundled (replyguard and
// replyguard/render included) and inlined, one file any static host or the Worker can serve.
//   node examples/web-chat/build.mjs
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

/** Bundles the page into `outFile`; returns its size in bytes. */
export async function buildChatPage(outFile = here('./dist/index.html')) {
  const bundle = await build({
    entryPoints: [here('./chat.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    // In this repository the package maps to its source; installed, `replyguard` resolves as usual.
    tsconfig: here('../tsconfig.json'),
    logLevel: 'warning',
  });
  // Keep `</script>` out of the inlined code.
  const script = bundle.outputFiles[0].text.replace(/<\/(script)/gi, '<\\/$1');
  const page = readFileSync(here('./index.html'), 'utf8').replace('/*APP*/', () => script);
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, page);
  return page.length;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const size = await buildChatPage();
  console.log(`built examples/web-chat/dist/index.html (${(size / 1024).toFixed(1)} KB)`);
}

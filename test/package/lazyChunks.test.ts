import { execFile } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, requireBuilt } from '../requireBuilt';
import { TOUR_RESULT } from './lazyTour.mjs';
import { EVAL_CALL } from '../evalCall';

// The built core's lazy chunks (dist/lazy/) load and work in every runtime the core supports: the
// tour (lazyTour.mjs) calls each provider, a custom schema, progress views and the media
// inspection through the public API. Node ESM and CJS run it in dist.test.ts; here workerd (the
// package bundled with code splitting, as a Worker's bundler would), headless Chromium (dist/ as
// served files, its dependencies through an import map), Deno and Bun (installed as dev
// dependencies from npm). A missing runtime fails its test, naming what to install.
const run = promisify(execFile);
requireBuilt('dist/index.js', 'dist/index.cjs');
// The chunks the core imports (what only they share is in chunk-*.js files beside them).
const lazyFiles = readdirSync(join(ROOT, 'dist/lazy')).filter(
  (file) => file.endsWith('.js') && !file.startsWith('chunk-'),
);

it('the build ships the lazy chunks the core imports', () => {
  expect(lazyFiles.sort()).toEqual([
    'anthropicTransport.js',
    'compileBoundedPatterns.js',
    'createProgress.js',
    'findMediaProblems.js',
    'geminiTransport.js',
    'openAiChatTransport.js',
    'openAiResponsesTransport.js',
    'prepareCustomSchema.js',
    'quoteOutboundOf.js',
    'replyChecks.js',
  ]);
  const index = readFileSync(join(ROOT, 'dist/index.js'), 'utf8');
  // Each is imported by the index, or by a chunk that is (the media inspection, by the checks).
  const importers = [
    index.replaceAll("import('./lazy/", "import('./"),
    ...lazyFiles.map((file) => readFileSync(join(ROOT, 'dist/lazy', file), 'utf8')),
  ].join('\n');
  for (const file of lazyFiles) expect(importers).toContain(`import('./${file}')`);
  // checkReply as exported loads its checks; a turn imports them (turnPlan.ts, checkReplyWith).
  expect(index.split(`import('./lazy/replyChecks.js')`)).toHaveLength(2);
  // The index imports nothing of its own statically: see tsup.config.ts.
  expect(index).not.toMatch(/^import [^;]*from '\.\//m);
});

it('ships the helpers shared with the lazy chunks once: in the index, not its types', () => {
  const chunks = readdirSync(join(ROOT, 'dist/lazy'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(join(ROOT, 'dist/lazy', file), 'utf8'));
  for (const name of ['excerpt', 'appendPointer']) {
    expect(chunks.filter((text) => text.includes(`function ${name}(`))).toEqual([]);
    expect(chunks.some((text) => text.includes(`_${name}`))).toBe(true);
    expect(readFileSync(join(ROOT, 'dist/index.js'), 'utf8')).toMatch(
      new RegExp(` as _${name}\\b`),
    );
    for (const types of ['dist/index.d.ts', 'dist/index.d.cts'])
      expect(readFileSync(join(ROOT, types), 'utf8')).not.toContain(`_${name}`);
  }
});

describe('in workerd', () => {
  let mf: Miniflare;
  let modules: { path: string; text: string }[];

  beforeAll(async () => {
    const out = await build({
      stdin: {
        contents: `import * as lib from './dist/index.js';
          import { lazyTour } from './test/package/lazyTour.mjs';
          export default { async fetch() { return Response.json(await lazyTour(lib)); } };`,
        resolveDir: ROOT,
        loader: 'js',
      },
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      mainFields: ['module', 'main'],
      splitting: true,
      outdir: join(ROOT, 'workerd-tour'),
      write: false,
    });
    const files = out.outputFiles.filter((file) => file.path.endsWith('.js'));
    const entry = files.find((file) => file.path.endsWith('/stdin.js'))!;
    modules = [entry, ...files.filter((file) => file !== entry)];
    mf = new Miniflare({
      modules: modules.map((file) => ({ type: 'ESModule', path: file.path, contents: file.text })),
      modulesRoot: join(ROOT, 'workerd-tour'),
      compatibilityDate: '2025-01-01',
      host: '127.0.0.1',
    });
  });

  afterAll(async () => {
    await mf?.dispose();
  });

  it('loads each lazy chunk as a module of its own, with no eval', async () => {
    // The core's lazy chunks, the JSON Schema validator and the linear-time pattern engine, each
    // imported when first used (the masking of a provider's failure text among them). The media
    // inspection is imported from two places: the checks chunk and a turn's own checks.
    expect(modules.length).toBeGreaterThanOrEqual(11);
    const dynamic = modules.flatMap((file) => [...file.text.matchAll(/\bimport\("\.\//g)]);
    expect(dynamic).toHaveLength(12);
    for (const file of modules) {
      expect(file.text).not.toMatch(EVAL_CALL);
      expect(file.text).not.toMatch(/new\s+Function\s*\(/);
    }
    expect(await (await mf.dispatchFetch('http://localhost/')).json()).toEqual(TOUR_RESULT);
  });
});

describe('in headless Chromium', () => {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const ORIGIN = 'http://lazy.test';
  // The dependencies as a page without a bundler maps them.
  const IMPORTS = {
    valibot: '/node_modules/valibot/dist/index.mjs',
    'eventsource-parser': '/node_modules/eventsource-parser/dist/index.js',
    '@cfworker/json-schema': '/node_modules/@cfworker/json-schema/dist/esm/index.js',
    re2js: '/node_modules/re2js/build/index.js',
    '@eslint-community/regexpp': '/node_modules/@eslint-community/regexpp/index.mjs',
  };
  const PAGE = `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">
    <script type="importmap">${JSON.stringify({ imports: IMPORTS })}</script>
    <script type="module">
      import * as lib from '/dist/index.js';
      import { lazyTour } from '/test/package/lazyTour.mjs';
      lazyTour(lib).then((result) => { window.tour = result; }, (error) => { window.tour = String(error); });
    </script>`;
  let browser: Browser;

  beforeAll(async () => {
    if (!existsSync(executablePath))
      throw new Error(
        `Chromium not found at ${executablePath}: apt-get install chromium (or set CHROMIUM_PATH)`,
      );
    browser = await chromium.launch({
      executablePath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('imports dist/ as ES modules and loads each lazy chunk when first used', async () => {
    const page = await browser.newPage();
    const requests: string[] = [];
    await page.route('**', async (route) => {
      const url = new URL(route.request().url());
      if (url.origin !== ORIGIN) return route.abort();
      requests.push(url.pathname);
      if (url.pathname === '/') return route.fulfill({ contentType: 'text/html', body: PAGE });
      const file = join(ROOT, url.pathname);
      if (!/^\/(dist|node_modules|test\/package)\//.test(url.pathname) || !existsSync(file))
        return route.fulfill({ status: 404 });
      return route.fulfill({ contentType: 'text/javascript', body: readFileSync(file, 'utf8') });
    });
    await page.goto(`${ORIGIN}/`);
    await page.waitForFunction(() => 'tour' in window, undefined, { timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as { tour: unknown }).tour)).toEqual(
      TOUR_RESULT,
    );
    for (const file of lazyFiles) expect(requests).toContain(`/dist/lazy/${file}`);
    expect(requests).toContain(IMPORTS['@cfworker/json-schema']);
    await page.close();
  });
});

describe.each([
  ['Deno', 'deno', ['run', '--allow-read', '--no-prompt', 'test/package/runTour.mjs']],
  ['Bun (ESM)', 'bun', ['test/package/runTour.mjs']],
  ['Bun (CJS)', 'bun', ['test/package/runTour.cjs']],
])('in %s', (_name, binary, args) => {
  it('imports the built package and loads each lazy chunk', async () => {
    const path = join(ROOT, 'node_modules/.bin', binary);
    if (!existsSync(path))
      throw new Error(`${binary} not found at ${path}: npm ci installs it (a dev dependency)`);
    const { stdout } = await run(path, args, {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1' },
      timeout: 30_000,
    });
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual(TOUR_RESULT);
  });
});

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Tests what ships: the built dist/, imported as ESM and required as CJS by its package name.
const root = fileURLToPath(new URL('../../', import.meta.url));
const built = existsSync(`${root}dist/index.js`);
const packageName: string = 'replyguard';
const reply = '{"segments":[{"type":"text","data":{"text":"hi"}}]}';

describe('the built package', () => {
  it('imports as ESM by its name and checks a reply', async () => {
    // By its package name, through the exports map (a variable so the type check needs no dist/).
    const esm = (await import(packageName)) as typeof import('../../src/index');
    const result = await esm.checkReply(reply);
    expect(result.status).toBe('completed');
    expect(esm.parseJson('{"a":1,"a":2}')).toMatchObject({
      ok: false,
      issue: { code: 'DUPLICATE_KEY' },
    });
  });

  it('requires as CJS by its name and checks a reply', async () => {
    const cjs = createRequire(import.meta.url)(packageName) as typeof import('../../src/index');
    expect((await cjs.checkReply(reply)).status).toBe('completed');
    expect(cjs.segmentJsonSchema().$schema).toBe('https://json-schema.org/draft/2020-12/schema');
  });

  it('loads every lazy chunk as ESM (dist/lazy/) and as CJS (inlined): the lazy chunk tour', async () => {
    const { TOUR_RESULT, lazyTour } = await import('./lazyTour.mjs');
    expect(await lazyTour(await import(packageName))).toEqual(TOUR_RESULT);
    expect(await lazyTour(createRequire(import.meta.url)(packageName))).toEqual(TOUR_RESULT);
  });

  it('ships the renderer entry to ESM and CJS alike', async () => {
    const esm = (await import(`${packageName}/render`)) as typeof import('../../src/render/index');
    const cjs = createRequire(import.meta.url)(
      `${packageName}/render`,
    ) as typeof import('../../src/render/index');
    const esmCore = (await import(packageName)) as typeof import('../../src/index');
    const result = await esmCore.checkReply(
      '{"segments":[{"type":"markdown","data":{"content":"**hi** <b>x</b>"}}]}',
    );
    for (const render of [esm, cjs]) {
      expect(render.renderHtml(result)).toBe(
        '<div class="rg-markdown" dir="auto"><p><strong>hi</strong> &lt;b&gt;x&lt;/b&gt;</p></div>',
      );
    }
  });

  it('has types first in every export condition', () => {
    const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
    for (const [entry, conditions] of Object.entries(pkg.exports as Record<string, unknown>)) {
      if (typeof conditions === 'string') continue;
      for (const branch of Object.values(conditions as Record<string, Record<string, string>>)) {
        expect(Object.keys(branch)[0], entry).toBe('types');
        for (const file of Object.values(branch))
          expect(existsSync(`${root}${file}`), file).toBe(true);
      }
    }
    expect(pkg.sideEffects).toBe(false);
  });

  it('passes publint', () => {
    const out = execFileSync(
      process.execPath,
      [`${root}node_modules/publint/src/cli.js`, '--strict'],
      { cwd: root, encoding: 'utf8' },
    );
    expect(out).not.toMatch(/error|warning/i);
  });
});

it('the build ran before the tests', () => {
  // `npm test` builds first; a missing dist/ would silently skip the package tests above.
  expect(built).toBe(true);
});

it('tree-shakes: an app that imports only the parser ships no schema, rules or providers', async () => {
  const { build } = await import('esbuild');
  const { gzipSync } = await import('node:zlib');
  const out = await build({
    stdin: { contents: "export { parseJson } from './dist/index.js';", resolveDir: root },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
  });
  const code = out.outputFiles[0]!.text;
  expect(code).not.toContain('segment_reply');
  expect(code).not.toContain('PRIVATE KEY');
  expect(code).not.toContain('eventsource');
  // The parser's own size is guarded in sizes.test.ts; this is a coarse bound on dist/ bundled
  // without code splitting (4,655 B on 2026-12-03 after the lazy chunks and issue 19 merged; 4,745 B
  // after the round's last merges).
  expect(gzipSync(code).length).toBeLessThan(4.8 * 1024);
});

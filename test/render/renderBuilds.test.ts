import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

// The two builds of `replyguard/render` as a user's bundler picks them through the package's
// exports: the browser one (entities decoded by the DOM) and the complete one (a full entity table,
// for Node, Deno, Bun and Workers, which have no DOM). `npm test` builds dist/ first.
const root = new URL('../../', import.meta.url).pathname;
/** The renderer in browsers, minified and gzipped: the budget of issue 11. */
const BROWSER_BUDGET = 16 * 1024;
/**
 * A regression guard: the size measured on 2026-12-03 (10.8 KB, with the linear Markdown engine
 * that replaced micromark's 13.8 KB) plus about 3%. A change that grows it says why in its commit.
 */
const BROWSER_GUARD = 11.1 * 1024;

async function bundle(conditions: string[]): Promise<string> {
  const out = await build({
    stdin: { contents: "export * from 'replyguard/render';", resolveDir: root },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    logLevel: 'silent',
    platform: conditions.includes('browser') ? 'browser' : 'neutral',
    conditions,
  });
  return out.outputFiles[0]!.text;
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;

describe('replyguard/render builds', () => {
  it('dist/ is built', () => {
    expect(existsSync(`${root}dist/render.browser.js`) && existsSync(`${root}dist/render.js`)).toBe(
      true,
    );
  });

  it(`the browser build fits ${kb(BROWSER_BUDGET)} min+gz and carries no entity table`, async () => {
    const code = await bundle(['browser']);
    const gz = gzipSync(code, { level: 9 }).length;
    expect(code).not.toContain('AElig');
    expect(code).toContain('createElement("i")');
    expect(gz, `browser build: ${kb(code.length)} min, ${kb(gz)} gz`).toBeLessThanOrEqual(
      Math.min(BROWSER_BUDGET, BROWSER_GUARD),
    );
  });

  it.each([['workerd'], ['worker'], []])(
    'the %s condition gets the complete build (no DOM needed)',
    async (...conditions: string[]) => {
      const code = await bundle(conditions);
      expect(code).toContain('AElig');
      expect(code).not.toContain('createElement("i")');
    },
  );

  it('the complete build decodes every named character reference in Node', async () => {
    const render = (await import(
      `${root}dist/render.js`
    )) as typeof import('../../src/render/index');
    const html = render.renderHtml({
      status: 'completed',
      value: {
        segments: [
          {
            type: 'markdown',
            data: {
              content:
                '&AElig; &copy; &ngE; &notit; &amp;lt; &bogus; [x](https://a.example/?q=&quot;)',
            },
          },
        ],
      },
      issues: [],
      findings: [],
      usage: { inputTokens: 0, outputTokens: 0 },
      meta: {
        attempts: 1,
        stage: 'model',
        enforcement: 'prompt_only',
        schemaName: 'segment_reply',
        durationMs: 0,
      },
    });
    expect(html).toBe(
      '<div class="rg-markdown" dir="auto"><p>Æ © ≧̸ &amp;notit; &amp;lt; &amp;bogus; <a href="https://a.example/?q=%22">x</a></p></div>',
    );
  });

  it('ships no sourcemaps', () => {
    const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { files: string[] };
    expect(pkg.files).toEqual(['dist']);
    for (const file of [
      'index.js',
      'index.cjs',
      'render.js',
      'render.cjs',
      'render.browser.js',
      'render.browser.cjs',
    ]) {
      expect(existsSync(`${root}dist/${file}.map`), file).toBe(false);
      expect(readFileSync(`${root}dist/${file}`, 'utf8')).not.toContain('sourceMappingURL');
    }
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The Worker deployment example: examples/worker/src/index.ts bundled as wrangler would (the
// package resolved by name through its exports, so `replyguard/worker` must be built) and run
// in workerd with the [vars] of its wrangler.toml. It needs the `replyguard/worker` entry
// (createHandler) built: run after `npm run build`, as `npm test` does.
const root = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
  exports: Record<string, { import?: { default?: string } }>;
};
const entry = pkg.exports['./worker']?.import?.default;
const toml = readFileSync(`${root}examples/worker/wrangler.toml`, 'utf8');

/** The `[vars]` of a wrangler.toml: `NAME = "value"` lines up to the next table. */
function vars(text: string): Record<string, string> {
  const table = /^\[vars\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(text)?.[1] ?? '';
  return Object.fromEntries(
    [...table.matchAll(/^([A-Z_][A-Z0-9_]*)\s*=\s*"([^"]*)"\s*$/gm)].map((match) => [
      match[1]!,
      match[2]!,
    ]),
  );
}

describe('examples/worker wrangler.toml', () => {
  it('names its entry, a compatibility date and the offline default upstream', () => {
    expect(toml).toMatch(/^main = "src\/index.ts"$/m);
    expect(existsSync(`${root}examples/worker/src/index.ts`)).toBe(true);
    expect(toml).toMatch(/^compatibility_date = "\d{4}-\d{2}-\d{2}"$/m);
    expect(vars(toml)).toMatchObject({ UPSTREAM_KIND: 'scripted' });
    expect(toml).not.toMatch(/^(UPSTREAM_API_KEY|API_KEY)\s*=/m);
  });
});

describe('examples/worker in workerd', () => {
  it('has the replyguard/worker entry built', () => {
    expect(entry !== undefined && existsSync(`${root}${entry}`)).toBe(true);
  });
  let mf: Miniflare;
  let base: URL;
  beforeAll(async () => {
    const bundle = await build({
      entryPoints: [`${root}examples/worker/src/index.ts`],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'neutral',
      conditions: ['workerd', 'worker', 'browser'],
      mainFields: ['module', 'main'],
      target: 'es2022',
      logLevel: 'warning',
    });
    mf = new Miniflare({
      modules: true,
      script: bundle.outputFiles[0]!.text,
      compatibilityDate: '2025-01-01',
      host: '127.0.0.1',
      port: 0,
      bindings: vars(toml),
    });
    base = await mf.ready;
  }, 60_000);
  afterAll(async () => {
    await mf?.dispose();
  });

  it('serves the app and replyguard under its prefix', async () => {
    expect(await (await fetch(new URL('/', base))).text()).toContain('My app');
    const schema = await fetch(new URL('/replyguard/v1/schema', base));
    expect(schema.status).toBe(200);
    expect(((await schema.json()) as { $schema: string }).$schema).toBe(
      'https://json-schema.org/draft/2020-12/schema',
    );
  });

  it('checks replies and enforces chat completions with the configured upstream', async () => {
    const checked = await fetch(new URL('/replyguard/v1/check', base), {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{"segments":[],"segments":[]}',
    });
    expect(checked.status).toBe(422);
    expect(await checked.json()).toMatchObject({
      status: 'validation_failed',
      issues: [{ code: 'DUPLICATE_KEY' }],
    });
    const completion = await fetch(new URL('/replyguard/v1/chat/completions', base), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'please fence it' }] }),
    });
    expect(completion.status).toBe(200);
    const body = (await completion.json()) as {
      choices: { message: { content: string } }[];
      replyguard: { status: string; meta: { attempts: number } };
    };
    expect(JSON.parse(body.choices[0]!.message.content)).toMatchObject({
      segments: [{ type: 'markdown' }],
    });
    expect(body.replyguard).toMatchObject({ status: 'completed', meta: { attempts: 2 } });
  });
});

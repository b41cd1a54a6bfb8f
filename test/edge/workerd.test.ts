import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVAL_CALL } from '../evalCall';

// Proves the core is edge-clean: bundled on its own, it runs in workerd with no nodejs_compat,
// where eval and new Function throw and no Node built-in exists.
let bundle = '';
let mf: Miniflare;

beforeAll(async () => {
  const entry = `
    import { checkReply, parseJson, segmentJsonSchema } from './src/index.ts';
    export default {
      async fetch(request) {
        const body = await request.text();
        const result = await checkReply(body);
        return Response.json({ result, schemaId: segmentJsonSchema().$id, dup: parseJson('{"a":1,"a":2}') });
      },
    };`;
  const out = await build({
    stdin: { contents: entry, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    write: false,
  });
  bundle = out.outputFiles[0]!.text;
  mf = new Miniflare({
    modules: true,
    script: bundle,
    compatibilityDate: '2025-01-01',
    host: '127.0.0.1',
  });
});

afterAll(async () => {
  await mf?.dispose();
});

describe('the bundled core in workerd', () => {
  it('contains no eval, no Function constructor and no Node built-ins', () => {
    expect(bundle).not.toMatch(EVAL_CALL);
    // The pattern sees a call, and not a method of that name (see test/evalCall.ts).
    expect('x = eval("1");').toMatch(EVAL_CALL);
    expect('x.eval(a, b); class P { eval(a, b) { } }').not.toMatch(EVAL_CALL);
    expect(bundle).not.toMatch(/new\s+Function\s*\(/);
    expect(bundle).not.toMatch(
      /from\s*["']node:|require\(\s*["'](node:)?(fs|path|buffer|process|crypto)["']\)/,
    );
    expect(bundle).not.toMatch(/\bBuffer\.|\bprocess\.env/);
  });

  it('checks replies inside workerd', async () => {
    const good = await mf.dispatchFetch('http://localhost/', {
      method: 'POST',
      body: '{"segments":[{"type":"text","data":{"text":"hi"}}]}',
    });
    const json = (await good.json()) as {
      result: { status: string };
      schemaId: string;
      dup: { ok: boolean };
    };
    expect(json.result.status).toBe('completed');
    expect(json.schemaId).toContain('segments');
    expect(json.dup.ok).toBe(false);
    const bad = await mf.dispatchFetch('http://localhost/', {
      method: 'POST',
      body: '```json\n{}\n```',
    });
    expect(
      ((await bad.json()) as { result: { issues: { code: string }[] } }).result.issues[0]!.code,
    ).toBe('CODE_FENCE');
  });

  it('is a harness that would catch eval (negative control)', async () => {
    const probe = new Miniflare({
      modules: true,
      compatibilityDate: '2025-01-01',
      script: `export default { fetch() { try { return new Response(String(eval('1 + 1'))); } catch (e) { return new Response('refused: ' + e.name); } } };`,
    });
    try {
      expect(await (await probe.dispatchFetch('http://localhost/')).text()).toMatch(
        /^refused: EvalError/,
      );
    } finally {
      await probe.dispose();
    }
  });
});

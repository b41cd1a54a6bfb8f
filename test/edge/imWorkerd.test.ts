import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, expect, it } from 'vitest';

// The OneBot delivery entry is edge-clean like the core: bundled with it, it runs in workerd
// (no nodejs_compat, no eval). The Satori entry runs where @satorijs/element does: that library
// builds its template evaluator with `new Function` when it loads, which Workers refuse.
let mf: Miniflare;

beforeAll(async () => {
  const entry = `
    import { checkReply } from './src/index.ts';
    import { cqMessage, oneBotMessage } from './src/im/index.ts';
    export default {
      async fetch(request) {
        const result = await checkReply(await request.text(), { mentions: { allowed: ['42'] } });
        return Response.json({ array: oneBotMessage(result), string: cqMessage(result) });
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
  const bundle = out.outputFiles[0]!.text;
  expect(bundle).not.toMatch(/\beval\s*\(|new\s+Function\s*\(|from\s*["']node:/);
  mf = new Miniflare({ modules: true, script: bundle, compatibilityDate: '2025-01-01' });
});

afterAll(async () => {
  await mf?.dispose();
});

it('delivers a checked reply as OneBot segments inside workerd', async () => {
  const response = await mf.dispatchFetch('http://localhost/', {
    method: 'POST',
    body: '{"segments":[{"type":"text","data":{"text":"[CQ:at,qq=all]"}},{"type":"mention","data":{"target":"42"}}]}',
  });
  expect(await response.json()).toEqual({
    array: [
      { type: 'text', data: { text: '[CQ:at,qq=all]' } },
      { type: 'at', data: { qq: '42' } },
    ],
    string: '&#91;CQ:at,qq=all&#93;[CQ:at,qq=42]',
  });
});

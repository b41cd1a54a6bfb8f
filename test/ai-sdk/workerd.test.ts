import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// replyguard/ai-sdk is edge-clean: a Worker that guards the AI SDK's generateText and streamText
// with the middleware runs in workerd (no nodejs_compat), with a v3 model written inline.
const root = fileURLToPath(new URL('../../', import.meta.url));
const worker = `
import { generateText, streamText, wrapLanguageModel } from 'ai';
import { replyguardMiddleware } from './src/ai-sdk/index';

const answers = ['\`\`\`json\\n{"segments":[]}\\n\`\`\`', '{"segments":[{"type":"text","data":{"text":"from the edge"}}]}'];
const usage = { inputTokens: { total: 3, noCache: undefined, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 2, text: undefined, reasoning: undefined } };
function scripted() {
  let call = 0;
  return {
    specificationVersion: 'v3', provider: 'inline', modelId: 'scripted', supportedUrls: {},
    async doGenerate() { return { content: [{ type: 'text', text: answers[call++] }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] }; },
    async doStream() {
      const text = answers[call++];
      const parts = [{ type: 'stream-start', warnings: [] }, { type: 'text-start', id: 't' }, ...[...text].map((delta) => ({ type: 'text-delta', id: 't', delta })), { type: 'text-end', id: 't' }, { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage }];
      return { stream: new ReadableStream({ start(controller) { for (const part of parts) controller.enqueue(part); controller.close(); } }) };
    },
  };
}

export default {
  async fetch(request) {
    const model = wrapLanguageModel({ model: scripted(), middleware: replyguardMiddleware() });
    if (new URL(request.url).pathname === '/stream') {
      const result = streamText({ model, prompt: 'hi' });
      let text = '';
      for await (const delta of result.textStream) text += delta;
      return Response.json({ text, replyguard: (await result.providerMetadata).replyguard });
    }
    const result = await generateText({ model, prompt: 'hi' });
    return Response.json({ text: result.text, replyguard: result.providerMetadata.replyguard });
  },
};
`;

let mf: Miniflare;
let script: string;
beforeAll(async () => {
  const bundle = await build({
    stdin: { contents: worker, resolveDir: root, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    target: 'es2022',
    logLevel: 'error',
  });
  script = bundle.outputFiles[0]!.text;
  mf = new Miniflare({ modules: true, script, compatibilityDate: '2025-01-01' });
  await mf.ready;
}, 90_000);
afterAll(async () => {
  await mf?.dispose();
});

describe('replyguard/ai-sdk in workerd', () => {
  it('guards generateText and streamText at the edge: the fenced answer corrected, only the checked reply out', async () => {
    for (const path of ['/generate', '/stream']) {
      const answer = (await (await mf.dispatchFetch(`http://worker${path}`)).json()) as {
        text: string;
        replyguard: { status: string; meta: { attempts: number } };
      };
      expect(JSON.parse(answer.text)).toEqual({
        segments: [{ type: 'text', data: { text: 'from the edge' } }],
      });
      expect(answer.replyguard).toMatchObject({ status: 'completed', meta: { attempts: 2 } });
    }
  });
});

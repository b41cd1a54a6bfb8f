import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// replyguard/ai-sdk is edge-clean: a Worker that guards the AI SDK's generateText and streamText
// with the middleware runs in workerd (no nodejs_compat), with a model written inline: AI SDK 6
// with a v3 model, AI SDK 7 (the `ai7` dev dependency) with a v4 one.
const root = fileURLToPath(new URL('../../', import.meta.url));
const majors = [
  { sdk: 'ai', specification: 'v3' },
  { sdk: 'ai7', specification: 'v4' },
];
const worker = ({ sdk, specification }: (typeof majors)[number]) => `
import { generateText, streamText, wrapLanguageModel } from '${sdk}';
import { replyguardMiddleware } from './src/ai-sdk/index';

const answers = ['\`\`\`json\\n{"segments":[]}\\n\`\`\`', '{"segments":[{"type":"text","data":{"text":"from the edge"}}]}'];
const usage = { inputTokens: { total: 3, noCache: undefined, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 2, text: undefined, reasoning: undefined } };
function scripted() {
  let call = 0;
  return {
    specificationVersion: '${specification}', provider: 'inline', modelId: 'scripted', supportedUrls: {},
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

const workers: Miniflare[] = [];
beforeAll(async () => {
  for (const major of majors) {
    const bundle = await build({
      stdin: { contents: worker(major), resolveDir: root, loader: 'ts' },
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'neutral',
      conditions: ['workerd', 'worker', 'browser'],
      mainFields: ['module', 'main'],
      target: 'es2022',
      logLevel: 'error',
    });
    const mf = new Miniflare({
      modules: true,
      script: bundle.outputFiles[0]!.text,
      compatibilityDate: '2025-01-01',
    });
    await mf.ready;
    workers.push(mf);
  }
}, 90_000);
afterAll(async () => {
  await Promise.all(workers.map((mf) => mf.dispose()));
});

describe('replyguard/ai-sdk in workerd', () => {
  it.each(majors.map((major, index) => ({ ...major, index })))(
    'guards generateText and streamText at the edge ($sdk, a $specification model): the fenced answer corrected, only the checked reply out',
    async ({ index }) => {
      for (const path of ['/generate', '/stream']) {
        const response = await workers[index]!.dispatchFetch(`http://worker${path}`);
        const answer = (await response.json()) as {
          text: string;
          replyguard: { status: string; meta: { attempts: number } };
        };
        expect(JSON.parse(answer.text)).toEqual({
          segments: [{ type: 'text', data: { text: 'from the edge' } }],
        });
        expect(answer.replyguard).toMatchObject({ status: 'completed', meta: { attempts: 2 } });
      }
    },
  );
});

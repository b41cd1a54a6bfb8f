import { describe, expect, it } from 'vitest';
import { compileSnippets } from '../readme/compileSnippets';
import { AI_SDK_7_PATHS } from './ai7Paths';

// Users' code against both AI SDK majors, compiled as the README checker compiles it (strict,
// exactOptionalPropertyTypes, bundler resolution): the same file once with `ai`,
// `@ai-sdk/openai-compatible` and `ai/test` as AI SDK 6 installs them, once mapped to the AI SDK 7
// line (the `ai7`, `ai-sdk-openai-compatible3` dev dependencies). Not one cast anywhere.

// AI SDK 7's types import node:http.
const withNode = { types: ['node'] };

const consumer = `
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, streamText, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { enforceReply } from 'replyguard';
import { aiSdkProvider, replyguardMiddleware } from 'replyguard/ai-sdk';

const middleware = replyguardMiddleware({ failureNotice: 'Sorry!' });
const mock = new MockLanguageModelV3();
const upstream = createOpenAICompatible({ name: 'local', baseURL: 'http://127.0.0.1:1/v1' }).chatModel('m');

const guarded = wrapLanguageModel({ model: mock, middleware });
const guardedUpstream = wrapLanguageModel({ model: upstream, middleware: [middleware] });
const { text, providerMetadata } = await generateText({ model: guarded, prompt: 'hi', providerOptions: { replyguard: { mentions: ['u1'] } } });
const stream = streamText({ model: guardedUpstream, prompt: 'hi' });
for await (const delta of stream.textStream) console.log(delta, text, providerMetadata?.replyguard);

await enforceReply({ provider: aiSdkProvider(mock), messages: [{ role: 'user', content: 'hi' }] });
aiSdkProvider(upstream, { settings: { temperature: 0, maxOutputTokens: 200 }, toolChoice: { type: 'auto' } });
aiSdkProvider(guarded, { transport: 'stream' });
`;

const ai7Only = `
import { createOpenAICompatible } from 'ai-sdk-openai-compatible3';
import { Output, generateText, jsonSchema, wrapLanguageModel } from 'ai7';
import { MockLanguageModelV3, MockLanguageModelV4 } from 'ai7/test';
import { MockLanguageModelV3 as Ai6MockLanguageModelV3 } from 'ai/test';
import { aiSdkProvider, replyguardMiddleware } from 'replyguard/ai-sdk';

const middleware = replyguardMiddleware();
const v4 = new MockLanguageModelV4();
for (const model of [v4, new MockLanguageModelV3(), new Ai6MockLanguageModelV3()]) {
  aiSdkProvider(model);
  aiSdkProvider(wrapLanguageModel({ model, middleware }));
}
aiSdkProvider(createOpenAICompatible({ name: 'local', baseURL: 'http://127.0.0.1:1/v1' }).chatModel('m'));
const { output } = await generateText({
  model: wrapLanguageModel({ model: v4, middleware }),
  prompt: 'hi',
  output: Output.object({ schema: jsonSchema<{ segments: unknown[] }>({ type: 'object' }) }),
});
output.segments.length;
`;

// Negative controls: each must fail with its error, so a checker that saw no types would show.
const refused = [
  {
    name: 'AI SDK 7 refuses the v3-typed middleware replyguard used to return',
    code: `import type { LanguageModelV3Middleware } from '@ai-sdk/provider';
import { wrapLanguageModel } from 'ai7';
import { MockLanguageModelV4 } from 'ai7/test';
declare const old: LanguageModelV3Middleware;
wrapLanguageModel({ model: new MockLanguageModelV4(), middleware: old });`,
    error: /TS2322 .*LanguageModelV3Middleware/s,
  },
  {
    name: 'AI SDK 6 refuses a v4 model',
    code: `import { wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai7/test';
import { replyguardMiddleware } from 'replyguard/ai-sdk';
wrapLanguageModel({ model: new MockLanguageModelV4(), middleware: replyguardMiddleware() });`,
    error: /TS2322 .*"v4".*"v3"/s,
  },
  {
    name: 'aiSdkProvider refuses what is not a language model',
    code: `import { aiSdkProvider } from 'replyguard/ai-sdk';
aiSdkProvider({ provider: 'p', modelId: 'm', specificationVersion: 'v3' });`,
    error: /TS2345 .*doGenerate/s,
  },
];
// Under the AI SDK 7 mapping, `ai` is AI SDK 7: its wrapLanguageModel returns a v4 model.
const mapped = {
  name: 'the mapping',
  code: `import { wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
const version: 'v3' = wrapLanguageModel({ model: new MockLanguageModelV3(), middleware: [] }).specificationVersion;`,
  error: /TS2322 .*"v4".*"v3"/s,
};

// Two programs: the installed names, and the same names mapped to the AI SDK 7 line.
const [on6, on7Only, ...negatives] = compileSnippets(
  [{ name: 'ai-sdk-6', code: consumer }, { name: 'ai-sdk-7-only', code: ai7Only }, ...refused],
  withNode,
);
const [on7, mapping] = compileSnippets(
  [
    { name: 'ai-sdk-7', code: consumer },
    { name: mapped.name, code: mapped.code },
  ],
  { ...withNode, paths: AI_SDK_7_PATHS },
);

describe('replyguard/ai-sdk in users’ code, without casts', () => {
  it('compiles against AI SDK 6: its wrapLanguageModel, its mock and openai-compatible 2', () => {
    expect(on6!.errors).toEqual([]);
  });

  it('compiles the same code against AI SDK 7 (v4 models, openai-compatible 3)', () => {
    expect(on7!.errors).toEqual([]);
    expect(mapping!.errors.join('\n')).toMatch(mapped.error);
  });

  it('compiles with AI SDK 7 for v4 and v3 mocks, wrapped models and Output.object', () => {
    expect(on7Only!.errors).toEqual([]);
  });

  it.each(refused.map((control, index) => ({ ...control, result: negatives[index]! })))(
    'fails where it must: $name',
    ({ result, error }) => {
      expect(result.errors.join('\n')).toMatch(error);
    },
  );
});

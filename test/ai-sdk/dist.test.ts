import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { requireBuilt } from '../requireBuilt';
import { generating, streaming } from './mockModels';
import { generateText, wrapLanguageModel } from './sdk';

// What ships as `replyguard/ai-sdk`: dist/ai-sdk.{js,cjs}, built by `npm run build`, imported by
// the package's name through its exports map; edge-clean, and nothing of the AI SDK at run time.
const root = fileURLToPath(new URL('../../', import.meta.url));
requireBuilt('dist/ai-sdk.js', 'dist/ai-sdk.cjs');
const entry: string = 'replyguard/ai-sdk';
// Typed as plain strings: the type check runs before the build, when dist/ may not exist.
const coreEntry: string = 'replyguard';
type Entry = typeof import('../../src/ai-sdk/index');
const good = '{"segments":[{"type":"text","data":{"text":"Hello"}}]}';

describe('the built replyguard/ai-sdk entry', () => {
  it('imports as ESM and requires as CJS by its name, and guards generateText', async () => {
    const esm = (await import(entry)) as Entry;
    const cjs = createRequire(import.meta.url)(entry) as Entry;
    for (const module of [esm, cjs]) {
      expect(Object.keys(module).sort()).toEqual([
        'AiSdkModelError',
        'aiSdkProvider',
        'replyguardMetadata',
        'replyguardMiddleware',
      ]);
      const model = wrapLanguageModel({
        model: generating(['```json\n' + good + '\n```', good]),
        middleware: module.replyguardMiddleware(),
      });
      const result = await generateText({ model, prompt: 'hi' });
      expect(result.text).toBe(good);
    }
  });

  it('takes the core from the package’s main entry: one copy, one ProviderError', async () => {
    for (const file of ['dist/ai-sdk.js', 'dist/ai-sdk.cjs']) {
      const code = readFileSync(`${root}${file}`, 'utf8');
      expect(code).toMatch(/from\s*["']replyguard["']|require\(\s*["']replyguard["']\s*\)/);
      // The core's own code (the strict parser, the leak rules) is not in this file.
      expect(code).not.toContain('DUPLICATE_KEY');
    }
    const core = (await import(coreEntry)) as typeof import('../../src/index');
    const esm = (await import(entry)) as Entry;
    // An error the entry makes itself is the core's class, not a copy of it.
    const { model } = streaming([[{ type: 'error', error: 'overloaded' } as never]]);
    const events = esm.aiSdkProvider(model).stream!(
      { system: '', messages: [] },
      { signal: new AbortController().signal },
    );
    await expect(
      (async () => {
        for await (const _ of events);
      })(),
    ).rejects.toBeInstanceOf(core.ProviderError);
  });

  it('imports nothing of the AI SDK, no Node built-ins and no eval at run time', () => {
    for (const file of ['dist/ai-sdk.js', 'dist/ai-sdk.cjs']) {
      const code = readFileSync(`${root}${file}`, 'utf8');
      expect(code).not.toMatch(
        /from\s*["'](ai|@ai-sdk\/[\w-]+)["']|require\(\s*["'](ai|@ai-sdk\/[\w-]+)["']\s*\)/,
      );
      expect(code).not.toMatch(/from\s*["']node:|require\(\s*["']node:/);
      expect(code).not.toMatch(/\beval\s*\(|new\s+Function\s*\(/);
      expect(code).not.toMatch(/\bprocess\.env\b|\bBuffer\.from\b/);
    }
  });

  it('names neither ai nor @ai-sdk/provider in its types, so either major (or none) compiles', () => {
    for (const file of ['dist/ai-sdk.d.ts', 'dist/ai-sdk.d.cts']) {
      // Without comments: the examples in the JSDoc import the AI SDK, as users do.
      const types = readFileSync(`${root}${file}`, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
      expect(types).toContain('AiSdkLanguageModel');
      expect(types).not.toMatch(/["'](ai|@ai-sdk\/[\w-]+)(\/[\w-]+)?["']/);
    }
  });
});

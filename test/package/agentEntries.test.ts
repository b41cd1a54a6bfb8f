import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { ROOT, requireBuilt } from '../requireBuilt';
import { DUPLICATED, FENCED, GOOD, GOOD_VALUE, LEAKY, MASKED_VALUE } from '../agents/replies';

// What ships as replyguard/openai-agents, /langchain, /mastra and /agentos: dist/<entry>.{js,cjs},
// imported by the package's name through its exports map, each run through its framework.
const ENTRIES = {
  'openai-agents': ['replyguardOutputGuardrail', 'segmentOutputType'],
  langchain: [
    'ReplyguardOutputParser',
    'ReplyguardParserException',
    'langchainProvider',
    'replyguardOutputParser',
    'replyguardRunnable',
  ],
  mastra: ['replyguardProcessor'],
  agentos: ['replyguardGuardrail'],
} as const;
type EntryName = keyof typeof ENTRIES;
const names = Object.keys(ENTRIES) as EntryName[];
requireBuilt(...names.flatMap((name) => [`dist/${name}.js`, `dist/${name}.cjs`]));
const require = createRequire(import.meta.url);
// Typed as plain strings: the type check runs before the build, when dist/ may not exist.
const entry = (name: EntryName): string => `replyguard/${name}`;
const code = (file: string) => readFileSync(`${ROOT}${file}`, 'utf8');
/** What a file imports at run time, ESM or CJS. */
const importsOf = (text: string) =>
  [...text.matchAll(/\bfrom\s*["']([^"']+)["']|\brequire\(\s*["']([^"']+)["']\s*\)/g)].map(
    (match) => (match[1] ?? match[2])!,
  );

describe.each(names)('the built replyguard/%s entry', (name) => {
  it('imports as ESM and requires as CJS by its name, with the same exports', async () => {
    const esm = (await import(entry(name))) as Record<string, unknown>;
    const cjs = require(entry(name)) as Record<string, unknown>;
    expect(Object.keys(esm).sort()).toEqual([...ENTRIES[name]].sort());
    expect(Object.keys(cjs).sort()).toEqual([...ENTRIES[name]].sort());
  });

  it('takes the core from the package’s main entry, and its framework only where it must', () => {
    for (const file of [`dist/${name}.js`, `dist/${name}.cjs`]) {
      const text = code(file);
      // Only LangChain's parser and Runnable are classes of the framework, so only it is imported.
      const allowed =
        name === 'langchain' ? /^(replyguard|@langchain\/core\/[\w/]+)$/ : /^replyguard$/;
      expect(importsOf(text).filter((path) => !allowed.test(path))).toEqual([]);
      expect(importsOf(text)).toContain('replyguard');
      // The core's own code (the strict parser's codes) is not in this file.
      expect(text).not.toContain('DUPLICATE_KEY');
      expect(text).not.toMatch(/\beval\s*\(|new\s+Function\s*\(|\bprocess\.env\b|\bBuffer\.from\b/);
    }
  });
});

describe('the built entries in their frameworks', () => {
  it('replyguard/openai-agents, ESM and CJS, in run()', async () => {
    const { Agent, OutputGuardrailTripwireTriggered, run, setTracingDisabled } =
      await import('@openai/agents');
    const { ScriptedModel, assistantMessage } = await import('@openai/agents/testing');
    setTracingDisabled(true);
    const esm = (await import(
      entry('openai-agents')
    )) as typeof import('../../src/openai-agents/index');
    const cjs = require(entry('openai-agents')) as typeof import('../../src/openai-agents/index');
    for (const module of [esm, cjs]) {
      const agent = (answer: string) =>
        new Agent({
          name: 'chat',
          model: new ScriptedModel([[assistantMessage(answer)]]),
          outputType: module.segmentOutputType(),
          outputGuardrails: [module.replyguardOutputGuardrail()],
        });
      expect((await run(agent(LEAKY), 'hi')).finalOutput).toEqual(MASKED_VALUE);
      await expect(run(agent(DUPLICATED), 'hi')).rejects.toBeInstanceOf(
        OutputGuardrailTripwireTriggered,
      );
    }
  });

  it('replyguard/langchain: ESM with LangChain’s ESM build, CJS with its CJS build', async () => {
    const esm = (await import(entry('langchain'))) as typeof import('../../src/langchain/index');
    const cjs = require(entry('langchain')) as typeof import('../../src/langchain/index');
    const esmTesting = await import('@langchain/core/utils/testing');
    const cjsTesting = require('@langchain/core/utils/testing') as typeof esmTesting;
    const esmParsers = await import('@langchain/core/output_parsers');
    const cjsParsers = require('@langchain/core/output_parsers') as typeof esmParsers;
    for (const [module, testing, parsers] of [
      [esm, esmTesting, esmParsers],
      [cjs, cjsTesting, cjsParsers],
    ] as const) {
      const chain = (answer: string) =>
        new testing.FakeListChatModel({ responses: [answer] }).pipe(
          module.replyguardOutputParser(),
        );
      expect(await chain(GOOD).invoke('hi')).toEqual(GOOD_VALUE);
      await expect(chain(FENCED).invoke('hi')).rejects.toBeInstanceOf(
        parsers.OutputParserException,
      );
      const model = new testing.FakeListChatModel({ responses: [FENCED, GOOD] });
      const result = await module.replyguardRunnable({ model }).invoke('hi');
      expect(result).toMatchObject({
        status: 'completed',
        value: GOOD_VALUE,
        meta: { attempts: 2 },
      });
    }
  });

  it.skipIf(semver.lt(process.versions.node, '22.13.0'))(
    'replyguard/mastra, ESM and CJS, in a Mastra agent (Node 22.13+, as Mastra asks)',
    async () => {
      const { Agent } = await import('@mastra/core/agent');
      const { scriptedModel } = await import('../agents/mastraModels');
      const esm = (await import(entry('mastra'))) as typeof import('../../src/mastra/index');
      const cjs = require(entry('mastra')) as typeof import('../../src/mastra/index');
      for (const module of [esm, cjs]) {
        const agent = new Agent({
          id: 'chat',
          name: 'chat',
          instructions: 'You chat.',
          model: scriptedModel([LEAKY]),
          outputProcessors: [module.replyguardProcessor()],
        });
        expect(JSON.parse((await agent.generate('hi')).text)).toEqual(MASKED_VALUE);
      }
    },
  );

  it('replyguard/agentos, ESM and CJS, through AgentOS’s own output-guardrail dispatcher', async () => {
    const { AgentOSResponseChunkType } = await import('@framers/agentos/api/types/AgentOSResponse');
    const { wrapOutputGuardrails } = await import('@framers/agentos/safety/guardrails');
    const esm = (await import(entry('agentos'))) as typeof import('../../src/agentos/index');
    const cjs = require(entry('agentos')) as typeof import('../../src/agentos/index');
    const base = { streamId: 's1', gmiInstanceId: 'g1', personaId: 'p', timestamp: '' };
    async function* chunks() {
      yield {
        ...base,
        type: AgentOSResponseChunkType.TEXT_DELTA,
        isFinal: false,
        textDelta: LEAKY,
      };
      yield {
        ...base,
        type: AgentOSResponseChunkType.FINAL_RESPONSE,
        isFinal: true,
        finalResponseText: LEAKY,
      };
    }
    for (const module of [esm, cjs]) {
      const out: { textDelta?: string; finalResponseText?: string | null }[] = [];
      for await (const chunk of wrapOutputGuardrails(
        module.replyguardGuardrail(),
        { userId: 'u', sessionId: 's' },
        chunks() as never,
        { streamId: 's1' },
      ))
        out.push(chunk as never);
      expect(out[0]?.textDelta).toBe('');
      expect(JSON.parse(out[1]!.finalResponseText!)).toEqual(MASKED_VALUE);
    }
  });
});

it('names each framework in its entry’s types only', () => {
  const frameworks: Record<EntryName, RegExp> = {
    'openai-agents': /@openai\/agents/,
    langchain: /@langchain\/core/,
    mastra: /@mastra\/core/,
    agentos: /@framers\/agentos/,
  };
  for (const name of names)
    for (const file of [`dist/${name}.d.ts`, `dist/${name}.d.cts`]) {
      // Without comments: the JSDoc examples use the frameworks, as users do.
      const types = code(file).replace(/\/\*[\s\S]*?\*\//g, '');
      for (const [other, pattern] of Object.entries(frameworks))
        expect(pattern.test(types), `${file} and ${other}`).toBe(other === name);
    }
});

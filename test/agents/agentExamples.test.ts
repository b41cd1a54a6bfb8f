import { readFileSync } from 'node:fs';
import semver from 'semver';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeOpenAi } from '../examples/fakeOpenAi';
import { segmentInstruction } from '../../src/index';
import { compileSnippets } from '../readme/compileSnippets';
import { ROOT } from '../requireBuilt';
import { fakeModelsApi } from './fakeModelsApi';
import { FENCED, GOOD, GOOD_VALUE, NOTICE_TEXT } from './replies';
import { runExample } from '../examples/runExample';

// The agent runtimes' examples run as users run them, against a local OpenAI-compatible server.
// @langchain/openai asks for Node 22, Mastra for 22.13: below, their examples are skipped here
// and run on the Node lines (npm run test:node-lines), where a skipped test fails the run.
const NOTICE = JSON.stringify({ segments: [{ type: 'text', data: { text: NOTICE_TEXT } }] });
const EXAMPLE_NOTICE = NOTICE.replace(
  NOTICE_TEXT,
  'Sorry, I could not answer that properly. Please try again.',
);
const node = process.versions.node;
const EXAMPLES = ['openai-agents', 'langchain', 'mastra', 'agentos'].map(
  (name) => `examples/${name}/chat.ts`,
);

let servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});
async function upstream(contents: string[]) {
  const server = await fakeOpenAi(contents);
  servers.push(server);
  return server;
}
async function modelsApi(contents: string[]) {
  const server = await fakeModelsApi(contents);
  servers.push(server);
  return server;
}

// An example starts Node, tsx and its framework (AgentOS's module graph is large): a slow start on a
// loaded machine is not a failure.
const EXAMPLE_TIMEOUT = 120_000;

// One program for all four, compiled as the file loads (the frameworks' types are large).
const compiled = compileSnippets(
  EXAMPLES.map((path) => ({ name: path, code: readFileSync(`${ROOT}${path}`, 'utf8') })),
  { types: ['node'] },
);
it.each(EXAMPLES.map((path, index) => ({ path, errors: compiled[index]!.errors })))(
  '$path type-checks (strict, exactOptionalPropertyTypes)',
  ({ errors }) => {
    expect(errors).toEqual([]);
  },
);

describe('examples/openai-agents', () => {
  it(
    'prints the checked reply, the schema sent as a strict response_format',
    async () => {
      const api = await upstream([GOOD]);
      const run = await runExample('examples/openai-agents/chat.ts', api.baseUrl, ['hi'], {
        MEMBERS: 'u1',
      });
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual(GOOD_VALUE);
      expect(api.requests[0]).toMatchObject({
        url: '/v1/chat/completions',
        body: { model: 'local-model', response_format: { type: 'json_schema' } },
      });
      const [system] = api.requests[0]!.body.messages as { content: string }[];
      expect(system!.content.endsWith(segmentInstruction())).toBe(true);
    },
    EXAMPLE_TIMEOUT,
  );

  it(
    'prints the notice and exits 1 when the guardrail trips',
    async () => {
      const api = await upstream([GOOD]);
      const run = await runExample('examples/openai-agents/chat.ts', api.baseUrl, ['hi'], {
        MEMBERS: 'u2',
      });
      expect(run.code).toBe(1);
      expect(run.stdout.trim()).toBe(EXAMPLE_NOTICE);
      expect(run.stderr).toContain('MENTION_NOT_ALLOWED at /segments/1/data/target');
    },
    EXAMPLE_TIMEOUT,
  );
});

describe.skipIf(semver.lt(node, '22.0.0'))('examples/langchain (Node 22+)', () => {
  it(
    'prints the checked reply after one correction, the question not in it',
    async () => {
      const api = await upstream([FENCED, GOOD]);
      const run = await runExample('examples/langchain/chat.ts', api.baseUrl, ['Tell u1 hi'], {
        MEMBERS: 'u1',
      });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual(GOOD_VALUE);
      expect(api.requests).toHaveLength(2);
      expect(JSON.stringify(api.requests[1]!.body.messages)).toContain('CODE_FENCE');
      expect(JSON.stringify(api.requests[1]!.body.messages)).not.toContain('Tell u1');
    },
    EXAMPLE_TIMEOUT,
  );
});

describe.skipIf(semver.lt(node, '22.13.0'))('examples/mastra (Node 22.13+)', () => {
  it(
    'streams only the checked reply, after one correction through Mastra’s retry',
    async () => {
      const api = await upstream([FENCED, GOOD]);
      const run = await runExample('examples/mastra/chat.ts', api.baseUrl, ['hi'], {
        MEMBERS: 'u1',
      });
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(`${GOOD}\n`);
      expect(api.requests).toHaveLength(2);
      expect(JSON.stringify(api.requests[1]!.body.messages)).toContain('CODE_FENCE');
    },
    EXAMPLE_TIMEOUT,
  );

  it(
    'prints the notice and exits 1 when the correction is refused too',
    async () => {
      const api = await upstream([FENCED, FENCED]);
      const run = await runExample('examples/mastra/chat.ts', api.baseUrl, ['hi']);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe(`${EXAMPLE_NOTICE}\n`);
      expect(run.stderr).toContain('CODE_FENCE');
    },
    EXAMPLE_TIMEOUT,
  );
});

describe('examples/agentos', () => {
  it(
    'prints the checked reply from AgentOS’s final response, the persona’s prompt ending with the instruction',
    async () => {
      const api = await modelsApi([GOOD]);
      const run = await runExample('examples/agentos/chat.ts', api.baseUrl, ['hi'], {
        MEMBERS: 'u1',
      });
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual(GOOD_VALUE);
      const [system] = api.chats[0]!.messages as { role: string; content: string }[];
      expect(system!.role).toBe('system');
      expect(system!.content).toContain(segmentInstruction());
    },
    EXAMPLE_TIMEOUT,
  );

  it(
    'prints the notice and exits 1 when the reply is refused',
    async () => {
      const api = await modelsApi([FENCED]);
      const run = await runExample('examples/agentos/chat.ts', api.baseUrl, ['hi'], {
        MEMBERS: 'u1',
      });
      expect(run.code).toBe(1);
      expect(run.stdout).toBe(`${EXAMPLE_NOTICE}\n`);
    },
    EXAMPLE_TIMEOUT,
  );
});

import { afterEach, describe, expect, it } from 'vitest';
import { fakeOpenAi } from './fakeOpenAi';
import { runExample } from './runExample';

// The Node examples run as a user runs them (tsx, examples/tsconfig.json mapping the package to
// its source), against a local OpenAI-compatible server: no network, no keys.
const good =
  '{"segments":[{"type":"text","data":{"text":"The build is green, "}},{"type":"mention","data":{"target":"u1"}}]}';
const fenced = '```json\n' + good + '\n```';

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

// Each example's child is killed after 40 s (its test's own timeout is vitest's).
const example = (
  path: string,
  baseUrl: string,
  args: string[],
  env: Record<string, string> = {},
  tsconfig = 'examples/tsconfig.json',
) => runExample(path, baseUrl, args, env, { tsconfig, killAfterMs: 40_000 });

describe('examples/node-openai', () => {
  it('prints the validated segments after one correction, with the schema sent as response_format', async () => {
    const api = await upstream([fenced, good]);
    const run = await example(
      'examples/node-openai/chat.ts',
      api.baseUrl,
      ['Tell u1 the build is green'],
      { MEMBERS: 'u1,u2' },
    );
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(JSON.parse(good));
    expect(run.stderr).toContain('replyguard: completed after 2 attempt(s) at correction');
    expect(api.requests).toHaveLength(2);
    expect(api.requests[0]).toMatchObject({
      url: '/v1/chat/completions',
      authorization: 'Bearer test-key',
      body: { model: 'local-model', response_format: { type: 'json_schema' } },
    });
    expect(JSON.stringify(api.requests[0]!.body.messages)).toContain('Tell u1 the build is green');
  });

  it('prints the failure notice and exits 1 when a mention is not allowed twice', async () => {
    const api = await upstream([good, good]);
    const run = await example('examples/node-openai/chat.ts', api.baseUrl, ['hi'], {
      MEMBERS: 'u2',
    });
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual({
      segments: [
        {
          type: 'text',
          data: { text: 'Sorry, I could not answer that properly. Please try again.' },
        },
      ],
    });
    expect(run.stderr).toContain('MENTION_NOT_ALLOWED at /segments/1/data/target');
  });
});

// The AI SDK example runs with AI SDK 6 as installed, and with AI SDK 7: test/examples/
// tsconfig.ai7.json maps `ai` and `@ai-sdk/openai-compatible` to the ai7 line for tsx. The
// provider's user agent tells which line made the request.
const aiSdkMajors = [
  { major: 6, tsconfig: 'examples/tsconfig.json', agent: /ai-sdk\/openai-compatible\/2\./ },
  { major: 7, tsconfig: 'test/examples/tsconfig.ai7.json', agent: /ai-sdk-openai-compatible\/3\./ },
];

describe.each(aiSdkMajors)('examples/ai-sdk-stream with AI SDK $major', ({ tsconfig, agent }) => {
  it('streams only the validated reply through streamText, the malformed first answer never', async () => {
    const api = await upstream([fenced, good]);
    const run = await example(
      'examples/ai-sdk-stream/chat.ts',
      api.baseUrl,
      ['Tell u1 the build is green'],
      { MEMBERS: 'u1' },
      tsconfig,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${good}\n`);
    expect(run.stderr).toContain('replyguard: completed after 2 attempt(s)');
    expect(api.requests).toHaveLength(2);
    expect(api.requests[0]!.userAgent).toMatch(agent);
    expect(api.requests[0]!.body).toMatchObject({
      stream: true,
      response_format: { type: 'json_schema', json_schema: { name: 'segment_reply' } },
    });
    // The correction: the instruction and the quoted bad answer only.
    expect(JSON.stringify(api.requests[1]!.body.messages)).toContain('CODE_FENCE');
    expect(JSON.stringify(api.requests[1]!.body.messages)).not.toContain('Tell u1');
  });

  it('streams the notice when the mention is not allowed', async () => {
    const api = await upstream([good, good]);
    const run = await example(
      'examples/ai-sdk-stream/chat.ts',
      api.baseUrl,
      ['hi'],
      { MEMBERS: 'u9' },
      tsconfig,
    );
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual({
      segments: [
        {
          type: 'text',
          data: { text: 'Sorry, I could not answer that properly. Please try again.' },
        },
      ],
    });
    expect(run.stderr).toContain('replyguard: validation_failed');
  });
});

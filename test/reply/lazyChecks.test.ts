import { afterEach, describe, expect, it, vi } from 'vitest';

// checkReply loads its checks (the leak scanner, the markup rules, the policies) on first use, a
// lazy chunk. A chunk that cannot be loaded (a network failure in a browser, a file missing from
// a deployment) never lets a reply through unchecked and never throws across the boundary: the
// result is an error with the host's notice, and the next call tries again.
afterEach(() => {
  vi.doUnmock('../../src/reply/replyChecks');
  vi.resetModules();
});

const failedChunk = () => {
  throw new TypeError('Failed to fetch dynamically imported module');
};
const valid = '{"segments":[{"type":"text","data":{"text":"hello"}}]}';
const invalid = '{"segments":[{"type":"poll","data":{}}]}';
const issue = {
  code: 'INTERNAL',
  path: '',
  message: 'the reply checks (leak scanner, policies) could not be loaded',
};

describe('checkReply when its checks cannot be loaded', () => {
  it('delivers nothing: an error with the notice, for every kind of reply', async () => {
    vi.resetModules();
    vi.doMock('../../src/reply/replyChecks', failedChunk);
    const { checkReply } = await import('../../src/reply/checkReply');
    for (const [text, options] of [
      [valid, {}],
      [invalid, {}],
      ['not json', {}],
      ['plain text', { schema: false as const }],
    ] as const) {
      const result = await checkReply(text, options);
      expect(result).toMatchObject({ status: 'error', issues: [issue] });
      expect(result).not.toHaveProperty('value');
      expect(result.notice?.segments.length).toBeGreaterThan(0);
    }
  });

  it('tries again on the next call, and checks once the chunk loads', async () => {
    vi.resetModules();
    vi.doMock('../../src/reply/replyChecks', failedChunk);
    const { checkReply } = await import('../../src/reply/checkReply');
    expect((await checkReply(valid)).status).toBe('error');
    vi.doUnmock('../../src/reply/replyChecks');
    const github = `ghp_${'aB3dE5fG7hJ9kL1mN2pQ4rS6tU8vW0xY2zA4'}`;
    const result = await checkReply(
      `{"segments":[{"type":"text","data":{"text":"key ${github}"}}]}`,
    );
    expect(result).toMatchObject({ status: 'completed', meta: { stage: 'post_guardrail' } });
    expect(JSON.stringify(result)).not.toContain(github);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { scriptedUpstream } from './scriptedUpstream';

// A provider's failure is masked by the leak scanner, loaded on the first failure (a lazy chunk,
// so a provider factory stays small). A chunk that cannot be loaded (a network failure in a
// browser, a file missing from a deployment) still fails the call as a ProviderError: it says what
// failed, keeps the status, and quotes nothing, so no unmasked text leaves.
const key = 'sk-proj-0123456789abcdefghijklmnopqrstuvwxyzABCDEF';
let upstream: Awaited<ReturnType<typeof scriptedUpstream>>;
beforeAll(async () => {
  upstream = await scriptedUpstream(() => ({
    kind: 'http',
    status: 401,
    body: `{"error":{"message":"Incorrect API key provided: ${key}"}}`,
  }));
});
afterAll(async () => {
  await upstream?.close();
});
afterEach(() => {
  vi.doUnmock('../../src/leaks/quoteOutboundOf');
  vi.resetModules();
});

describe('the masking of a failure', () => {
  it.each([
    ['whole', false],
    ['streamed', true],
  ])('%s: masks when it loads, withholds the message when it cannot', async (_label, streaming) => {
    const request = { system: '', messages: [{ role: 'user' as const, content: 'hi' }] };
    const signal = new AbortController().signal;
    const fail = async () => {
      const { openAiChatProvider } = await import('../../src/providers/openAiChatProvider');
      const provider = openAiChatProvider({
        baseUrl: `${upstream.baseUrl}/v1`,
        apiKey: key,
        model: 'm',
        streaming,
      });
      try {
        if (streaming) for await (const _ of provider.stream!(request, { signal }));
        else await provider.generate(request, { signal });
      } catch (error) {
        return error as Error & { status?: number };
      }
      throw new Error('the call did not fail');
    };
    const masked = await fail();
    expect(masked).toMatchObject({
      name: 'ProviderError',
      status: 401,
      message: expect.stringContaining('Incorrect API key provided: [REDACTED]'),
    });
    vi.resetModules();
    vi.doMock('../../src/leaks/quoteOutboundOf', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const withheld = await fail();
    expect(withheld).toMatchObject({
      name: 'ProviderError',
      status: 401,
      message:
        'the upstream call failed (401); its message is withheld: the leak scanner could not be loaded',
    });
  });
});

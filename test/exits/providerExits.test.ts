import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anthropicProvider } from '../../src/providers/anthropicProvider';
import { geminiProvider } from '../../src/providers/geminiProvider';
import { type ModelProvider, ProviderError } from '../../src/providers/modelProvider';
import { openAiChatProvider } from '../../src/providers/openAiChatProvider';
import { openAiResponsesProvider } from '../../src/providers/openAiResponsesProvider';
import { PROVIDER_MESSAGE_MAX } from '../../src/providers/providerFailure';
import { ISSUE_MESSAGE_MAX } from '../../src/leaks/redactIssues';
import { enforceReply } from '../../src/reply/enforceReply';
import { type SecretCase, errorBody, leakedPiece, secretCases } from './outboundSecrets';
import {
  BASE_PATH,
  type UpstreamAnswer,
  type WireKind,
  failedResponse,
  scriptedUpstream,
  streamFailure,
} from './scriptedUpstream';

// Issue 26, items 1 and 2, in the core: what a provider quotes of its upstream (an error body,
// an SSE error frame, a failed response) is masked, its own key a literal, then shortened, so a
// ProviderError — and the issue and history a turn makes of it — carries no piece of a secret.
const cases = secretCases();
const keys = cases.filter((item) => item.literal);
const others = cases.filter((item) => !item.literal);
// Around the cut: the quote starts after a prefix of 20–30 characters, the cut is at 150.
const OFFSETS = [90, 100, 108, 114, 120, 126, 132, 140];

type Form = 'http' | 'frame' | 'typed' | 'failed';
interface Scenario {
  readonly form: Form;
  readonly secret: SecretCase;
  readonly offset: number;
}
const scenarios: Scenario[] = [];
const answers =
  (kind: WireKind) =>
  (id: number): UpstreamAnswer => {
    const { form, secret, offset } = scenarios[id]!;
    const body = errorBody(secret.text, offset);
    if (form === 'http') return { kind: 'http', status: 401, body };
    if (form === 'failed') return { kind: 'http', status: 200, body: failedResponse(body) };
    return { kind: 'sse', frames: streamFailure(kind, body, form === 'typed') };
  };

const KINDS: readonly WireKind[] = ['openai', 'openai-responses', 'anthropic', 'gemini'];
const servers = new Map<WireKind, Awaited<ReturnType<typeof scriptedUpstream>>>();
beforeAll(async () => {
  for (const kind of KINDS) servers.set(kind, await scriptedUpstream(answers(kind)));
});
afterAll(async () => {
  for (const server of servers.values()) await server.close();
});

function provider(kind: WireKind, apiKey: string, streaming: boolean): ModelProvider {
  const options = {
    baseUrl: `${servers.get(kind)!.baseUrl}${BASE_PATH[kind]}`,
    apiKey,
    model: 'm',
    streaming,
  };
  switch (kind) {
    case 'openai-responses':
      return openAiResponsesProvider(options);
    case 'anthropic':
      return anthropicProvider(options);
    case 'gemini':
      return geminiProvider(options);
    default:
      return openAiChatProvider(options);
  }
}

/** The error a call fails with, whole or streamed. */
async function failure(called: ModelProvider, id: number, streamed: boolean): Promise<unknown> {
  const request = { system: 's', messages: [{ role: 'user' as const, content: `case:${id}` }] };
  const signal = new AbortController().signal;
  try {
    if (!streamed) await called.generate(request, { signal });
    else for await (const _ of called.stream!(request, { signal }));
  } catch (error) {
    return error;
  }
  return undefined;
}

function forms(kind: WireKind, streamed: boolean): Form[] {
  if (!streamed) return kind === 'openai-responses' ? ['http', 'failed'] : ['http'];
  return kind === 'openai-responses' ? ['http', 'frame', 'typed'] : ['http', 'frame'];
}

describe.each(KINDS.map((kind) => [kind]))('%s: a failed call quotes no secret', (kind) => {
  it.each([
    ['whole', false],
    ['streamed', true],
  ] as const)('%s: error bodies, error frames, failed responses', async (_label, streamed) => {
    const leaked: string[] = [];
    let checked = 0;
    for (const key of keys)
      for (const form of forms(kind, streamed))
        for (const secret of [key, ...(key === keys[0] ? others : [])])
          for (const offset of OFFSETS) {
            const id = scenarios.push({ form, secret, offset }) - 1;
            const error = await failure(provider(kind, key.text, streamed), id, streamed);
            expect(error, `${form} ${secret.name} at ${offset}`).toBeInstanceOf(ProviderError);
            const message = (error as ProviderError).message;
            expect(message.length).toBeLessThanOrEqual(PROVIDER_MESSAGE_MAX + 1);
            if (form === 'http') expect((error as ProviderError).status).toBe(401);
            const piece = leakedPiece(message, [secret]);
            if (piece) leaked.push(`${form} at ${offset}: ${piece} in ${message}`);
            checked++;
          }
    expect(leaked).toEqual([]);
    expect(checked).toBe(forms(kind, streamed).length * cases.length * OFFSETS.length);
  });
});

describe("a turn's result and history", () => {
  it('carry no piece of a secret an upstream quoted, nor of the provider key', async () => {
    const key = keys[1]!;
    const leaked: string[] = [];
    const attempts: unknown[] = [];
    for (const secret of [key, ...others])
      for (const offset of OFFSETS) {
        const id = scenarios.push({ form: 'http', secret, offset }) - 1;
        const result = await enforceReply({
          provider: provider('openai', key.text, true),
          messages: [{ role: 'user', content: `case:${id}` }],
          onAttempt: (record) => attempts.push(record),
        });
        expect(result).toMatchObject({ status: 'error', issues: [{ code: 'MODEL_FAILED' }] });
        const piece = leakedPiece(JSON.stringify([result, attempts]), [secret]);
        if (piece) leaked.push(`${secret.name} at ${offset}: ${piece}`);
      }
    expect(leaked).toEqual([]);
    expect(attempts.length).toBe((1 + others.length) * OFFSETS.length);
  });

  it("a host's provider that throws a long message: masked, then shortened, in the issue", async () => {
    const [aws] = others;
    // The key starts at 156–206: the old cut at 200 characters of the message fell inside it.
    for (let offset = 150; offset <= 200; offset++) {
      const thrown = `boom: ${'word '.repeat(40).slice(0, offset - 1)} ${aws!.text} more`;
      const result = await enforceReply({
        provider: {
          name: 'host',
          enforcement: 'prompt_only',
          generate: () => Promise.reject(new Error(thrown)),
        },
        messages: [{ role: 'user', content: 'hi' }],
      });
      const message = result.issues[0]!.message;
      expect(message.startsWith('the model call failed: boom: word')).toBe(true);
      expect(message.length).toBeLessThanOrEqual(301);
      expect(leakedPiece(JSON.stringify(result), [aws!]), `at ${offset}`).toBeUndefined();
    }
    const long = await enforceReply({
      provider: {
        name: 'host',
        enforcement: 'prompt_only',
        generate: () => Promise.reject(new Error('word '.repeat(2000))),
      },
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(long.issues[0]!.message.length).toBeLessThanOrEqual(ISSUE_MESSAGE_MAX + 1);
    expect(long.issues[0]!.message.length).toBeGreaterThan(ISSUE_MESSAGE_MAX - 10);
  });

  it('a validator that throws: the INTERNAL issue is masked, then shortened', async () => {
    const [aws] = others;
    // The key starts at 96–126: the old cut at 120 characters of the thrown message fell inside it.
    for (let offset = 90; offset <= 120; offset++) {
      const thrown = `bad: ${'word '.repeat(40).slice(0, offset - 1)} ${aws!.text} more`;
      const result = await enforceReply({
        provider: {
          name: 'host',
          enforcement: 'prompt_only',
          generate: async () => ({ text: '{"a":1}' }),
        },
        messages: [{ role: 'user', content: 'hi' }],
        schema: {
          '~standard': {
            version: 1,
            vendor: 'test',
            validate: () => {
              throw new Error(thrown);
            },
          },
        },
      });
      expect(result.issues[0]).toMatchObject({
        code: 'INTERNAL',
        message: expect.stringMatching(/^the schema's validator threw: bad: word/),
      });
      expect(leakedPiece(JSON.stringify(result), [aws!]), `at ${offset}`).toBeUndefined();
    }
  });
});

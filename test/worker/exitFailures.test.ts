import { describe, expect, it } from 'vitest';
import type { ReplyEvent } from '../../src/reply/replyEvent';
import { createHandler } from '../../src/worker/index';
import { turnStream } from '../../src/worker/turn/turnStream';
import type { WireAnswer } from '../../src/worker/turn/wireAnswer';
import { workerSecrets } from '../../src/worker/workerSecrets';
import { leakedPiece, secretCases } from '../exits/outboundSecrets';
import { random } from '../leaks/ruleSamples';

// Issue 26, items 1 and 2, at the Worker's other exits: /v1/check (the Worker's secrets are
// literals whatever the client asks), an unexpected failure of the handler or of a stream.
const [hex, project] = secretCases().filter((item) => item.literal);
const password = `pw-${random(20)}`;
const env = { UPSTREAM_API_KEY: hex!.text, API_KEY: project!.text, DB_PASSWORD: password };
const all = [
  hex!,
  project!,
  { name: 'DB_PASSWORD', text: password, parts: [[password, 3]] as const },
];
const auth = { authorization: `Bearer ${project!.text}` };
const post = (path: string, body: string, type: string, method = 'POST') =>
  createHandler().fetch(
    new Request(`http://127.0.0.1:8787${path}`, {
      method,
      headers: { 'content-type': type, ...auth },
      body,
    }),
    env,
  );
const everything = async (response: Response) => {
  const headers: string[] = [];
  response.headers.forEach((value, name) => headers.push(`${name}: ${value}`));
  return `${response.status}\n${headers.join('\n')}\n${await response.text()}`;
};
const reply = `{"segments":[{"type":"text","data":{"text":"keys ${hex!.text} ${project!.text} ${password}"}}]}`;

describe("the Worker's secrets are literals on /v1/check", () => {
  it.each([
    ['a text/plain reply', 'text/plain', reply],
    ['a JSON check', 'application/json', JSON.stringify({ reply })],
    ['leaks: false', 'application/json', JSON.stringify({ reply, leaks: false })],
    [
      'an allow list naming them',
      'application/json',
      JSON.stringify({ reply, leaks: { allow: [hex!.text, password] } }),
    ],
    ['a custom schema', 'application/json', JSON.stringify({ reply, schema: { type: 'object' } })],
  ])('%s', async (_label, type, body) => {
    const response = await post('/v1/check', body, type);
    expect(response.status).toBe(200);
    const out = await everything(response);
    expect(leakedPiece(out, all)).toBeUndefined();
    expect(out).toContain('[REDACTED]');
  });

  it('with leak scanning off, only the Worker secrets are masked (the client asked)', async () => {
    const github = `ghp_${random(36)}`;
    const text = `{"segments":[{"type":"text","data":{"text":"${github} ${hex!.text}"}}]}`;
    const response = await post(
      '/v1/check',
      JSON.stringify({ reply: text, leaks: false }),
      'application/json',
    );
    const out = await everything(response);
    expect(out).toContain(github);
    expect(leakedPiece(out, all)).toBeUndefined();
  });

  it('names every variable that says it is secret, not the others', () => {
    expect(
      workerSecrets({
        UPSTREAM_API_KEY: 'key-one-123',
        API_KEY: 'key-two-456',
        DB_PASSWORD: 'hunter22',
        SESSION_TOKEN: 'tok-789-abc',
        SIGNING_SECRET: 'sig-000-def',
        UPSTREAM_MODEL: 'gpt-4o-mini-long-name',
        MAX_TOKENS: '100000',
        TOKENIZER: 'cl100k_base',
        githubPat: 'pat-value-42',
        CORS_ORIGINS: 'https://example.com',
        SHORT_KEY: 'abc',
        NUMBER_KEY: 123456789,
      }),
    ).toEqual([
      'hunter22',
      'key-one-123',
      'key-two-456',
      'pat-value-42',
      'sig-000-def',
      'tok-789-abc',
    ]);
    // The same secrets are the same array: the scanner prepares its rules once for it.
    expect(workerSecrets({ API_KEY: 'same-key-1' })).toBe(workerSecrets({ API_KEY: 'same-key-1' }));
  });
});

describe('an unexpected failure quotes no secret', () => {
  it('of the handler (500 INTERNAL, masked, then shortened)', async () => {
    for (let offset = 100; offset <= 170; offset += 7) {
      const failing = {
        ...env,
        SCHEMAS: {
          get: async () => null,
          put: async () => {
            throw new Error(
              `${'the store refused: '.padEnd(offset, 'x ')} ${hex!.text} ${password}`,
            );
          },
        },
      };
      const response = await createHandler().fetch(
        new Request('http://127.0.0.1:8787/v1/schemas/invoice', {
          method: 'PUT',
          headers: { 'content-type': 'application/json', ...auth },
          body: '{"type":"object"}',
        }),
        failing,
      );
      expect(response.status).toBe(500);
      const out = await everything(response);
      expect(JSON.parse(out.slice(out.indexOf('{'))).error).toMatchObject({ code: 'INTERNAL' });
      expect(leakedPiece(out, all), `at ${offset}`).toBeUndefined();
    }
  });

  it("of a stream (the wire's error event, masked, then shortened)", async () => {
    for (let offset = 100; offset <= 170; offset += 7) {
      const thrown = new Error(`${'the turn broke: '.padEnd(offset, 'y ')} ${hex!.text}`);
      const events: AsyncIterator<ReplyEvent> = { next: () => Promise.reject(thrown) };
      const failed: unknown[] = [];
      const answer: WireAnswer = {
        body: () => ({}),
        open: () => '',
        heartbeat: () => '',
        progress: () => '',
        reply: () => '',
        fail: (error) => {
          failed.push(error);
          return `data: ${JSON.stringify(error)}\n\n`;
        },
      };
      const stream = turnStream(events, answer, {
        progress: false,
        stop: () => undefined,
        exits: { leaks: { literals: [hex!.text] }, toolCalls: 'mask' },
      });
      const text = await new Response(stream).text();
      expect(failed).toMatchObject([{ status: 500, code: 'INTERNAL' }]);
      expect(leakedPiece(text, [hex!]), `at ${offset}`).toBeUndefined();
      expect(text).toContain('unexpected failure: the turn broke');
    }
  });
});

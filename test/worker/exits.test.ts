import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HandlerConfig } from '../../src/worker/index';
import { type SecretCase, errorBody, leakedPiece, secretCases } from '../exits/outboundSecrets';
import {
  BASE_PATH,
  type UpstreamAnswer,
  type WireKind,
  replyFrames,
  scriptedUpstream,
  streamFailure,
  toolCallFrames,
} from '../exits/scriptedUpstream';
import { random } from '../leaks/ruleSamples';
import { WIRES, type WireName, callWire, wireBody, wireErrorOf } from './wireCalls';

// Issue 26, bad input, items 1–4, against the Worker (the handler, a scripted upstream on
// 127.0.0.1): every case on all three wires, whole and streamed, gets a clear answer in the wire's
// shape, no 500, no hang, and nothing that leaves — status, headers, body — holds a piece of 8 or
// more characters of a secret: one the upstream quotes, the Worker's UPSTREAM_API_KEY, its API_KEY.
const cases = secretCases();
const keys = cases.filter((item) => item.literal);
const others = cases.filter((item) => !item.literal);
const clientKey = `rg-client-${random(24)}`;
const clientCase: SecretCase = { name: 'API_KEY', text: clientKey, parts: [[clientKey, 10]] };
const OFFSETS = [100, 116, 128];

type Scenario =
  | { readonly form: 'http' | 'frame' | 'typed'; readonly kind: WireKind; readonly quoted: string }
  | { readonly form: 'tools'; readonly calls: { id: string; name: string; arguments: string }[] }
  | { readonly form: 'reply'; readonly text: string };
const scenarios: Scenario[] = [];

function answer(id: number): UpstreamAnswer {
  const scenario = scenarios[id];
  if (!scenario) return { kind: 'http', status: 500, body: '{"error":{"message":"no case"}}' };
  switch (scenario.form) {
    case 'http':
      return { kind: 'http', status: 401, body: scenario.quoted };
    case 'frame':
    case 'typed':
      return {
        kind: 'sse',
        frames: streamFailure(scenario.kind, scenario.quoted, scenario.form === 'typed'),
      };
    case 'tools':
      return { kind: 'sse', frames: toolCallFrames(scenario.calls) };
    case 'reply':
      // The reply names its case too: a correction quotes it, not the user's message.
      return { kind: 'sse', frames: replyFrames(scenario.text.replace('CASE', `case:${id}`)) };
  }
}

let upstream: Awaited<ReturnType<typeof scriptedUpstream>>;
beforeAll(async () => {
  upstream = await scriptedUpstream(answer);
});
afterAll(async () => {
  await upstream?.close();
});

const envFor = (kind: WireKind, key: SecretCase, more: HandlerConfig = {}): HandlerConfig => ({
  UPSTREAM_KIND: kind,
  UPSTREAM_BASE_URL: `${upstream.baseUrl}${BASE_PATH[kind]}`,
  UPSTREAM_MODEL: 'm',
  UPSTREAM_API_KEY: key.text,
  API_KEY: clientKey,
  ...more,
});
const auth = { authorization: `Bearer ${clientKey}` };

/** Runs one scenario on one wire; returns what left and the error in the wire's shape. */
async function run(
  scenario: Scenario,
  wire: WireName,
  stream: boolean,
  env: HandlerConfig,
  extra: { tools?: boolean; replyguard?: object } = {},
) {
  const id = scenarios.push(scenario) - 1;
  const output = await callWire(wire, wireBody(wire, `case:${id}`, stream, extra), env, auth);
  expect(output.status, output.text).not.toBe(500);
  return { output, error: wireErrorOf(wire, stream, output) };
}

/** Runs jobs a few at a time. */
async function pool<T>(jobs: (() => Promise<T>)[], width = 6): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < jobs.length) {
        const at = next++;
        results[at] = await jobs[at]!();
      }
    }),
  );
  return results;
}

const MODES = [
  ['whole', false],
  ['streamed', true],
] as const;

describe('an upstream failure quotes no secret, on every wire and upstream kind', () => {
  const KINDS: readonly WireKind[] = [
    'openai',
    'openai-responses',
    'json-text',
    'anthropic',
    'gemini',
  ];

  it.each(MODES)("the Worker's own keys, echoed by every kind (%s)", async (_label, stream) => {
    const jobs = KINDS.flatMap((kind) =>
      WIRES.flatMap((wire) =>
        keys.flatMap((key) =>
          [key, clientCase].flatMap((echoed) =>
            OFFSETS.map((offset) => async () => {
              const quoted = errorBody(echoed.text, offset);
              const { output, error } = await run(
                { form: 'http', kind, quoted },
                wire,
                stream,
                envFor(kind, key),
              );
              expect(output.status).toBe(stream ? 200 : 502);
              expect(error, output.text).toMatchObject({ code: 'UPSTREAM_FAILED' });
              return leakedPiece(output.all, [key, clientCase]);
            }),
          ),
        ),
      ),
    );
    const leaked = (await pool(jobs)).filter(Boolean);
    expect(leaked).toEqual([]);
    expect(jobs.length).toBe(KINDS.length * WIRES.length * 2 * 2 * OFFSETS.length);
  });

  it.each(MODES)('any secret in an error body or an error frame (%s)', async (_label, stream) => {
    const key = keys[1]!;
    const forms: [WireKind, 'http' | 'frame' | 'typed'][] = [
      ['openai', 'http'],
      ['openai', 'frame'],
      ['openai-responses', 'frame'],
      ['openai-responses', 'typed'],
      ['anthropic', 'frame'],
      ['gemini', 'frame'],
    ];
    const jobs = forms.flatMap(([kind, form]) =>
      WIRES.flatMap((wire) =>
        cases.flatMap((secret) =>
          OFFSETS.map((offset) => async () => {
            const quoted = errorBody(secret.text, offset);
            const { output, error } = await run(
              { form, kind, quoted },
              wire,
              stream,
              envFor(kind, key),
            );
            expect(error, output.text).toMatchObject({
              code: 'UPSTREAM_FAILED',
              message: expect.stringMatching(/^the model call failed: /),
            });
            return leakedPiece(output.all, [secret, key, clientCase]);
          }),
        ),
      ),
    );
    const leaked = (await pool(jobs)).filter(Boolean);
    expect(leaked).toEqual([]);
    expect(jobs.length).toBe(forms.length * WIRES.length * cases.length * OFFSETS.length);
  });
});

describe('tool calls leave checked (TOOL_CALL_LEAKS)', () => {
  const aws = others[0]!;
  const github = others[1]!;
  const callsWith = () => [
    { id: 'call_1', name: 'search', arguments: JSON.stringify({ q: `look up ${aws.text}` }) },
    {
      id: github.text,
      name: 'search',
      arguments: JSON.stringify({ [keys[1]!.text]: 1, q: 'x' }),
    },
  ];
  const secrets = [aws, github, keys[1]!, clientCase];

  it.each(MODES)('masked by default, on every wire (%s)', async (_label, stream) => {
    for (const wire of WIRES) {
      const { output, error } = await run(
        { form: 'tools', calls: callsWith() },
        wire,
        stream,
        envFor('openai', keys[1]!),
        { tools: true },
      );
      expect(error, output.text).toBeUndefined();
      expect(output.status).toBe(200);
      expect(leakedPiece(output.all, secrets), `${wire}`).toBeUndefined();
      // The calls are there, masked: the client still gets them, with the places masked.
      expect(output.text).toContain('look up [REDACTED]');
      expect(output.text).toContain('LEAK_MASKED');
      expect(output.text).toContain('/toolCalls/0/arguments/q');
      if (!stream) expect(output.headers['x-replyguard-findings']).toContain('LEAK_MASKED');
    }
  });

  it.each(MODES)('refused with TOOL_CALL_LEAKS=refuse (%s)', async (_label, stream) => {
    for (const wire of WIRES) {
      const env = envFor('openai', keys[1]!, { TOOL_CALL_LEAKS: 'refuse' });
      const { output, error } = await run(
        { form: 'tools', calls: callsWith() },
        wire,
        stream,
        env,
        { tools: true },
      );
      expect(output.status).toBe(stream ? 200 : 422);
      expect(error, output.text).toMatchObject({ code: 'TOOL_CALLS_REFUSED' });
      expect(leakedPiece(output.all, secrets), `${wire}`).toBeUndefined();
    }
  });

  it('sent as the model wrote them with TOOL_CALL_LEAKS=pass (the operator chose so)', async () => {
    const env = envFor('openai', keys[1]!, { TOOL_CALL_LEAKS: 'pass' });
    const { output } = await run({ form: 'tools', calls: callsWith() }, 'chat', false, env, {
      tools: true,
    });
    expect(output.status).toBe(200);
    expect(output.text).toContain(aws.text);
  });

  it('a bad TOOL_CALL_LEAKS is a configuration error, said plainly', async () => {
    const env = envFor('openai', keys[1]!, { TOOL_CALL_LEAKS: 'maybe' });
    const output = await callWire('chat', wireBody('chat', 'hi', false), env, auth);
    expect(output.status).toBe(500);
    expect(JSON.parse(output.text)).toMatchObject({ error: { code: 'MISCONFIGURED' } });
  });

  it('arguments that are not JSON are scanned as text', async () => {
    const calls = [{ id: 'call_1', name: 'search', arguments: `q=${aws.text}&x` }];
    for (const wire of WIRES)
      for (const [, stream] of MODES) {
        const { output } = await run(
          { form: 'tools', calls },
          wire,
          stream,
          envFor('openai', keys[1]!),
          { tools: true },
        );
        expect(leakedPiece(output.all, [aws]), `${wire} ${stream}`).toBeUndefined();
      }
  });
});

describe('what the model wrote: the Worker keys masked, names hidden', () => {
  it.each(MODES)("the Worker's keys in a reply are masked (%s)", async (_label, stream) => {
    for (const wire of WIRES)
      for (const key of keys) {
        const text = JSON.stringify({
          segments: [{ type: 'text', data: { text: `use ${key.text} and ${clientKey}` } }],
        });
        const { output } = await run({ form: 'reply', text }, wire, stream, envFor('openai', key));
        expect(output.status).toBe(200);
        expect(leakedPiece(output.all, [key, clientCase]), `${wire}`).toBeUndefined();
        expect(output.text).toContain('[REDACTED]');
      }
  });

  it.each(MODES)(
    'a member name that is content leaves in no issue, history or progress event (%s)',
    async (_label, stream) => {
      const passphrase = `horse-${random(12)}`;
      const name = `<think>the admin passphrase is ${passphrase}</think>`;
      const text = `{"segments":[{"type":"text","data":{"text":"CASE",${JSON.stringify(name)}:1}}]}`;
      for (const wire of WIRES) {
        const replyguard = stream ? { progress: true } : undefined;
        const { output } = await run(
          { form: 'reply', text },
          wire,
          stream,
          envFor('openai', keys[0]!),
          { replyguard },
        );
        expect(output.status).toBe(200);
        expect(output.text).toContain('/segments/0/data/[REDACTED]');
        expect(output.text).not.toContain('passphrase');
        expect(output.text).not.toContain(passphrase.slice(0, 8));
      }
    },
  );
});

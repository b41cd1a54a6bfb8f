import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { anthropicProvider } from '../../src/providers/anthropicProvider';
import { geminiProvider } from '../../src/providers/geminiProvider';
import type { ModelProvider, ModelRequest } from '../../src/providers/modelProvider';
import { openAiChatProvider } from '../../src/providers/openAiChatProvider';
import { enforceReply } from '../../src/reply/enforceReply';
import { segmentJsonSchema } from '../../src/segments/segmentJsonSchema';
import { ROOT } from '../requireBuilt';
import { type Behaviour, collectEvents, fakeUpstreamPerTest } from './fakeUpstream';
import { REPLY, type ReadAnswer, THOUGHT, WIRE_CASES, type WireCase } from './wireCases';

// Every recorded response in test/fixtures/wire/ (hand-written from the APIs' documented shapes,
// see its README) is served from 127.0.0.1 as raw bytes split at random offsets — inside UTF-8
// characters too — and once a byte at a time, and must read the same every time: whole bodies
// through generate(), event streams through stream(), and each through a whole turn.

const DIR = join(ROOT, 'test/fixtures/wire');
const SEEDS = [1, 7, 42, 1234, 98_765];
const serve = fakeUpstreamPerTest(afterEach);

/** A small deterministic generator (mulberry32): the same seed, the same splits. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The bytes cut at 1 to 40 random offsets (seeded); seed 0 cuts after every byte. */
function splitBytes(bytes: Uint8Array, seed: number): Uint8Array[] {
  if (seed === 0) return Array.from(bytes, (byte) => Uint8Array.of(byte));
  const next = random(seed);
  const count = 1 + Math.floor(next() * Math.min(40, bytes.length - 1));
  const cuts = [
    ...new Set(Array.from({ length: count }, () => 1 + Math.floor(next() * (bytes.length - 1)))),
  ];
  cuts.sort((a, b) => a - b);
  return [0, ...cuts].map((at, i) => bytes.subarray(at, cuts[i] ?? bytes.length));
}

const bytesOf = (file: string) => new Uint8Array(readFileSync(join(DIR, file)));
const served = (file: string, seed: number): Behaviour => ({
  kind: 'bytes',
  contentType: file.endsWith('.sse') ? 'text/event-stream' : 'application/json',
  chunks: splitBytes(bytesOf(file), seed),
});

function providerFor(c: WireCase, baseUrl: string): ModelProvider {
  const connection = { baseUrl, apiKey: 'k', model: 'm', streaming: c.file.endsWith('.sse') };
  if (c.transport === 'anthropic') return anthropicProvider(connection);
  if (c.transport === 'gemini') return geminiProvider(connection);
  return openAiChatProvider(connection);
}

/** The host's tools in each wire format (passed through as they are). */
const TOOLS: Record<WireCase['transport'], unknown[]> = {
  openai: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object' } } }],
  anthropic: [{ name: 'get_weather', input_schema: { type: 'object' } }],
  gemini: [{ functionDeclarations: [{ name: 'get_forecast', parameters: { type: 'object' } }] }],
};

function requestFor(c: WireCase): ModelRequest {
  return {
    system: 'sys',
    messages: [{ role: 'user', content: 'Grüß mich!' }],
    ...(c.mode === 'plain'
      ? {}
      : { schema: { name: 'segment_reply', jsonSchema: segmentJsonSchema() } }),
    ...(c.tools ? { tools: TOOLS[c.transport] } : {}),
  };
}

/** Reads one call, whole or streamed, into the same shape. */
async function read(provider: ModelProvider, c: WireCase): Promise<ReadAnswer> {
  const signal = new AbortController().signal;
  if (!provider.stream) {
    const answer = await provider.generate(requestFor(c), { signal });
    const text = answer.object !== undefined ? JSON.stringify(answer.object) : answer.text;
    return {
      ...(text !== undefined ? { text } : {}),
      ...(answer.refusal !== undefined ? { refusal: answer.refusal } : {}),
      ...(answer.toolCalls ? { toolCalls: [...answer.toolCalls] } : {}),
      ...(answer.finishReason ? { finishReason: answer.finishReason } : {}),
      ...(answer.usage ? { usage: answer.usage } : {}),
    };
  }
  const out: ReadAnswer = {};
  for (const event of await collectEvents(provider.stream(requestFor(c), { signal }))) {
    if (event.type === 'text') out.text = (out.text ?? '') + event.text;
    else if (event.type === 'refusal') out.refusal = (out.refusal ?? '') + event.text;
    else if (event.type === 'tool_call') (out.toolCalls ??= []).push(event.call);
    else if (event.type === 'finish') out.finishReason = event.reason;
    else out.usage = event.usage;
  }
  return out;
}

it('every fixture has a case, and every case a fixture', () => {
  const files = readdirSync(DIR).filter((file) => /\.(json|sse)$/.test(file));
  expect(WIRE_CASES.map((c) => c.file).sort()).toEqual(files.sort());
  // The replays split inside characters of every UTF-8 length.
  const all = files.map((file) => readFileSync(join(DIR, file), 'utf8')).join('');
  expect(all).toMatch(/ü/); // 2 bytes
  expect(all).toMatch(/東/); // 3 bytes
  expect(all).toMatch(/🦊/u); // 4 bytes
});

it('splits bytes at random offsets, the same way for the same seed', () => {
  const bytes = new TextEncoder().encode('Grüße 🦊 東京');
  for (const seed of SEEDS) {
    const pieces = splitBytes(bytes, seed);
    expect(Buffer.concat(pieces)).toEqual(Buffer.from(bytes));
    expect(splitBytes(bytes, seed).map((p) => p.length)).toEqual(pieces.map((p) => p.length));
  }
  expect(splitBytes(bytes, 0)).toHaveLength(bytes.length);
  // Some seed cuts inside a multi-byte character (a continuation byte starts a piece).
  const inside = SEEDS.some((seed) =>
    splitBytes(bytes, seed).some((piece, i) => i > 0 && (piece[0]! & 0xc0) === 0x80),
  );
  expect(inside).toBe(true);
});

describe.each(WIRE_CASES)('$file', { timeout: 20_000 }, (c) => {
  const expected = c.answer;
  it(
    'fails' in expected
      ? 'is a ProviderError naming the fault, however its bytes are split'
      : 'reads the same answer however its bytes are split, never reasoning as text',
    async () => {
      const seeds = [...SEEDS, 0];
      const server = await serve(...seeds.map((seed) => served(c.file, seed)));
      for (const _seed of seeds) {
        const provider = providerFor(c, server.baseUrl);
        if ('fails' in expected) {
          const error = await read(provider, c).catch((caught: unknown) => caught);
          expect(error).toMatchObject({
            name: 'ProviderError',
            message: expect.stringMatching(expected.fails),
            // Every bad fixture fails after the upstream began its answer.
            answered: true,
            usage: expected.usage,
          });
          expect(String((error as Error).message)).not.toContain(THOUGHT);
        } else {
          const answer = await read(provider, c);
          expect(answer).toEqual(expected);
          expect(JSON.stringify(answer)).not.toContain(THOUGHT);
        }
      }
      expect(server.requests).toHaveLength(seeds.length);
    },
  );

  it(`ends a turn as ${c.turn.status} ${c.turn.codes.join(' ')}`.trim(), async () => {
    const server = await serve(served(c.file, SEEDS[2]!));
    const result = await enforceReply({
      provider: providerFor(c, server.baseUrl),
      messages: [{ role: 'user', content: 'Grüß mich!' }],
      ...(c.mode === 'plain' ? { schema: false as const } : {}),
      ...(c.tools ? { tools: TOOLS[c.transport] } : {}),
    });
    expect(result.status).toBe(c.turn.status);
    expect(result.issues.map((issue) => issue.code)).toEqual(c.turn.codes);
    expect(result.meta.attempts).toBe(c.turn.attempts);
    expect(server.requests).toHaveLength(c.turn.attempts);
    expect(JSON.stringify(result)).not.toContain(THOUGHT);
    if (c.turn.status === 'completed') expect(result.value).toEqual(REPLY);
    if (c.turn.status === 'validation_failed') expect(result.notice).toBeDefined();
    if (!('fails' in expected) && expected.usage) {
      const times = c.turn.attempts;
      expect(result.usage).toEqual({
        inputTokens: expected.usage.inputTokens * times,
        outputTokens: expected.usage.outputTokens * times,
        ...(expected.usage.reasoningTokens !== undefined
          ? { reasoningTokens: expected.usage.reasoningTokens * times }
          : {}),
      });
    } else if ('fails' in expected) {
      // It failed after the upstream began its answer: the usage its body reported, else an
      // estimate — never 0/0.
      if (expected.usage) expect(result.usage).toEqual(expected.usage);
      else {
        expect(result.usage).toMatchObject({ estimated: true });
        expect(result.usage.inputTokens).toBeGreaterThan(0);
      }
    } else if (result.usage.inputTokens + result.usage.outputTokens > 0) {
      // A call the provider never reported is estimated, and says so.
      expect(result.usage.estimated).toBe(true);
    }
  });
});

import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enforceReply } from '../../src/reply/enforceReply';
import {
  type ModelRequest,
  type ModelStreamEvent,
  ProviderError,
} from '../../src/providers/modelProvider';
import { openAiResponsesProvider } from '../../src/providers/openAiResponsesProvider';
import { readResponsesAnswer } from '../../src/providers/readResponsesAnswer';
import { segmentJsonSchema } from '../../src/segments/segmentJsonSchema';
import { waitFor } from '../waitFor';

// The Responses API transport against a local server that plays hand-written answers of the
// documented shapes (test/fixtures/wire/responses), whole and streamed, the streams cut at random
// byte offsets: an offset may fall inside a UTF-8 character, an event or its `data:` line.
const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/wire/responses/${name}`, import.meta.url));
const REPLY = {
  segments: [{ type: 'text', data: { text: 'Grüße, Ada — the build is green 👋' } }],
};

/** What the server answers next: a fixture file, whole or as an event stream cut at these offsets. */
interface Play {
  readonly file: string;
  readonly cuts?: readonly number[];
  /** Stop writing after this many pieces, then end the answer or keep the connection open. */
  readonly stopAfter?: number;
  readonly then?: 'end' | 'hang';
  /** Drop the `usage` block of the answer (whole, or the terminal event's), as some proxies do. */
  readonly noUsage?: boolean;
}
let plays: Play[] = [];
const seen: { body: any; headers: IncomingMessage['headers']; closedEarly: boolean }[] = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer(async (request, response) => {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const record = { body: JSON.parse(raw), headers: request.headers, closedEarly: false };
    seen.push(record);
    response.on('close', () => (record.closedEarly = !response.writableEnded));
    const play = plays.shift();
    if (!play) return response.writeHead(500).end('{"error":{"message":"no play left"}}');
    const bytes = play.noUsage ? withoutUsage(fixture(play.file)) : fixture(play.file);
    if (play.file.endsWith('.json'))
      return response.writeHead(200, { 'content-type': 'application/json' }).end(bytes);
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const offsets = [0, ...(play.cuts ?? []), bytes.length];
    for (let i = 0; i + 1 < offsets.length; i++) {
      if (play.stopAfter !== undefined && i >= play.stopAfter) break;
      response.write(bytes.subarray(offsets[i], offsets[i + 1]));
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (play.then !== 'hang') response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The fixture with every `usage` member of its JSON (whole, or in each `data:` line) removed. */
function withoutUsage(bytes: Buffer): Buffer {
  const drop = (json: string) =>
    JSON.stringify(JSON.parse(json), (key, value: unknown) =>
      key === 'usage' ? undefined : value,
    );
  const text = bytes.toString('utf8');
  return Buffer.from(
    text.startsWith('{')
      ? drop(text)
      : text.replace(/^data: (.*)$/gm, (_, json: string) => `data: ${drop(json)}`),
  );
}

const provider = (extra: Partial<Parameters<typeof openAiResponsesProvider>[0]> = {}) =>
  openAiResponsesProvider({ baseUrl, apiKey: 'sk-test', model: 'gpt-5-mini', ...extra });
const request: ModelRequest = {
  system: 'Be brief.',
  messages: [{ role: 'user', content: 'status?' }],
  schema: { name: 'segment_reply', jsonSchema: segmentJsonSchema() },
};

/** Sorted random cut offsets (a seeded generator, so a failure names its seed). */
function cutsFor(length: number, seed: number, count = 12): number[] {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return [
    ...new Set(Array.from({ length: count }, () => 1 + Math.floor(next() * (length - 1)))),
  ].sort((a, b) => a - b);
}

async function streamed(file: string, seed: number): Promise<ModelStreamEvent[]> {
  plays.push({ file, cuts: cutsFor(fixture(file).length, seed) });
  const events: ModelStreamEvent[] = [];
  for await (const event of provider().stream!(request, { signal: AbortSignal.timeout(5_000) }))
    events.push(event);
  return events;
}

const textOf = (events: readonly ModelStreamEvent[]) =>
  events.map((event) => (event.type === 'text' ? event.text : '')).join('');

describe('openAiResponsesProvider', () => {
  it('sends the schema as a strict text.format, the system prompt as instructions, and stores nothing', async () => {
    plays = [{ file: 'text.json' }];
    const from = seen.length;
    await provider({
      streaming: false,
      maxOutputTokens: 900,
      reasoning: { effort: 'low' },
    }).generate(request, { signal: AbortSignal.timeout(5_000) });
    const sent = seen[from]!;
    expect(sent.headers.authorization).toBe('Bearer sk-test');
    expect(sent.body).toMatchObject({
      model: 'gpt-5-mini',
      instructions: 'Be brief.',
      input: [{ role: 'user', content: 'status?' }],
      store: false,
      max_output_tokens: 900,
      reasoning: { effort: 'low' },
      text: { format: { type: 'json_schema', name: 'segment_reply', strict: true } },
    });
    expect(
      sent.body.text.format.schema.anyOf ?? sent.body.text.format.schema.properties,
    ).toBeDefined();
    expect(JSON.stringify(sent.body.text.format.schema)).not.toContain('"oneOf"');
    expect(sent.body.stream).toBeUndefined();
  });

  it('reads a whole answer: the message text, never the reasoning summary, and the reasoning tokens', async () => {
    plays = [{ file: 'text.json' }];
    const answer = await provider().generate(request, { signal: AbortSignal.timeout(5_000) });
    expect(JSON.parse(answer.text!)).toEqual(REPLY);
    expect(answer.text).not.toContain('sk-thinking-only');
    expect(answer.usage).toEqual({ inputTokens: 1290, outputTokens: 410, reasoningTokens: 384 });
    expect(answer.finishReason).toBe('stop');
    expect(answer.refusal).toBeUndefined();
  });

  it('reads whole refusals, cut answers and function calls as what they are', async () => {
    plays = [{ file: 'refusal.json' }, { file: 'incomplete.json' }, { file: 'function-call.json' }];
    const signal = AbortSignal.timeout(5_000);
    const refusal = await provider().generate(request, { signal });
    expect(refusal).toMatchObject({
      refusal: "I'm sorry, I can't help with that.",
      finishReason: 'refusal',
    });
    expect(refusal.text).toBeUndefined();
    const cut = await provider().generate(request, { signal });
    expect(cut.finishReason).toBe('length');
    expect(cut.usage).toMatchObject({ outputTokens: 64, reasoningTokens: 52 });
    const call = await provider().generate(request, { signal });
    expect(call.toolCalls).toEqual([
      { id: 'call_fx_weather', name: 'get_weather', arguments: '{"city":"Oslo"}' },
    ]);
    expect(call.finishReason).toBe('tool_calls');
  });

  it('streams the same answers, whatever byte offsets the stream is cut at', async () => {
    for (let seed = 1; seed <= 6; seed++) {
      const text = await streamed('text.sse', seed);
      expect(JSON.parse(textOf(text)), `seed ${seed}`).toEqual(REPLY);
      expect(textOf(text)).not.toContain('Planning');
      expect(text.filter((event) => event.type !== 'text')).toEqual([
        { type: 'usage', usage: { inputTokens: 1290, outputTokens: 410, reasoningTokens: 384 } },
        { type: 'finish', reason: 'stop' },
      ]);

      const refusal = await streamed('refusal.sse', seed);
      expect(textOf(refusal)).toBe('');
      expect(refusal.filter((event) => event.type === 'refusal')).toEqual([
        { type: 'refusal', text: "I'm sorry, I can't help with that." },
      ]);
      expect(refusal.at(-1)).toEqual({ type: 'finish', reason: 'refusal' });

      const cut = await streamed('incomplete.sse', seed);
      expect(cut.at(-1)).toEqual({ type: 'finish', reason: 'length' });
      expect(() => JSON.parse(textOf(cut))).toThrow();

      const call = await streamed('function-call.sse', seed);
      expect(call).toEqual([
        {
          type: 'tool_call',
          call: { id: 'call_fx_weather', name: 'get_weather', arguments: '{"city":"Oslo"}' },
        },
        { type: 'usage', usage: { inputTokens: 320, outputTokens: 18, reasoningTokens: 0 } },
        { type: 'finish', reason: 'tool_calls' },
      ]);
    }
  });

  it('fails on an error event and response.failed, and on a stream cut before its terminal event', async () => {
    await expect(streamed('failed.sse', 3)).rejects.toThrow(
      /the stream sent an error: The server had an error/,
    );
    const text = fixture('text.sse');
    const end = text.lastIndexOf('event: response.completed');
    const cut = async (then: 'end' | 'hang') => {
      plays.push({ file: 'text.sse', cuts: [end], stopAfter: 1, then });
      for await (const _ of provider({ stallTimeoutMs: 200 }).stream!(request, {
        signal: AbortSignal.timeout(5_000),
      }));
    };
    await expect(cut('end')).rejects.toThrow(/ended before response.completed/);
    await expect(cut('hang')).rejects.toThrow(ProviderError);
  });

  it('replays a tool step as function_call and function_call_output items, under enforceReply', async () => {
    plays = [{ file: 'function-call.sse' }, { file: 'text.sse' }];
    const from = seen.length;
    const tools = [
      { type: 'function', name: 'get_weather', parameters: { type: 'object' }, strict: false },
    ];
    const result = await enforceReply({
      provider: provider(),
      system: 'Be brief.',
      messages: [{ role: 'user', content: 'weather in Oslo?' }],
      tools,
      runTool: (call) => ({ city: (call.arguments as { city: string }).city, celsius: 4 }),
    });
    expect(result.status).toBe('completed');
    expect(result.value).toEqual(REPLY);
    expect(result.usage).toMatchObject({ inputTokens: 320 + 1290, outputTokens: 18 + 410 });
    expect(seen[from]!.body.tools).toEqual(tools);
    expect(seen[from + 1]!.body.input).toEqual([
      { role: 'user', content: 'weather in Oslo?' },
      {
        type: 'function_call',
        call_id: 'call_fx_weather',
        name: 'get_weather',
        arguments: '{"city":"Oslo"}',
      },
      {
        type: 'function_call_output',
        call_id: 'call_fx_weather',
        output: '{"city":"Oslo","celsius":4}',
      },
    ]);
  });

  it('ends the turn at once, without reasoning or refusal as reply text, when cut or refused', async () => {
    for (const [file, code] of [
      ['incomplete.sse', 'TRUNCATED'],
      ['refusal.sse', 'REFUSED'],
    ] as const) {
      plays = [{ file }, { file }];
      const result = await enforceReply({
        provider: provider(),
        messages: [{ role: 'user', content: 'go' }],
      });
      plays = [];
      expect(result.status, file).toBe('validation_failed');
      expect(result.issues.map((issue) => issue.code)).toEqual([code]);
      expect(result.meta.attempts).toBe(1);
      expect(JSON.stringify(result)).not.toContain('sk-thinking-only');
      // The refusal is named in the issue (a short excerpt, for the host's logs), never delivered.
      expect(JSON.stringify(result.notice)).not.toContain("can't help");
      expect(JSON.stringify(result.meta)).not.toContain('sk-thinking-only');
    }
  });

  it('reports no usage when the response has none, so the turn estimates it', async () => {
    plays = [{ file: 'text.json', noUsage: true }];
    const answer = await provider().generate(request, { signal: AbortSignal.timeout(5_000) });
    expect(answer.text).toBeDefined();
    expect(answer.usage).toBeUndefined();
    plays.push({ file: 'text.sse', noUsage: true });
    const events: ModelStreamEvent[] = [];
    for await (const event of provider().stream!(request, { signal: AbortSignal.timeout(5_000) }))
      events.push(event);
    expect(events.filter((event) => event.type !== 'text')).toEqual([
      { type: 'finish', reason: 'stop' },
    ]);
    for (const streaming of [false, true]) {
      plays = [{ file: streaming ? 'text.sse' : 'text.json', noUsage: true }];
      const result = await enforceReply({
        provider: provider({ streaming }),
        messages: [{ role: 'user', content: 'status?' }],
      });
      expect(result.status).toBe('completed');
      expect(result.usage).toMatchObject({ estimated: true });
      expect(result.usage.outputTokens).toBeGreaterThan(0);
    }
  });

  it('aborting the signal closes the upstream connection', async () => {
    const from = seen.length;
    plays = [
      {
        file: 'text.sse',
        cuts: cutsFor(fixture('text.sse').length, 9),
        stopAfter: 3,
        then: 'hang',
      },
    ];
    const abort = new AbortController();
    const stream = provider().stream!(request, { signal: abort.signal })[Symbol.asyncIterator]();
    const reading = stream.next();
    await waitFor(() => seen.length > from, 'the upstream got the request');
    abort.abort();
    await expect(reading).rejects.toBeDefined();
    await waitFor(() => seen[from]!.closedEarly, 'the upstream connection closed');
  });
});

describe('readResponsesAnswer on odd answers', () => {
  it('never throws for unknown items, unknown parts, empty output or odd usage; never takes reasoning as text', () => {
    const odd = readResponsesAnswer({
      status: 'completed',
      output: [
        { type: 'web_search_call', id: 'ws_1', status: 'completed' },
        { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'secret plan' }] },
        { type: 'message', content: [{ type: 'output_audio', data: 'x' }, 'not a part', null] },
      ],
      usage: {
        input_tokens: '12',
        output_tokens: -4,
        output_tokens_details: { reasoning_tokens: 'n' },
        total_tokens: { odd: true },
      },
    });
    // No count in the block is readable: no usage, so the turn estimates it.
    expect(odd).toEqual({ finishReason: 'stop' });
    expect(
      readResponsesAnswer({
        status: 'completed',
        output: [],
        usage: { input_tokens: 7, output_tokens: 'n', output_tokens_details: null },
      }).usage,
    ).toEqual({ inputTokens: 7, outputTokens: 0 });
    expect(readResponsesAnswer({ status: 'completed', output: [] })).toMatchObject({
      finishReason: 'stop',
    });
    expect(readResponsesAnswer({ status: 'completed', output: [] }).text).toBeUndefined();
    expect(
      readResponsesAnswer({
        status: 'incomplete',
        incomplete_details: { reason: 'max_output_tokens' },
        output: [{ type: 'reasoning', summary: [] }],
      }),
    ).toMatchObject({ finishReason: 'length' });
    expect(() => readResponsesAnswer({ status: 'failed', error: { message: 'boom' } })).toThrow(
      /failed: boom/,
    );
    expect(() => readResponsesAnswer({ status: 'completed' })).toThrow(ProviderError);
  });
});

import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { createAnthropic } from '@ai-sdk/anthropic';
import Anthropic from '@anthropic-ai/sdk';
import { generateText, jsonSchema, Output, stepCountIs, streamText, tool } from 'ai';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ReplyguardVerdict,
  replyguardVerdict,
  verdictFromHeaders,
} from '../../src/worker/index';
import { requireBuilt } from '../requireBuilt';
import { waitFor } from '../waitFor';
import { CALL_USAGE, LEAKED, type ResponsesCall, responsesUpstream } from './responsesUpstream';

// The real Anthropic clients against the Worker bundle in workerd, on POST /v1/messages: the
// official `@anthropic-ai/sdk` (messages.create, messages.stream; it sends the key as a bearer
// token) and the AI SDK's Anthropic provider (x-api-key) with generateText and streamText. The
// Worker's upstream is a local Responses API server, so what the Worker cancels is seen from the
// upstream's side of the connection.
requireBuilt('worker/dist/worker.js');
const script = readFileSync(new URL('../../worker/dist/worker.js', import.meta.url), 'utf8');
const KEY = 'client-key';
// A model id with "claude-" makes @ai-sdk/anthropic send a client schema as output_config.format.
const MODEL = 'claude-replyguard-1';
let upstream: Awaited<ReturnType<typeof responsesUpstream>>;
let mf: Miniflare;
let base: URL;

beforeAll(async () => {
  upstream = await responsesUpstream();
  mf = new Miniflare({
    modules: true,
    script,
    compatibilityDate: '2025-01-01',
    compatibilityFlags: ['enable_request_signal'],
    host: '127.0.0.1',
    port: 0,
    bindings: {
      UPSTREAM_KIND: 'openai-responses',
      UPSTREAM_BASE_URL: upstream.baseUrl,
      UPSTREAM_MODEL: 'fake',
      API_KEY: KEY,
    },
  });
  base = await mf.ready;
});
afterAll(async () => {
  await mf?.dispose();
  await upstream?.close();
});

const anthropic = () => new Anthropic({ baseURL: base.href, apiKey: KEY, maxRetries: 0 });
const aiAnthropic = () => createAnthropic({ baseURL: new URL('/v1', base).href, apiKey: KEY });
const invoice = {
  type: 'object' as const,
  properties: { total: { type: 'number' as const } },
  required: ['total'],
  additionalProperties: false,
};
const NOTICE = 'Sorry, I could not produce a valid reply. Please try again.';

/** What a client got from one turn, in common terms. */
interface Outcome {
  readonly text: string;
  readonly verdict: ReplyguardVerdict | undefined;
  readonly header?: string | undefined;
  readonly usage: { input: number; output: number };
}

interface Client {
  readonly name: string;
  readonly stream: boolean;
  readonly ask: (prompt: string, json?: boolean) => Promise<Outcome>;
}

const format = (json: boolean | undefined) =>
  json ? { output_config: { format: { type: 'json_schema' as const, schema: invoice } } } : {};
const textOf = (content: readonly Anthropic.ContentBlock[]) =>
  content.map((block) => (block.type === 'text' ? block.text : '')).join('');

const clients: Client[] = [
  {
    name: '@anthropic-ai/sdk messages.create',
    stream: false,
    async ask(prompt, json) {
      const { data, response } = await anthropic()
        .messages.create({
          model: MODEL,
          max_tokens: 512,
          messages: [{ role: 'user', content: prompt }],
          ...format(json),
        })
        .withResponse();
      expect(data.stop_reason).toBe('end_turn');
      return {
        text: textOf(data.content),
        verdict: replyguardVerdict(data),
        header: verdictFromHeaders(response.headers)?.status,
        usage: { input: data.usage.input_tokens, output: data.usage.output_tokens },
      };
    },
  },
  {
    name: '@anthropic-ai/sdk messages.stream',
    stream: true,
    async ask(prompt, json) {
      const stream = anthropic().messages.stream({
        model: MODEL,
        max_tokens: 512,
        messages: [{ role: 'user', content: prompt }],
        ...format(json),
      });
      let text = '';
      let verdict: ReplyguardVerdict | undefined;
      stream.on('text', (delta) => (text += delta));
      // The verdict rides on the message_delta event.
      stream.on('streamEvent', (event) => (verdict = replyguardVerdict(event) ?? verdict));
      const final = await stream.finalMessage();
      expect(textOf(final.content)).toBe(text);
      expect(final.stop_reason).toBe('end_turn');
      return {
        text,
        verdict,
        usage: { input: final.usage.input_tokens, output: final.usage.output_tokens },
      };
    },
  },
  {
    name: '@ai-sdk/anthropic generateText',
    stream: false,
    async ask(prompt, json) {
      const result = await generateText({
        model: aiAnthropic()(MODEL),
        prompt,
        maxRetries: 0,
        maxOutputTokens: 512,
        ...(json ? { output: Output.object({ schema: jsonSchema(invoice) }) } : {}),
      });
      return {
        text: json ? JSON.stringify(result.output) : result.text,
        verdict: replyguardVerdict(result.response.body),
        header: verdictFromHeaders(result.response.headers)?.status,
        usage: { input: result.usage.inputTokens!, output: result.usage.outputTokens! },
      };
    },
  },
  {
    name: '@ai-sdk/anthropic streamText',
    stream: true,
    async ask(prompt, json) {
      const result = streamText({
        model: aiAnthropic()(MODEL),
        prompt,
        maxRetries: 0,
        maxOutputTokens: 512,
        includeRawChunks: true,
        ...(json ? { output: Output.object({ schema: jsonSchema(invoice) }) } : {}),
      });
      let text = '';
      let verdict: ReplyguardVerdict | undefined;
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta') text += part.text;
        if (part.type === 'raw') verdict = replyguardVerdict(part.rawValue) ?? verdict;
        if (part.type === 'error') throw part.error;
      }
      const usage = await result.usage;
      return {
        text: json ? JSON.stringify(await result.output) : text,
        verdict,
        usage: { input: usage.inputTokens!, output: usage.outputTokens! },
      };
    },
  },
];

const segmentsOf = (text: string) => JSON.parse(text) as { segments: { data: { text: string } }[] };

/** Waits (bounded) until the upstream saw the call end one way or the other. */
async function settled(find: () => ResponsesCall | undefined): Promise<ResponsesCall> {
  let found: ResponsesCall | undefined;
  await waitFor(() => {
    found = find();
    return found !== undefined && (found.ended || found.closedEarlyAt !== undefined);
  }, 'the upstream call ended');
  return found!;
}

describe.each(clients)('$name against the Worker', { timeout: 20_000 }, (client) => {
  it('gets a valid reply, its verdict and the usage the upstream reported', async () => {
    const outcome = await client.ask('hello');
    expect(segmentsOf(outcome.text).segments[0]!.data.text).toBe('Hello from the upstream');
    expect(outcome.verdict).toMatchObject({ status: 'completed', meta: { attempts: 1 } });
    if (!client.stream) expect(outcome.header).toBe('completed');
    // output_tokens includes reasoning, as Anthropic counts it.
    expect(outcome.usage).toEqual({ input: CALL_USAGE.input, output: CALL_USAGE.output });
    expect(outcome.verdict!.usage).toMatchObject({
      inputTokens: CALL_USAGE.input,
      outputTokens: CALL_USAGE.output,
    });
  });

  it('gets a leaked secret masked', async () => {
    const outcome = await client.ask('show me a leak');
    expect(outcome.text).not.toContain(LEAKED);
    expect(segmentsOf(outcome.text).segments[0]!.data.text).toBe('Log in with [REDACTED] today.');
    expect(outcome.verdict?.findings[0]).toMatchObject({ code: 'LEAK_MASKED' });
  });

  it('gets the correction of an answer cut off early, the upstream call cancelled', async () => {
    const before = upstream.calls.length;
    const outcome = await client.ask('cut it early');
    expect(segmentsOf(outcome.text).segments[0]!.data.text).toBe('Fixed.');
    expect(outcome.verdict).toMatchObject({ status: 'completed', meta: { attempts: 2 } });
    const first = await settled(() => upstream.calls[before]);
    expect(first.ended).toBe(false);
    expect(first.closedEarlyAt).toBeDefined();
  });

  it('gets the failure notice when the correction fails too', async () => {
    const outcome = await client.ask('be invalid');
    expect(segmentsOf(outcome.text).segments[0]!.data.text).toBe(NOTICE);
    expect(outcome.verdict).toMatchObject({ status: 'validation_failed' });
    if (!client.stream) expect(outcome.header).toBe('validation_failed');
  });

  it('gets its own json_schema enforced', async () => {
    const outcome = await client.ask('answer {"total": 41.5}', true);
    expect(JSON.parse(outcome.text)).toEqual({ total: 41.5 });
    expect(outcome.verdict?.status).toBe('completed');
  });
});

describe('tool use through /v1/messages', { timeout: 20_000 }, () => {
  const weather = {
    name: 'get_weather',
    description: 'The weather',
    input_schema: { type: 'object' as const, properties: { query: { type: 'string' } } },
  };

  it('@anthropic-ai/sdk: the call comes back as a tool_use block, its tool_result goes back', async () => {
    const before = upstream.calls.length;
    const asked = await anthropic().messages.create({
      model: MODEL,
      max_tokens: 512,
      messages: [{ role: 'user', content: 'use the tool' }],
      tools: [weather],
    });
    expect(asked.stop_reason).toBe('tool_use');
    const use = asked.content[0]!;
    expect(use).toEqual({
      type: 'tool_use',
      id: 'call_up_1',
      name: 'get_weather',
      input: { query: 'use the tool' },
    });
    // The upstream got the tool as a Responses function tool.
    expect(upstream.calls[before]!.body.tools).toEqual([
      {
        type: 'function',
        name: 'get_weather',
        description: 'The weather',
        parameters: weather.input_schema,
        strict: false,
      },
    ]);
    const streamed = await anthropic()
      .messages.stream({
        model: MODEL,
        max_tokens: 512,
        messages: [{ role: 'user', content: 'use the tool' }],
        tools: [weather],
      })
      .finalMessage();
    expect(streamed.content).toEqual([use]);
    expect(streamed.stop_reason).toBe('tool_use');

    const answered = await anthropic().messages.create({
      model: MODEL,
      max_tokens: 512,
      messages: [
        { role: 'user', content: 'use the tool' },
        { role: 'assistant', content: asked.content },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 'call_up_1', content: 'sunny' }],
        },
      ],
      tools: [weather],
    });
    expect(segmentsOf(textOf(answered.content)).segments[0]!.data.text).toBe(
      'The tool answered: sunny',
    );
    expect(upstream.calls.at(-1)!.body.input.slice(-2)).toMatchObject([
      { type: 'function_call', call_id: 'call_up_1', name: 'get_weather' },
      { type: 'function_call_output', call_id: 'call_up_1', output: 'sunny' },
    ]);
  });

  it('@ai-sdk/anthropic runs the tool and sends its result back, generateText and streamText', async () => {
    const tools = {
      get_weather: tool({
        description: 'The weather',
        inputSchema: jsonSchema<{ query: string }>({
          type: 'object',
          properties: { query: { type: 'string' } },
        }),
        execute: ({ query }) => Promise.resolve(`sunny for ${query}`),
      }),
    };
    const model = aiAnthropic()(MODEL);
    const whole = await generateText({
      model,
      prompt: 'use the tool',
      tools,
      stopWhen: stepCountIs(3),
      maxRetries: 0,
      maxOutputTokens: 512,
    });
    expect(whole.steps[0]!.toolCalls[0]).toMatchObject({
      toolName: 'get_weather',
      input: { query: 'use the tool' },
    });
    expect(segmentsOf(whole.text).segments[0]!.data.text).toBe(
      'The tool answered: sunny for use the tool',
    );
    const streamed = streamText({
      model,
      prompt: 'use the tool',
      tools,
      stopWhen: stepCountIs(3),
      maxRetries: 0,
      maxOutputTokens: 512,
    });
    expect(await streamed.text).toBe(whole.text);
    expect((await streamed.steps).length).toBe(2);
  });
});

describe('a client that disconnects mid-stream', { timeout: 20_000 }, () => {
  it('@anthropic-ai/sdk messages.stream: aborting cancels the upstream call', async () => {
    const before = upstream.calls.length;
    const stream = anthropic().messages.stream({
      model: MODEL,
      max_tokens: 512,
      messages: [{ role: 'user', content: 'slow, please' }],
    });
    stream.on('error', () => undefined);
    stream.on('abort', () => undefined);
    const done = stream.done().catch((error: unknown) => error);
    await new Promise((resolve) => stream.on('streamEvent', resolve));
    await waitFor(
      () => (upstream.calls[before]?.writes.length ?? 0) >= 3,
      'the upstream is writing',
    );
    stream.abort();
    expect(await done).toBeInstanceOf(Anthropic.APIUserAbortError);
    const call = await settled(() => upstream.calls[before]);
    expect(call.ended).toBe(false);
    expect(call.closedEarlyAt).toBeDefined();
  });

  it('@ai-sdk/anthropic streamText: aborting cancels the upstream call', async () => {
    const before = upstream.calls.length;
    const abort = new AbortController();
    const result = streamText({
      model: aiAnthropic()(MODEL),
      prompt: 'slow, please',
      abortSignal: abort.signal,
      maxRetries: 0,
      maxOutputTokens: 512,
    });
    const reading = (async () => {
      for await (const _ of result.fullStream);
    })().catch(() => undefined);
    await waitFor(
      () => (upstream.calls[before]?.writes.length ?? 0) >= 3,
      'the upstream is writing',
    );
    abort.abort();
    await reading;
    const call = await settled(() => upstream.calls[before]);
    expect(call.ended).toBe(false);
    expect(call.closedEarlyAt).toBeDefined();
  });
});

describe(
  'the Anthropic clients see Worker errors as their own API errors',
  { timeout: 20_000 },
  () => {
    it('a wrong key, a refused block and a failed stream', async () => {
      const wrong = new Anthropic({ baseURL: base.href, apiKey: 'nope', maxRetries: 0 });
      await expect(
        wrong.messages.create({
          model: MODEL,
          max_tokens: 9,
          messages: [{ role: 'user', content: 'hi' }],
        }),
      ).rejects.toBeInstanceOf(Anthropic.AuthenticationError);
      await expect(
        anthropic().messages.create({
          model: MODEL,
          max_tokens: 9,
          messages: [
            {
              role: 'user',
              content: [
                { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } },
              ],
            },
          ],
        }),
      ).rejects.toMatchObject({
        status: 400,
        error: { type: 'error', error: { type: 'invalid_request_error' } },
      });
      const schema = {
        type: 'object',
        properties: { total: { type: 'number' } },
        required: ['total'],
      } as const;
      const failing = anthropic().messages.stream({
        model: MODEL,
        max_tokens: 9,
        messages: [{ role: 'user', content: 'answer {"total": "2"}' }],
        output_config: { format: { type: 'json_schema', schema } },
      });
      await expect(failing.finalMessage()).rejects.toMatchObject({
        error: {
          type: 'error',
          error: { type: 'invalid_request_error', code: 'VALIDATION_FAILED' },
        },
      });
    });
  },
);

describe('a refusal or a cut answer under a custom schema', { timeout: 20_000 }, () => {
  it('is a 422 with its own code, whole and streamed', async () => {
    const schema = { type: 'object', properties: { total: { type: 'number' } } } as const;
    for (const [content, code] of [
      ['please refuse {"total": 1}', 'REFUSED'],
      ['you will run out {"total": 1}', 'TRUNCATED'],
    ] as const) {
      const request = {
        model: MODEL,
        max_tokens: 9,
        messages: [{ role: 'user' as const, content }],
        output_config: { format: { type: 'json_schema' as const, schema } },
      };
      await expect(anthropic().messages.create(request), code).rejects.toMatchObject({
        status: 422,
        error: { type: 'error', error: { type: 'invalid_request_error', code } },
      });
      await expect(anthropic().messages.stream(request).finalMessage(), code).rejects.toMatchObject(
        { error: { type: 'error', error: { code } } },
      );
    }
  });
});

describe('a body over the limit in workerd', () => {
  it('is refused by its declared Content-Length before it is sent, on both new routes', async () => {
    for (const path of ['/v1/messages', '/v1/responses']) {
      const socket = connect(Number(base.port), '127.0.0.1');
      try {
        const head = await new Promise<string>((resolve, reject) => {
          let received = '';
          socket.on('data', (data: Buffer) => {
            received += data.toString('latin1');
            if (received.includes('\r\n')) resolve(received);
          });
          socket.on('error', reject);
          // The head declares 10 MB; a few bytes follow, and the rest never comes.
          socket.write(
            `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nx-api-key: ${KEY}\r\nContent-Length: 10000000\r\n\r\n{"model"`,
          );
        });
        expect(head.split('\r\n')[0], path).toMatch(/^HTTP\/1\.1 413 /);
      } finally {
        socket.destroy();
      }
    }
  });
});

import { readFileSync } from 'node:fs';
import http from 'node:http';
import { connect } from 'node:net';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, streamText } from 'ai';
import { Miniflare } from 'miniflare';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVAL_CALL } from '../evalCall';

// The real Worker bundle (worker/dist/worker.js, built by `npm run build`) in workerd, listening
// on 127.0.0.1: what `npm start` and a deployment run.
const script = readFileSync(new URL('../../worker/dist/worker.js', import.meta.url), 'utf8');
const KEY = 'test-key';
const LIMIT = 8192;
let mf: Miniflare;
let base: URL;

beforeAll(async () => {
  mf = new Miniflare({
    modules: true,
    script,
    compatibilityDate: '2025-01-01',
    compatibilityFlags: ['enable_request_signal'],
    host: '127.0.0.1',
    port: 0,
    kvNamespaces: ['SCHEMAS'],
    bindings: { UPSTREAM_KIND: 'scripted', API_KEY: KEY, MAX_BODY_BYTES: String(LIMIT) },
  });
  base = await mf.ready;
});
afterAll(async () => {
  await mf?.dispose();
});

const client = () => new OpenAI({ baseURL: new URL('/v1', base).href, apiKey: KEY, maxRetries: 0 });
const auth = { authorization: `Bearer ${KEY}` };

describe('the Worker bundle in workerd', () => {
  it('contains no eval, no Function constructor, and no Node built-ins', () => {
    expect(script).not.toMatch(EVAL_CALL);
    expect(script).not.toMatch(/new\s+Function\s*\(/);
    expect(script).not.toMatch(/from\s*["']node:|require\(\s*["'](node:)?[a-z_]+["']\)/);
    expect(script).not.toMatch(/\bprocess\.env|\bBuffer\.from/);
  });

  it('serves the demo and health over HTTP on 127.0.0.1', async () => {
    expect(base.hostname).toBe('127.0.0.1');
    const page = await fetch(new URL('/', base));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>replyguard');
    expect(await (await fetch(new URL('/healthz', base))).json()).toEqual({
      ok: true,
      upstream: 'scripted',
    });
  });

  it('checks replies and guards the API with the bearer key', async () => {
    const unauthorized = await fetch(new URL('/v1/check', base), {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{"segments":[]}',
    });
    expect(unauthorized.status).toBe(401);
    const checked = await fetch(new URL('/v1/check', base), {
      method: 'POST',
      headers: { 'content-type': 'text/plain', ...auth },
      body: '{"segments":[],"segments":[]}',
    });
    expect(checked.status).toBe(422);
    expect(await checked.json()).toMatchObject({
      status: 'validation_failed',
      issues: [{ code: 'DUPLICATE_KEY' }],
    });
  });

  it('stores a schema in the SCHEMAS KV namespace and checks against it by name', async () => {
    const schema = {
      type: 'object',
      properties: { total: { type: 'number' } },
      required: ['total'],
    };
    const stored = await fetch(new URL('/v1/schemas/invoice', base), {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify(schema),
    });
    expect(stored.status).toBe(201);
    const check = (reply: string) =>
      fetch(new URL('/v1/check', base), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...auth },
        body: JSON.stringify({ reply, schemaRef: 'invoice' }),
      });
    expect((await check('{"total": 1}')).status).toBe(200);
    expect(await (await check('{"total": "1"}')).json()).toMatchObject({
      status: 'validation_failed',
      issues: [{ code: 'SCHEMA_MISMATCH', path: '/total' }],
      meta: { schemaName: 'invoice' },
    });
  });
});

describe('the official openai client against the Worker', () => {
  it('gets validated segments from /v1/chat/completions', async () => {
    const completion = await client().chat.completions.create({
      model: 'scripted',
      messages: [
        { role: 'system', content: 'Be kind.' },
        { role: 'user', content: 'hello, please fence it' },
      ],
    });
    const content = JSON.parse(completion.choices[0]!.message.content!);
    expect(content.segments[0]).toMatchObject({ type: 'markdown' });
    expect(
      (completion as unknown as { replyguard: { status: string; meta: { attempts: number } } })
        .replyguard,
    ).toMatchObject({ status: 'completed', meta: { attempts: 2 } });
    expect(completion.usage?.total_tokens).toBeGreaterThan(0);
    const refused = await client().chat.completions.create({
      model: 'scripted',
      messages: [{ role: 'user', content: 'be invalid' }],
    });
    expect(JSON.parse(refused.choices[0]!.message.content!)).toEqual({
      segments: [
        {
          type: 'text',
          data: { text: 'Sorry, I could not produce a valid reply. Please try again.' },
        },
      ],
    });
    const wrongKey = new OpenAI({
      baseURL: new URL('/v1', base).href,
      apiKey: 'nope',
      maxRetries: 0,
    });
    await expect(
      wrongKey.chat.completions.create({
        model: 'scripted',
        messages: [{ role: 'user', content: 'hi' }],
      }),
    ).rejects.toMatchObject({ status: 401 });
  });

  it('streams with stream: true: the joined content is the non-streamed content', async () => {
    for (const words of ['hello there', 'please fence it', 'be invalid', 'show me a leak']) {
      const messages = [{ role: 'user' as const, content: words }];
      const whole = await client().chat.completions.create({ model: 'scripted', messages });
      const stream = await client().chat.completions.create({
        model: 'scripted',
        messages,
        stream: true,
        stream_options: { include_usage: true },
      });
      let joined = '';
      let finish: string | null = null;
      let usage = 0;
      let pieces = 0;
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta?.content;
        if (delta) {
          joined += delta;
          pieces++;
        }
        finish = chunk.choices[0]?.finish_reason ?? finish;
        usage = chunk.usage?.total_tokens ?? usage;
      }
      expect(joined).toBe(whole.choices[0]!.message.content);
      expect(finish).toBe('stop');
      // An answer cut off by an early reject reports no usage: only a turn read to its end has some.
      if (words === 'hello there') expect(usage).toBeGreaterThan(0);
      if (joined.length > 128) expect(pieces).toBeGreaterThan(1);
    }
  });

  it('runs a tool round trip: the tool call comes back unchanged, the final text is enforced', async () => {
    const tools: OpenAI.Chat.Completions.ChatCompletionTool[] = [
      {
        type: 'function',
        function: {
          name: 'get_weather',
          description: 'The weather in a city',
          parameters: {
            type: 'object',
            properties: { query: { type: 'string' } },
            required: ['query'],
          },
        },
      },
    ];
    const messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[] = [
      { role: 'user', content: 'use the tool for the weather in Paris' },
    ];
    const first = await client().chat.completions.create({ model: 'scripted', messages, tools });
    expect(first.choices[0]!.finish_reason).toBe('tool_calls');
    const call = first.choices[0]!.message
      .tool_calls![0]! as OpenAI.Chat.Completions.ChatCompletionMessageFunctionToolCall;
    expect(call.function.name).toBe('get_weather');
    expect(JSON.parse(call.function.arguments)).toEqual({
      query: 'use the tool for the weather in Paris',
    });

    const streamed = await client().chat.completions.create({
      model: 'scripted',
      messages,
      tools,
      stream: true,
    });
    const calls: OpenAI.Chat.Completions.ChatCompletionChunk.Choice.Delta.ToolCall[] = [];
    let finish: string | null = null;
    for await (const chunk of streamed) {
      calls.push(...(chunk.choices[0]?.delta?.tool_calls ?? []));
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    expect(finish).toBe('tool_calls');
    expect(calls.map((c) => [c.id, c.function?.name, c.function?.arguments])).toEqual([
      [call.id, 'get_weather', call.function.arguments],
    ]);

    messages.push(first.choices[0]!.message, {
      role: 'tool',
      tool_call_id: call.id,
      content: '{"sky":"clear","celsius":21}',
    });
    const final = await client().chat.completions.create({ model: 'scripted', messages, tools });
    expect(final.choices[0]!.finish_reason).toBe('stop');
    expect(JSON.parse(final.choices[0]!.message.content!)).toEqual({
      segments: [
        {
          type: 'text',
          data: { text: 'The get_weather tool answered: {"sky":"clear","celsius":21}' },
        },
      ],
    });
  });

  it('a 422 for an exhausted json_schema turn and a 400 for a schema that does not compile reach the client as API errors', async () => {
    const schema = {
      type: 'object',
      properties: { total: { type: 'number' } },
      required: ['total'],
    };
    const response_format = {
      type: 'json_schema' as const,
      json_schema: { name: 'invoice', schema, strict: true },
    };
    const ok = await client().chat.completions.create({
      model: 'scripted',
      messages: [{ role: 'user', content: 'answer {"total": 2}' }],
      response_format,
    });
    expect(JSON.parse(ok.choices[0]!.message.content!)).toEqual({ total: 2 });
    const exhausted = {
      model: 'scripted',
      messages: [{ role: 'user' as const, content: 'answer {"total": "2"}' }],
      response_format,
    };
    await expect(client().chat.completions.create(exhausted)).rejects.toMatchObject({
      status: 422,
      error: { code: 'VALIDATION_FAILED', schemaName: 'invoice', attempts: 3 },
    });
    // Streamed, the failure comes as the stream's error frame, which the client raises the same way.
    const consume = async () => {
      for await (const _ of await client().chat.completions.create({ ...exhausted, stream: true }));
    };
    await expect(consume()).rejects.toMatchObject({
      error: { code: 'VALIDATION_FAILED', status: 422, schemaName: 'invoice', attempts: 3 },
    });
    await expect(
      client().chat.completions.create({
        model: 'scripted',
        messages: [{ role: 'user', content: 'hi' }],
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'bad', schema: { type: 'objekt' } },
        },
      }),
    ).rejects.toMatchObject({ status: 400, error: { code: 'SCHEMA_MALFORMED' } });
  });
});

describe("the AI SDK's streamText against the Worker", () => {
  it('gets the validated reply as its text, the same as the non-streamed content', async () => {
    const provider = createOpenAICompatible({
      name: 'replyguard',
      baseURL: new URL('/v1', base).href,
      apiKey: KEY,
      includeUsage: true,
    });
    for (const prompt of ['hello there', 'please fence it', 'be invalid']) {
      const whole = await client().chat.completions.create({
        model: 'scripted',
        messages: [{ role: 'user', content: prompt }],
      });
      const result = streamText({ model: provider.chatModel('scripted'), prompt });
      let text = '';
      for await (const part of result.textStream) text += part;
      expect(text).toBe(whole.choices[0]!.message.content);
      expect(await result.finishReason).toBe('stop');
      if (prompt === 'hello there') expect((await result.usage).totalTokens).toBeGreaterThan(0);
      const generated = await generateText({ model: provider.chatModel('scripted'), prompt });
      expect(generated.text).toBe(text);
    }
  });
});

describe('a keep-alive connection after a 413', () => {
  /** One request on the agent; resolves with the status or the socket error, and whether the socket was reused. */
  const send = (agent: http.Agent, body: string, headers: Record<string, string> = {}) =>
    new Promise<{ status?: number; error?: string; reused: boolean }>((resolve) => {
      const request = http.request(
        new URL('/v1/check', base),
        { method: 'POST', agent, headers: { 'content-type': 'text/plain', ...auth, ...headers } },
        (response) => {
          response.resume();
          response.on('end', () =>
            resolve({ status: response.statusCode, reused: request.reusedSocket }),
          );
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ error: error.code ?? error.message, reused: request.reusedSocket }),
      );
      request.end(body);
    });

  it('carries the next requests after an oversized body, by Content-Length and chunked', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const big = 'x'.repeat(LIMIT * 8);
      const results = [];
      for (let i = 0; i < 3; i++) {
        results.push(await send(agent, big));
        results.push(await send(agent, '{"segments":[]}'));
        results.push(await send(agent, big, { 'transfer-encoding': 'chunked' }));
        results.push(await send(agent, '{"segments":[]}'));
      }
      expect(results.map((r) => r.error ?? r.status)).toEqual(
        Array.from({ length: 3 }, () => [413, 200, 413, 200]).flat(),
      );
      // One connection carried them all.
      expect(results.slice(1).every((r) => r.reused)).toBe(true);
    } finally {
      agent.destroy();
    }
  });

  it('no request fails under concurrent load mixing oversized bodies in', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    try {
      const big = 'x'.repeat(LIMIT * 4);
      const results = await Promise.all(
        Array.from({ length: 240 }, (_, i) => send(agent, i % 4 === 0 ? big : '{"segments":[]}')),
      );
      expect(results.filter((r) => r.error)).toEqual([]);
      expect(results.filter((r) => r.status === 413).length).toBe(60);
    } finally {
      agent.destroy();
    }
  });

  it('refuses by the declared Content-Length before the body is sent', async () => {
    const socket = connect(Number(base.port), '127.0.0.1');
    try {
      const head = await new Promise<string>((resolve, reject) => {
        let received = '';
        socket.on('data', (data: Buffer) => {
          received += data.toString('latin1');
          if (received.includes('\r\n')) resolve(received);
        });
        socket.on('error', reject);
        // The head declares more than the limit; only a few bytes of the body follow, and the rest never comes.
        socket.write(
          `POST /v1/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nAuthorization: Bearer ${KEY}\r\nContent-Length: ${LIMIT * 4}\r\n\r\n{"segments"`,
        );
      });
      expect(head.split('\r\n')[0]).toMatch(/^HTTP\/1\.1 413 /);
    } finally {
      socket.destroy();
    }
  });
});

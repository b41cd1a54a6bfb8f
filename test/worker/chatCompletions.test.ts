import { describe, expect, it } from 'vitest';
import type { ModelProvider, ModelRequest } from '../../src/index';
import { waitFor } from '../waitFor';
import { type HandlerConfig, createHandler } from '../../src/worker/index';
import { sseFrames } from './sseFrames';

const base = 'http://127.0.0.1:8787';
const chat = (content: string, extra: object = {}) => ({
  model: 'scripted',
  messages: [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content },
  ],
  ...extra,
});
const post = (body: unknown, config: HandlerConfig = {}, init: RequestInit = {}) =>
  createHandler(config).fetch(
    new Request(`${base}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      ...init,
    }),
  );

type Completion = {
  object: string;
  choices: { message: { content: string | null; tool_calls?: unknown[] }; finish_reason: string }[];
  usage: { total_tokens: number };
  replyguard: { status: string; valid?: boolean; meta: { attempts: number; schemaName: string } };
};
const completion = async (body: unknown, config: HandlerConfig = {}) => {
  const response = await post(body, config);
  expect(response.status).toBe(200);
  return (await response.json()) as Completion;
};

/** A model that records its calls and streams an answer slowly, until it is cancelled. */
function slowModel(answer: string, pauseMs = 20) {
  const calls: { request: ModelRequest; signal: AbortSignal; written: number; ended: boolean }[] =
    [];
  const provider: ModelProvider = {
    name: 'slow',
    enforcement: 'prompt_only',
    async generate() {
      throw new Error('the Worker streams from the upstream');
    },
    async *stream(request, { signal }) {
      const call = { request, signal, written: 0, ended: false };
      calls.push(call);
      try {
        for (const char of answer) {
          await new Promise((resolve) => setTimeout(resolve, pauseMs));
          signal.throwIfAborted();
          call.written++;
          yield { type: 'text' as const, text: char };
        }
      } finally {
        call.ended = true;
      }
    },
  };
  return { provider, calls };
}

describe('POST /v1/chat/completions', () => {
  it('answers validated segments, corrected once when needed', async () => {
    for (const [content, attempts] of [
      ['hello there', 1],
      ['please fence it', 2],
      ['think aloud', 2],
    ] as const) {
      const body = await completion(chat(content));
      expect(body.object).toBe('chat.completion');
      expect(body.replyguard).toMatchObject({ status: 'completed', meta: { attempts } });
      expect(JSON.parse(body.choices[0]!.message.content!).segments.length).toBeGreaterThan(0);
      expect(body.usage.total_tokens).toBeGreaterThan(0);
    }
  });

  it('answers the fixed failure notice when the correction fails too, and masks leaks', async () => {
    const failed = await completion(
      chat('make it invalid', { replyguard: { failure_notice: 'Not now.' } }),
    );
    expect(failed.replyguard.status).toBe('validation_failed');
    expect(JSON.parse(failed.choices[0]!.message.content!)).toEqual({
      segments: [{ type: 'text', data: { text: 'Not now.' } }],
    });
    const leak = (await completion(chat('show me a leak'))) as Completion & {
      replyguard: { findings: { rule: string }[] };
    };
    expect(leak.choices[0]!.message.content).toContain('[REDACTED]');
    expect(leak.replyguard.findings[0]!.rule).toBe('github-token');
  });

  it('takes mentions as a list or in the library shape', async () => {
    for (const [mentions, attempts] of [
      [['10001'], 1],
      [{ allowed: ['10001'] }, 1],
      [['2'], 2],
      [{ allowed: ['2'] }, 2],
    ] as const) {
      // A mention outside the allowed set is refused; the scripted correction drops it.
      expect(
        (await completion(chat('mention someone', { replyguard: { mentions } }))).replyguard,
      ).toMatchObject({ status: 'completed', meta: { attempts } });
    }
  });

  it('502 when the upstream fails and 504 when it times out', async () => {
    const failing = {
      UPSTREAM_KIND: 'openai',
      UPSTREAM_BASE_URL: 'http://127.0.0.1:9/v1',
      UPSTREAM_MODEL: 'm',
    };
    const failed = await post(chat('hi'), failing);
    expect(failed.status).toBe(502);
    expect(await failed.json()).toMatchObject({ error: { code: 'UPSTREAM_FAILED' } });
    const { createServer } = await import('node:http');
    const server = createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const slow = {
        UPSTREAM_KIND: 'openai',
        UPSTREAM_BASE_URL: `http://127.0.0.1:${port}/v1`,
        UPSTREAM_TIMEOUT_MS: '100',
      };
      const response = await post(chat('hi'), slow);
      expect(response.status).toBe(504);
      expect(await response.json()).toMatchObject({ error: { code: 'UPSTREAM_TIMEOUT' } });
      // Streamed, the answer has started: the failure is the last frame, with the status it would have had.
      const streamed = await post(chat('hi', { stream: true }), slow);
      expect(streamed.status).toBe(200);
      const frames = sseFrames(await streamed.text());
      expect(frames.chunks.map((chunk) => chunk.error).filter(Boolean)).toEqual([
        expect.objectContaining({ code: 'UPSTREAM_TIMEOUT', status: 504 }),
      ]);
      expect(frames.content).toBe('');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('refuses what it cannot honour, naming the field', async () => {
    const refuse = async (body: unknown, field?: string) => {
      for (const stream of [false, true]) {
        const response = await post({ ...(body as object), stream });
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.headers.get('content-type')).toContain('application/json');
        const error = ((await response.json()) as { error: { field?: string } }).error;
        if (field) expect(error.field).toBe(field);
      }
    };
    await refuse(chat('hi', { replyguard: { mention: ['1'] } }), 'replyguard.mention');
    await refuse(
      chat('hi', { replyguard: { maxRetries: 9, onExhausted: 'error' } }),
      'replyguard.maxRetries',
    );
    await refuse(chat('hi', { replyguard: { maxRetries: 1 } }), 'replyguard.maxRetries');
    await refuse(
      chat('hi', {
        response_format: { type: 'json_schema', json_schema: { name: 'x y', schema: {} } },
      }),
      'response_format.json_schema.name',
    );
    await refuse(
      {
        messages: [
          { role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://x' } }] },
        ],
      },
      'messages.0.content.0.type',
    );
    await refuse({
      messages: [
        { role: 'tool', tool_call_id: 'c1', content: 'x' },
        { role: 'user', content: 'hi' },
      ],
    });
    const weather = {
      type: 'function',
      function: { name: 'get_weather', parameters: { type: 'object' } },
    };
    await refuse(chat('hi', { tools: [weather], tool_choice: 'required' }), 'tool_choice');
    await refuse(
      chat('hi', {
        tools: [weather],
        tool_choice: { type: 'function', function: { name: 'get_weather' } },
      }),
      'tool_choice',
    );
    await refuse(chat('hi', { tools: [weather, { type: 'web_search' }] }), 'tools.1.type');
    await refuse(
      chat('hi', { tools: [{ type: 'function', function: { name: 'a b' } }] }),
      'tools.0.function.name',
    );
    const progress = await post(chat('hi', { replyguard: { progress: true } }));
    expect(await progress.json()).toMatchObject({ error: { field: 'replyguard.progress' } });
  });
});

describe('POST /v1/chat/completions with stream: true', () => {
  it('streams the same content as the non-streamed answer, in chunks, then [DONE]', async () => {
    for (const words of ['hello there', 'please fence it', 'make it invalid', 'show me a leak']) {
      const whole = await completion(chat(words));
      const response = await post(chat(words, { stream: true }));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      const frames = sseFrames(await response.text());
      expect(frames.done).toBe(true);
      expect(frames.content).toBe(whole.choices[0]!.message.content);
      expect(frames.chunks.every((chunk) => chunk.object === 'chat.completion.chunk')).toBe(true);
      expect(frames.chunks[0]!.choices[0].delta.role).toBe('assistant');
      const withContent = frames.chunks.filter((chunk) => chunk.choices[0]?.delta?.content);
      if (frames.content.length > 128) expect(withContent.length).toBeGreaterThan(1);
      const last = frames.chunks[frames.chunks.length - 1]!;
      expect(last.choices[0].finish_reason).toBe('stop');
      expect(last.replyguard).toMatchObject({
        status: whole.replyguard.status,
        meta: { attempts: whole.replyguard.meta.attempts },
      });
      expect(frames.chunks.filter((chunk) => chunk.replyguard).length).toBe(1);
    }
  });

  it('adds a usage chunk with empty choices last when asked', async () => {
    const frames = sseFrames(
      await (
        await post(chat('hello', { stream: true, stream_options: { include_usage: true } }))
      ).text(),
    );
    const last = frames.chunks[frames.chunks.length - 1]!;
    expect(last.choices).toEqual([]);
    expect(last.usage.total_tokens).toBeGreaterThan(0);
    expect(frames.chunks[frames.chunks.length - 2]!.replyguard.status).toBe('completed');
    const without = sseFrames(await (await post(chat('hello', { stream: true }))).text());
    expect(without.chunks.some((chunk) => chunk.usage)).toBe(false);
  });

  it('sends progress frames as the turn runs when asked, before the content', async () => {
    const frames = sseFrames(
      await (
        await post(chat('please fence it', { stream: true, replyguard: { progress: true } }))
      ).text(),
    );
    const progress = frames.chunks.filter((chunk) => chunk.replyguard?.event);
    expect(progress.length).toBeGreaterThan(0);
    expect(
      progress.every((chunk) => Array.isArray(chunk.choices) && chunk.choices.length === 0),
    ).toBe(true);
    expect(progress[0]!.replyguard).toEqual({ event: 'attempt', attempt: 1, stage: 'model' });
    const firstContent = frames.chunks.findIndex((chunk) => chunk.choices.length > 0);
    expect(frames.chunks.indexOf(progress[progress.length - 1]!)).toBeLessThan(firstContent);
    expect(frames.content).toBe(
      (await completion(chat('please fence it'))).choices[0]!.message.content,
    );
  });

  it('a client that goes away mid-stream aborts the upstream call', async () => {
    const { provider, calls } = slowModel(
      '{"segments":[{"type":"text","data":{"text":"a long reply, slowly written"}}]}',
    );
    const response = await post(chat('hi', { stream: true, replyguard: { progress: true } }), {
      provider,
    });
    const reader = response.body!.getReader();
    await reader.read();
    await waitFor(() => (calls[0]?.written ?? 0) >= 3, 'the model is writing');
    await reader.cancel();
    await waitFor(() => calls[0]!.ended, 'the model call ended');
    expect(calls.length).toBe(1);
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(calls[0]!.written).toBeLessThan(20);
  });

  it('a client that aborts its request before the answer aborts the upstream call', async () => {
    for (const stream of [false, true]) {
      const { provider, calls } = slowModel('{"segments":[]}'.padEnd(200, ' '));
      const client = new AbortController();
      const pending = post(chat('hi', { stream }), { provider }, { signal: client.signal });
      await waitFor(() => calls.length === 1, 'the model was called');
      client.abort();
      await pending.catch(() => undefined);
      await waitFor(() => calls[0]!.ended, 'the model call ended');
      expect(calls[0]!.signal.aborted).toBe(true);
      expect(calls[0]!.written).toBeLessThan(200);
    }
  });
});

describe('a client json_schema response format', () => {
  const invoice = {
    type: 'object',
    properties: { total: { type: 'number' } },
    required: ['total'],
    additionalProperties: false,
  };
  const format = {
    type: 'json_schema',
    json_schema: { name: 'invoice', schema: invoice, strict: true },
  };

  it('is enforced as a custom schema: the value as content', async () => {
    const body = await completion(chat('answer {"total": 12.5}', { response_format: format }));
    expect(JSON.parse(body.choices[0]!.message.content!)).toEqual({ total: 12.5 });
    expect(body.replyguard).toMatchObject({
      status: 'completed',
      meta: { schemaName: 'invoice', attempts: 1 },
    });
    const frames = sseFrames(
      await (
        await post(chat('answer {"total": 12.5}', { response_format: format, stream: true }))
      ).text(),
    );
    expect(frames.content).toBe(body.choices[0]!.message.content);
  });

  it('an exhausted turn is a 422 naming the schema, the attempts and the issues', async () => {
    for (const [maxRetries, attempts] of [
      [undefined, 3],
      [0, 1],
      [1, 2],
    ] as const) {
      const body = {
        ...chat('answer {"total": "12"}', { response_format: format }),
        replyguard: maxRetries === undefined ? undefined : { maxRetries },
      };
      const expected = {
        code: 'VALIDATION_FAILED',
        schemaName: 'invoice',
        attempts,
        issues: [{ code: 'SCHEMA_MISMATCH', path: '/total' }],
      };
      const response = await post(body);
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ error: expected });
      const frames = sseFrames(await (await post({ ...body, stream: true })).text());
      expect(frames.chunks.find((chunk) => chunk.error)).toMatchObject({
        error: { ...expected, status: 422 },
      });
      expect(frames.content).toBe('');
    }
  });

  it('with onExhausted: return_invalid, the last value comes flagged valid: false', async () => {
    const body = await completion(
      chat('answer {"total": "12"}', {
        response_format: format,
        replyguard: { onExhausted: 'return_invalid', maxRetries: 0 },
      }),
    );
    expect(JSON.parse(body.choices[0]!.message.content!)).toEqual({ total: '12' });
    expect(body.replyguard).toMatchObject({ status: 'validation_failed', valid: false });
  });

  it('return_invalid hands the last value back masked', async () => {
    const token = `ghp_${'aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5'.slice(0, 36)}`;
    const body = await completion(
      chat(`answer {"total": "${token}"}`, {
        response_format: format,
        replyguard: { onExhausted: 'return_invalid', maxRetries: 0 },
      }),
    );
    expect(body.replyguard).toMatchObject({ status: 'validation_failed', valid: false });
    expect(JSON.stringify(body)).not.toContain(token);
    expect(JSON.parse(body.choices[0]!.message.content!)).toEqual({
      total: expect.stringContaining('[REDACTED'),
    });
  });

  it('a boolean schema is a 400 naming the field (false is not the plain-text mode here)', async () => {
    const { provider, calls } = slowModel('{}');
    for (const schema of [false, true]) {
      const response = await post(
        chat('hi', {
          response_format: { type: 'json_schema', json_schema: { name: 'flag', schema } },
        }),
        { provider },
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: { field: 'response_format.json_schema.schema' },
      });
    }
    expect(calls.length).toBe(0);
  });

  it('a schema that does not compile is a 400 before any upstream call', async () => {
    const { provider, calls } = slowModel('{}');
    for (const stream of [false, true]) {
      const response = await post(
        chat('hi', {
          stream,
          response_format: {
            type: 'json_schema',
            json_schema: { name: 'bad', schema: { type: 'objekt' } },
          },
        }),
        { provider },
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: { code: 'SCHEMA_MALFORMED', field: 'response_format.json_schema.schema' },
      });
    }
    expect(calls.length).toBe(0);
  });
});

describe('tools pass through', () => {
  const tools = [
    {
      type: 'function',
      function: {
        name: 'get_weather',
        description: 'The weather in a city',
        parameters: { type: 'object', properties: { query: { type: 'string' } } },
      },
    },
  ];

  it('an answer with tool calls goes back unchanged, whole and streamed', async () => {
    const body = await completion(chat('use the tool for Paris', { tools }));
    expect(body.choices[0]!.finish_reason).toBe('tool_calls');
    expect(body.choices[0]!.message.content).toBeNull();
    expect(body.choices[0]!.message.tool_calls).toEqual([
      {
        id: 'call_scripted_1',
        type: 'function',
        function: {
          name: 'get_weather',
          arguments: JSON.stringify({ query: 'use the tool for Paris' }),
        },
      },
    ]);
    expect(body.replyguard).toMatchObject({
      status: 'interrupted',
      issues: [{ code: 'TOOL_CALLS_RETURNED' }],
    });

    const frames = sseFrames(
      await (await post(chat('use the tool for Paris', { tools, stream: true }))).text(),
    );
    expect(frames.done).toBe(true);
    const deltas = frames.chunks.flatMap((chunk) => chunk.choices[0]?.delta?.tool_calls ?? []);
    expect(deltas).toEqual([
      {
        index: 0,
        id: 'call_scripted_1',
        type: 'function',
        function: {
          name: 'get_weather',
          arguments: JSON.stringify({ query: 'use the tool for Paris' }),
        },
      },
    ]);
    const last = frames.chunks[frames.chunks.length - 1]!;
    expect(last.choices[0].finish_reason).toBe('tool_calls');
    expect(last.replyguard.status).toBe('interrupted');
    expect(frames.content).toBe('');
  });

  it('tool_choice "none" is a tools-off turn (tools listed, toolChoice none); "auto" sends them', async () => {
    const seen: ModelRequest[] = [];
    const { provider } = slowModel('{"segments":[{"type":"text","data":{"text":"Sunny."}}]}', 0);
    const recording: ModelProvider = {
      ...provider,
      stream: (request, context) => (seen.push(request), provider.stream!(request, context)),
    };
    for (const tool_choice of ['none', 'auto']) {
      const body = await completion(chat('hi', { tools, tool_choice }), { provider: recording });
      expect(body.replyguard).toMatchObject({ status: 'completed' });
    }
    // The provider lists the tools only where its API needs them (OpenAI's chat body sends none).
    expect(seen.map((request) => [request.tools, request.toolChoice])).toEqual([
      [tools, 'none'],
      [tools, undefined],
    ]);
  });

  it('forwards the tools and the tool traffic; the final text answer is enforced', async () => {
    const seen: ModelRequest[] = [];
    const { provider } = slowModel('{"segments":[{"type":"text","data":{"text":"Sunny."}}]}', 0);
    const recording: ModelProvider = {
      ...provider,
      stream: (request, context) => (seen.push(request), provider.stream!(request, context)),
    };
    const history = [
      { role: 'user', content: 'use the tool for Paris' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"query":"Paris"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '{"sky":"clear"}' },
    ];
    const body = await completion({ messages: history, tools }, { provider: recording });
    expect(body.choices[0]!.finish_reason).toBe('stop');
    expect(body.replyguard).toMatchObject({ status: 'completed', meta: { attempts: 1 } });
    expect(seen[0]!.tools).toEqual(tools);
    expect(seen[0]!.messages).toEqual([
      { role: 'user', content: 'use the tool for Paris' },
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{"query":"Paris"}' }],
      },
      { role: 'tool', toolCallId: 'call_1', name: 'get_weather', content: '{"sky":"clear"}' },
    ]);
    const scripted = await completion({ messages: history, tools });
    expect(JSON.parse(scripted.choices[0]!.message.content!)).toEqual({
      segments: [
        { type: 'text', data: { text: 'The get_weather tool answered: {"sky":"clear"}' } },
      ],
    });
  });
});

import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upstreamTools } from '../../src/worker/turn/upstreamTools';
import { type HandlerConfig, createHandler } from '../../src/worker/index';
import { chunksOf, fakeUpstream } from './fakeUpstream';
import { sseFrames } from './sseFrames';

// What the Worker sends its upstream, seen by local upstreams: the client's json_schema for
// structured and JSON-as-text upstreams, and the client's tools in each provider's format.
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
const weather = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'The weather',
    parameters: { type: 'object', properties: { city: { type: 'string' } } },
  },
};

let upstream: Awaited<ReturnType<typeof fakeUpstream>>;
beforeAll(async () => {
  upstream = await fakeUpstream((call) => {
    const user = call.body.messages.filter((message) => message.role === 'user').at(-1)!.content;
    // Asked for a string total, it keeps writing one, also when asked to correct it (the
    // correction quotes the answer as far as it was read: cut off at the string, now).
    const stubborn = user.includes('string total') || user.includes('"total": "3');
    return { chunks: chunksOf(stubborn ? '{"total": "3"}' : '{"total": 3}', 4), pauseMs: 1 };
  });
});
afterAll(async () => {
  await upstream?.close();
});

const post = (body: object, config: HandlerConfig) =>
  createHandler(config).fetch(
    new Request('http://127.0.0.1/v1/chat/completions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );

describe('a client json_schema through a real upstream', () => {
  it('is sent as the structured output of an OpenAI-compatible upstream', async () => {
    const before = upstream.calls.length;
    const response = await post(
      { messages: [{ role: 'user', content: 'the invoice' }], response_format: format },
      { UPSTREAM_KIND: 'openai', UPSTREAM_BASE_URL: upstream.baseUrl },
    );
    expect(await response.json()).toMatchObject({
      choices: [{ message: { content: '{"total":3}' } }],
      replyguard: {
        status: 'completed',
        meta: { schemaName: 'invoice', enforcement: 'provider_schema' },
      },
    });
    const sent = upstream.calls[before]!.body as unknown as {
      response_format: { json_schema: { name: string } };
      stream: boolean;
    };
    expect(sent.stream).toBe(true);
    expect(sent.response_format.json_schema.name).toBe('invoice');
  });

  it('is enforced for a JSON-as-text upstream, which gets it in the prompt only, corrected up to maxRetries', async () => {
    const config = { UPSTREAM_KIND: 'json-text', UPSTREAM_BASE_URL: upstream.baseUrl };
    const before = upstream.calls.length;
    const ok = await post(
      { messages: [{ role: 'user', content: 'the invoice' }], response_format: format },
      config,
    );
    expect(await ok.json()).toMatchObject({
      choices: [{ message: { content: '{"total":3}' } }],
      replyguard: { status: 'completed', meta: { enforcement: 'prompt_only' } },
    });
    const sent = upstream.calls[before]!.body as unknown as {
      response_format?: unknown;
      messages: { role: string; content: string }[];
    };
    expect(sent.response_format).toBeUndefined();
    expect(sent.messages[0]!.content).toContain(JSON.stringify(invoice));

    const exhausted = await post(
      {
        messages: [{ role: 'user', content: 'a string total' }],
        response_format: format,
        replyguard: { maxRetries: 1 },
      },
      config,
    );
    expect(exhausted.status).toBe(422);
    expect(await exhausted.json()).toMatchObject({
      error: {
        schemaName: 'invoice',
        attempts: 2,
        issues: [{ code: 'SCHEMA_MISMATCH', path: '/total' }],
      },
    });
    const streamed = sseFrames(
      await (
        await post(
          {
            messages: [{ role: 'user', content: 'the invoice' }],
            response_format: format,
            stream: true,
          },
          config,
        )
      ).text(),
    );
    expect(streamed.content).toBe('{"total":3}');
  });
});

describe('client tools in the upstream’s format', () => {
  it('maps OpenAI function tools for Anthropic and Gemini, and refuses what cannot be mapped', () => {
    expect(upstreamTools('openai', [weather])).toEqual([weather]);
    expect(upstreamTools('anthropic', [weather])).toEqual([
      {
        name: 'get_weather',
        description: 'The weather',
        input_schema: weather.function.parameters,
      },
    ]);
    expect(
      upstreamTools('gemini', [weather, { type: 'function', function: { name: 'now' } }]),
    ).toEqual([
      {
        functionDeclarations: [
          {
            name: 'get_weather',
            description: 'The weather',
            parametersJsonSchema: weather.function.parameters,
          },
          { name: 'now', parametersJsonSchema: { type: 'object', properties: {} } },
        ],
      },
    ]);
    expect(upstreamTools('anthropic', [weather, { type: 'custom', custom: { name: 'x' } }])).toBe(
      'tools.1: only function tools can be forwarded to a anthropic upstream',
    );
  });

  it('sends them so, and a tool it cannot map is a 400 naming it', async () => {
    const bodies: Record<string, unknown>[] = [];
    const server = createServer(async (request, response) => {
      let text = '';
      for await (const part of request) text += part;
      bodies.push(JSON.parse(text));
      response.writeHead(500).end('{"error":"no"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const ask = (kind: string, tools: unknown[]) =>
        post(
          { messages: [{ role: 'user', content: 'weather?' }], tools },
          { UPSTREAM_KIND: kind, UPSTREAM_BASE_URL: baseUrl, UPSTREAM_MODEL: 'm' },
        );
      expect((await ask('anthropic', [weather])).status).toBe(502);
      expect(bodies[0]!.tools).toContainEqual({
        name: 'get_weather',
        description: 'The weather',
        input_schema: weather.function.parameters,
      });
      expect((await ask('gemini', [weather])).status).toBe(502);
      expect(bodies[1]!.tools).toEqual(upstreamTools('gemini', [weather]));
      const refused = await ask('gemini', [{ type: 'custom', custom: { name: 'x' } }]);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: { field: 'tools.0.type' } });
      expect(bodies.length).toBe(2);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

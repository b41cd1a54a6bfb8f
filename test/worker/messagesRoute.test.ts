import { describe, expect, it } from 'vitest';
import type { ModelProvider } from '../../src/providers/modelProvider';
import { type HandlerConfig, createHandler } from '../../src/worker/index';
import { sseEvents } from './sseEvents';

// POST /v1/messages against the embedded scripted model: what the Messages API refuses, the
// message, the event stream and the tool_use round trip.
const post = (body: unknown, env: HandlerConfig = {}) =>
  createHandler(env).fetch(
    new Request('http://127.0.0.1/v1/messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify(body),
    }),
  );
const ask = (content: unknown, extra: Record<string, unknown> = {}) => ({
  model: 'claude-x',
  max_tokens: 256,
  messages: [{ role: 'user', content }],
  ...extra,
});
const weather = {
  name: 'get_weather',
  description: 'The weather',
  input_schema: { type: 'object', properties: { query: { type: 'string' } } },
};

describe('POST /v1/messages refuses what the Messages API refuses, in its error shape', () => {
  it.each([
    [{ model: 'c', messages: [{ role: 'user', content: 'hi' }] }, 'max_tokens', ''],
    [{ ...ask('hi'), top_n: 3 }, 'top_n', 'unknown parameter'],
    [
      ask([{ type: 'text', text: 'hi', extra: 1 }]),
      'messages.0.content.0.extra',
      'unknown parameter',
    ],
    [
      ask([{ type: 'image', source: { type: 'url', url: 'https://x/y.png' } }]),
      'messages.0.content.0.type',
      '"image"',
    ],
    [
      ask([{ type: 'tool_result', tool_use_id: 'toolu_9', content: 'x' }]),
      'messages.0.content.0.tool_use_id',
      'answers no tool_use',
    ],
    [
      ask([{ type: 'tool_use', id: 'toolu_1', name: 'f', input: {} }]),
      'messages.0.content.0.type',
      '"tool_use"',
    ],
    [
      {
        ...ask('x'),
        messages: [
          { role: 'user', content: 'x' },
          { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'f', input: [] }] },
        ],
      },
      'messages.1.content.0.input',
      '',
    ],
    [
      { ...ask('hi'), tools: [{ type: 'web_search_20250305', name: 'web_search' }] },
      'tools.0.type',
      'web_search_20250305',
    ],
    [
      { ...ask('hi'), tools: [weather], tool_choice: { type: 'any' } },
      'tool_choice',
      'output_config.format',
    ],
    [
      { ...ask('hi'), mcp_servers: [{ type: 'url', url: 'https://x', name: 'x' }] },
      'mcp_servers',
      '',
    ],
    [{ ...ask('hi'), messages: [] }, 'messages', ''],
  ])('%j is refused at %s', async (body, field, words) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as {
      type: string;
      error: { type: string; message: string; field: string };
    };
    expect(answer.type).toBe('error');
    expect(answer.error).toMatchObject({ type: 'invalid_request_error', field });
    expect(answer.error.message).toContain(`\`${field}\``);
    expect(answer.error.message).toContain(words);
  });

  it('a 404 outside the routes stays replyguard’s own shape', async () => {
    const response = await createHandler().fetch(new Request('http://127.0.0.1/v1/message'));
    expect(await response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});

describe('POST /v1/messages answers', () => {
  it('whole, as a message: the reply as a text block, stop_reason, usage and replyguard', async () => {
    const response = await post(
      ask([{ type: 'text', text: 'hello there' }], {
        system: [{ type: 'text', text: 'Be kind.', cache_control: { type: 'ephemeral' } }],
        temperature: 0.2,
      }),
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: 'claude-x',
      stop_reason: 'end_turn',
      stop_sequence: null,
      content: [{ type: 'text' }],
      replyguard: { status: 'completed' },
    });
    expect(body.id).toMatch(/^msg_/);
    expect(JSON.parse(body.content[0].text).segments[0].type).toBe('markdown');
    expect(body.usage).toMatchObject({
      input_tokens: body.replyguard.usage.inputTokens,
      output_tokens: body.replyguard.usage.outputTokens,
    });
  });

  it('streamed, as Messages events: message_start at once, blocks after validation, message_delta, message_stop', async () => {
    const text = await (
      await post(ask('please fence it', { stream: true, replyguard: { progress: true } }))
    ).text();
    const events = sseEvents(text);
    expect(events.every((event) => event.event === event.data.type)).toBe(true);
    const order = events.map((event) => event.event).filter((name, i, all) => name !== all[i - 1]);
    expect(order).toEqual([
      'message_start',
      'ping',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(events[0]!.data.message).toMatchObject({ content: [], usage: { input_tokens: 0 } });
    const progress = events.filter((event) => event.data.replyguard?.event);
    const kinds = progress.map((event) => [event.event, event.data.replyguard.event]);
    expect(kinds.slice(0, 3)).toEqual([
      ['ping', 'attempt'],
      ['ping', 'rejected'],
      ['ping', 'attempt'],
    ]);
    // Then views of the correction as it is read (issue 22), each on a ping.
    expect(kinds.length).toBeGreaterThan(3);
    for (const kind of kinds.slice(3)) expect(kind).toEqual(['ping', 'progress']);
    const delta = events.find((event) => event.event === 'message_delta')!.data;
    expect(delta).toMatchObject({
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      replyguard: { status: 'completed', meta: { attempts: 2 } },
    });
    expect(delta.usage.input_tokens).toBeGreaterThan(0);
  });

  it('passes a custom tool through as a tool_use block and answers its tool_result', async () => {
    const asked = await (await post(ask('use the tool, please', { tools: [weather] }))).json();
    expect(asked.stop_reason).toBe('tool_use');
    expect(asked.content).toEqual([
      {
        type: 'tool_use',
        id: expect.any(String),
        name: 'get_weather',
        input: { query: 'use the tool, please' },
      },
    ]);
    const streamed = sseEvents(
      await (await post(ask('use the tool, please', { tools: [weather], stream: true }))).text(),
    );
    const start = streamed.find((e) => e.event === 'content_block_start')!.data;
    expect(start.content_block).toMatchObject({ type: 'tool_use', name: 'get_weather', input: {} });
    const json = streamed.find((e) => e.event === 'content_block_delta')!.data.delta;
    expect(json.type).toBe('input_json_delta');
    expect(JSON.parse(json.partial_json)).toEqual({ query: 'use the tool, please' });

    const answered = await (
      await post({
        ...ask('x', { tools: [weather] }),
        messages: [
          { role: 'user', content: 'use the tool, please' },
          {
            role: 'assistant',
            content: [{ type: 'thinking', thinking: 'hm', signature: 's' }, ...asked.content],
          },
          {
            role: 'user',
            content: [
              {
                type: 'tool_result',
                tool_use_id: asked.content[0].id,
                content: [{ type: 'text', text: 'sunny' }],
              },
            ],
          },
        ],
      })
    ).json();
    expect(JSON.parse(answered.content[0].text)).toEqual({
      segments: [{ type: 'text', data: { text: 'The get_weather tool answered: sunny' } }],
    });
  });

  it('a tool call whose arguments are not an object cannot be a tool_use block: 502, whole and streamed', async () => {
    const odd: ModelProvider = {
      name: 'odd',
      enforcement: 'prompt_only',
      generate: () =>
        Promise.resolve({ toolCalls: [{ id: 'c1', name: 'get_weather', arguments: '[1, 2]' }] }),
    };
    const whole = await post(ask('hi', { tools: [weather] }), { provider: odd });
    expect(whole.status).toBe(502);
    expect(await whole.json()).toMatchObject({
      type: 'error',
      error: { type: 'api_error', code: 'UPSTREAM_BAD_TOOL_CALL' },
    });
    const streamed = sseEvents(
      await (await post(ask('hi', { tools: [weather], stream: true }), { provider: odd })).text(),
    );
    expect(streamed.map((event) => event.event)).toEqual(['message_start', 'error']);
    expect(streamed[1]!.data.error.code).toBe('UPSTREAM_BAD_TOOL_CALL');
  });

  it('enforces an output_config.format json_schema', async () => {
    const schema = {
      type: 'object',
      properties: { total: { type: 'number' } },
      required: ['total'],
      additionalProperties: false,
    };
    const body = await (
      await post(
        ask('answer {"total": 3}', { output_config: { format: { type: 'json_schema', schema } } }),
      )
    ).json();
    expect(JSON.parse(body.content[0].text)).toEqual({ total: 3 });
    expect(body.replyguard.status).toBe('completed');
  });
});

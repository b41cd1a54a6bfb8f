import { describe, expect, it } from 'vitest';
import { type HandlerConfig, createHandler } from '../../src/worker/index';
import { sseEvents } from './sseEvents';

// POST /v1/responses against the embedded scripted model: what the Responses API refuses, the
// response object, the event stream and the function-call round trip.
const post = (body: unknown, env: HandlerConfig = {}) =>
  createHandler().fetch(
    new Request('http://127.0.0.1/v1/responses', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
    env,
  );
const weather = {
  type: 'function',
  name: 'get_weather',
  description: 'The weather',
  parameters: { type: 'object', properties: { query: { type: 'string' } } },
};

async function refusal(body: unknown): Promise<{ param: string; message: string }> {
  const response = await post(body);
  expect(response.status, JSON.stringify(body)).toBe(400);
  const { error } = (await response.json()) as {
    error: { param: string; message: string; type: string; code: string };
  };
  expect(error).toMatchObject({ type: 'invalid_request_error', code: 'BAD_REQUEST' });
  return error;
}

describe('POST /v1/responses refuses what the Responses API refuses, naming the place', () => {
  it.each([
    [{ input: 'hi', temperatur: 1 }, 'temperatur', 'unknown parameter'],
    [{ model: 'm' }, 'input', ''],
    [
      { input: 'hi', text: { format: { type: 'json_schema', schema: {} } } },
      'text.format.name',
      '',
    ],
    [{ input: [{ role: 'user', content: 'hi', extra: 1 }] }, 'input.0.extra', 'unknown parameter'],
    [{ input: [{ role: 'robot', content: 'hi' }] }, 'input.0.role', ''],
    [{ input: [{ type: 'web_search_call', id: 'ws_1' }] }, 'input.0.type', 'web_search_call'],
    [{ input: [{ type: 'item_reference', id: 'msg_1' }] }, 'input.0', 'item_reference'],
    [
      {
        input: [{ role: 'user', content: [{ type: 'input_image', image_url: 'https://x/y.png' }] }],
      },
      'input.0.content.0.type',
      'input_image',
    ],
    [
      {
        input: [
          { type: 'function_call', name: 'f', arguments: '{}' },
          { role: 'user', content: 'x' },
        ],
      },
      'input.0.call_id',
      '',
    ],
    [
      {
        input: [
          { role: 'user', content: 'x' },
          { type: 'function_call_output', call_id: 'c9', output: '1' },
        ],
      },
      'input.1.call_id',
      'answers no function_call',
    ],
    [{ input: [{ role: 'system', content: 'only a system message' }] }, 'input', 'no user message'],
    [{ input: 'hi', previous_response_id: 'resp_1' }, 'previous_response_id', 'stores no'],
    [{ input: 'hi', tools: [{ type: 'web_search' }] }, 'tools.0.type', 'web_search'],
    [{ input: 'hi', tools: [{ ...weather, extra: true }] }, 'tools.0.extra', 'unknown parameter'],
    [{ input: 'hi', tools: [weather], tool_choice: 'required' }, 'tool_choice', ''],
  ])('%j is refused at %s', async (body, param, words) => {
    const error = await refusal(body);
    expect(error.param).toBe(param);
    expect(error.message).toContain(`\`${param}\``);
    expect(error.message).toContain(words);
  });
});

describe('POST /v1/responses answers', () => {
  it('whole, as a response object: the reply in a message item, output_text, usage and replyguard', async () => {
    const response = await post({
      model: 'gpt-x',
      instructions: 'Be kind.',
      input: [
        { role: 'developer', content: 'Answer briefly.' },
        { role: 'user', content: [{ type: 'input_text', text: 'hello there' }] },
      ],
      metadata: { ticket: '42' },
      store: true,
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      object: 'response',
      status: 'completed',
      model: 'gpt-x',
      instructions: 'Be kind.',
      store: false,
      metadata: { ticket: '42' },
      error: null,
      output: [
        {
          type: 'message',
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', annotations: [] }],
        },
      ],
      replyguard: { status: 'completed', meta: { attempts: 1 } },
    });
    expect(body.id).toMatch(/^resp_/);
    expect(body.output[0].id).toMatch(/^msg_/);
    expect(body.output_text).toBe(body.output[0].content[0].text);
    expect(JSON.parse(body.output_text).segments[0].type).toBe('markdown');
    expect(body.usage).toEqual({
      input_tokens: body.replyguard.usage.inputTokens,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: body.replyguard.usage.outputTokens,
      output_tokens_details: { reasoning_tokens: body.replyguard.usage.reasoningTokens ?? 0 },
      total_tokens: body.replyguard.usage.inputTokens + body.replyguard.usage.outputTokens,
    });
  });

  it('streamed, as numbered Responses events: created, output item, text deltas, completed', async () => {
    const text = await (await post({ input: 'hello there', stream: true })).text();
    const events = sseEvents(text);
    expect(events.every((event) => event.event === event.data.type)).toBe(true);
    expect(events.map((event) => event.data.sequence_number)).toEqual(events.map((_, i) => i));
    const types = [...new Set(events.map((event) => event.event))];
    expect(types).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    const done = events.find((event) => event.event === 'response.output_text.done')!.data;
    const deltas = events.filter((event) => event.event === 'response.output_text.delta');
    expect(deltas.map((event) => event.data.delta).join('')).toBe(done.text);
    expect(deltas.every((event) => event.data.item_id === done.item_id)).toBe(true);
    const completed = events.at(-1)!.data.response;
    expect(completed.output[0].id).toBe(done.item_id);
    expect(completed.output_text).toBe(done.text);
    expect(completed.replyguard.status).toBe('completed');
    expect(completed.usage.output_tokens).toBeGreaterThan(0);
  });

  it('sends progress on response.in_progress events when asked', async () => {
    const text = await (
      await post({ input: 'please fence it', stream: true, replyguard: { progress: true } })
    ).text();
    const progress = sseEvents(text)
      .filter((event) => event.data.replyguard)
      .map((event) => [event.event, event.data.replyguard.event, event.data.replyguard.stage]);
    // The fence is provably wrong at its first character: an early reject, then the correction,
    // shown as it is read (views made safe by the core).
    expect(progress.slice(0, 3)).toEqual([
      ['response.in_progress', 'attempt', 'model'],
      ['response.in_progress', 'rejected', 'model'],
      ['response.in_progress', 'attempt', 'correction'],
    ]);
    expect(progress.length).toBeGreaterThan(3);
    for (const view of progress.slice(3))
      expect(view).toEqual(['response.in_progress', 'progress', undefined]);
  });

  it('passes a function tool through as a function_call item and answers its function_call_output', async () => {
    const asked = await (await post({ input: 'use the tool, please', tools: [weather] })).json();
    expect(asked.output).toEqual([
      {
        id: expect.stringMatching(/^fc_/),
        type: 'function_call',
        status: 'completed',
        call_id: expect.any(String),
        name: 'get_weather',
        arguments: JSON.stringify({ query: 'use the tool, please' }),
      },
    ]);
    expect(asked.output_text).toBe('');
    expect(asked.replyguard.status).toBe('interrupted');
    const streamed = sseEvents(
      await (await post({ input: 'use the tool, please', tools: [weather], stream: true })).text(),
    );
    const args = streamed.filter((e) => e.event === 'response.function_call_arguments.delta');
    expect(args.map((e) => e.data.delta).join('')).toBe(asked.output[0].arguments);
    expect(streamed.at(-1)!.data.response.output[0]).toMatchObject({ type: 'function_call' });

    const answered = await (
      await post({
        input: [
          { role: 'user', content: 'use the tool, please' },
          asked.output[0],
          {
            type: 'function_call_output',
            call_id: asked.output[0].call_id,
            output: '{"sky":"clear"}',
          },
        ],
        tools: [weather],
      })
    ).json();
    expect(JSON.parse(answered.output_text)).toEqual({
      segments: [
        { type: 'text', data: { text: 'The get_weather tool answered: {"sky":"clear"}' } },
      ],
    });
    // tool_choice "none" sends no tools: the model answers in text.
    const none = await (
      await post({ input: 'use the tool', tools: [weather], tool_choice: 'none' })
    ).json();
    expect(none.output[0].type).toBe('message');
  });

  it('enforces a text.format json_schema like a chat response_format', async () => {
    const format = {
      type: 'json_schema',
      name: 'invoice',
      schema: { type: 'object', properties: { total: { type: 'number' } }, required: ['total'] },
    };
    const body = await (await post({ input: 'answer {"total": 12.5}', text: { format } })).json();
    expect(JSON.parse(body.output_text)).toEqual({ total: 12.5 });
    expect(body.text).toEqual({ format });
    expect(body.replyguard.meta.schemaName).toBe('invoice');
  });
});

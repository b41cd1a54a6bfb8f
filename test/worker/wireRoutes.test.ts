import { describe, expect, it } from 'vitest';
import type { ModelProvider } from '../../src/providers/modelProvider';
import { type HandlerConfig, createHandler } from '../../src/worker/index';
import { sseEvents } from './sseEvents';

// What the three turn routes share below their wires, proven on each: the same limits, key,
// content type, options and verdict, every refusal in the route's own error shape.
const base = 'http://127.0.0.1:8787';
const call = (path: string, init: RequestInit, env: HandlerConfig = {}) =>
  createHandler().fetch(new Request(`${base}${path}`, init), env);

interface Route {
  readonly path: string;
  /** A request body of this API asking for `text`, with extra top-level fields. */
  readonly body: (text: string, extra?: Record<string, unknown>) => Record<string, unknown>;
  /** The error's code and message as this API's shape carries them. */
  readonly error: (body: any) => { code: string; message: string; type: string };
  /** The reply text of a whole answer. */
  readonly text: (body: any) => string;
  /** The reply text of a stream's events. */
  readonly streamed: (text: string) => string;
  /** A stream's failure event, as data. */
  readonly failure: (text: string) => Record<string, any> | undefined;
}

const openAiError = (body: any) => ({
  code: body.error.code,
  message: body.error.message,
  type: body.error.type,
});
const routes: Route[] = [
  {
    path: '/v1/chat/completions',
    body: (text, extra) => ({ model: 'm', messages: [{ role: 'user', content: text }], ...extra }),
    error: openAiError,
    text: (body) => body.choices[0].message.content,
    streamed: (text) =>
      sseEvents(text)
        .map((e) => e.data.choices?.[0]?.delta?.content ?? '')
        .join(''),
    failure: (text) => sseEvents(text).find((e) => e.data.error)?.data.error,
  },
  {
    path: '/v1/responses',
    body: (text, extra) => ({ model: 'm', input: text, ...extra }),
    error: openAiError,
    text: (body) => body.output_text,
    streamed: (text) =>
      sseEvents(text)
        .filter((e) => e.event === 'response.output_text.delta')
        .map((e) => e.data.delta)
        .join(''),
    failure: (text) => sseEvents(text).find((e) => e.event === 'error')?.data,
  },
  {
    path: '/v1/messages',
    body: (text, extra) => ({
      model: 'm',
      max_tokens: 64,
      messages: [{ role: 'user', content: text }],
      ...extra,
    }),
    error: (body) => ({
      code: body.error.code,
      message: body.error.message,
      type: body.error.type,
    }),
    text: (body) => body.content[0].text,
    streamed: (text) =>
      sseEvents(text)
        .filter((e) => e.event === 'content_block_delta')
        .map((e) => e.data.delta.text)
        .join(''),
    failure: (text) => sseEvents(text).find((e) => e.event === 'error')?.data.error,
  },
];

const post = (route: Route, body: unknown, headers: Record<string, string> = {}, env = {}) =>
  call(
    route.path,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    },
    env,
  );

async function refused(response: Response, route: Route, status: number, code: string) {
  expect(response.status, route.path).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/json');
  const body = await response.json();
  if (route.path === '/v1/messages') expect(body.type).toBe('error');
  const error = route.error(body);
  expect(error.code, route.path).toBe(code);
  expect(error.message.length).toBeGreaterThan(5);
  return { ...error, body };
}

describe.each(routes)('$path', (route) => {
  it('refuses a wrong content type (415), a body over the limit (413) and not strict JSON (400)', async () => {
    const typed = await refused(
      await post(route, 'x', { 'content-type': 'text/plain' }),
      route,
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expect(typed.type).toBe('invalid_request_error');
    const large = await refused(
      await post(route, route.body('x'.repeat(300)), {}, { MAX_BODY_BYTES: '200' }),
      route,
      413,
      'BODY_TOO_LARGE',
    );
    if (route.path === '/v1/messages') expect(large.type).toBe('request_too_large');
    await refused(await post(route, '{"model":"m","model":"n"}'), route, 400, 'BAD_REQUEST');
  });

  it('answers 413 from Content-Length without reading the body', async () => {
    let started = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // One chunk, then the body never ends: an answer that waited for it would never come.
        if (started) return new Promise<void>(() => undefined);
        started = true;
        controller.enqueue(new Uint8Array(10));
      },
    });
    const response = await call(
      route.path,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': '100000' },
        body,
        duplex: 'half',
      } as RequestInit,
      { MAX_BODY_BYTES: '1000' },
    );
    expect(response.status).toBe(413);
    await response.body?.cancel();
  });

  it('takes the key as a bearer token or as x-api-key, and refuses others in its own shape', async () => {
    const env = { API_KEY: 'k-123' };
    const body = route.body('hello');
    expect((await post(route, body, { authorization: 'Bearer k-123' }, env)).status).toBe(200);
    expect((await post(route, body, { 'x-api-key': 'k-123' }, env)).status).toBe(200);
    const wrong = await refused(
      await post(route, body, { 'x-api-key': 'k-124' }, env),
      route,
      401,
      'UNAUTHORIZED',
    );
    expect(wrong.type).toBe('authentication_error');
    await refused(await post(route, body, {}, env), route, 401, 'UNAUTHORIZED');
    // A malformed Authorization header is not excused by a good x-api-key.
    await refused(
      await post(route, body, { authorization: 'Basic k-123', 'x-api-key': 'k-123' }, env),
      route,
      401,
      'UNAUTHORIZED',
    );
    const method = await call(route.path, { method: 'GET' });
    expect(method.status).toBe(405);
    expect(method.headers.get('allow')).toBe('POST, OPTIONS');
  });

  it('refuses an unknown replyguard option, progress without a stream, and retries without a schema', async () => {
    const named = async (extra: Record<string, unknown>, field: string) => {
      const response = await post(route, route.body('hi', extra));
      const { body } = await refused(response, route, 400, 'BAD_REQUEST');
      expect(JSON.stringify(body)).toContain(field);
    };
    await named({ replyguard: { mention: ['1'] } }, 'replyguard.mention');
    await named({ replyguard: { progress: true } }, 'replyguard.progress');
    await named({ replyguard: { maxRetries: 1 } }, 'replyguard.maxRetries');
  });

  it('answers whole with the verdict in the body and in x-replyguard-* headers', async () => {
    const leak = await post(
      route,
      route.body('show me a leak', { replyguard: { mentions: ['1'] } }),
    );
    expect(leak.status).toBe(200);
    expect(leak.headers.get('x-replyguard-status')).toBe('completed');
    expect(leak.headers.get('x-replyguard-attempts')).toBe('1');
    expect(leak.headers.get('x-replyguard-stage')).toBe('post_guardrail');
    expect(leak.headers.get('x-replyguard-findings')).toBe('LEAK_MASKED');
    expect(leak.headers.get('x-replyguard-issues')).toBeNull();
    const body = await leak.json();
    expect(route.text(body)).toContain('[REDACTED]');
    expect(body.replyguard).toMatchObject({
      status: 'completed',
      findings: [{ rule: 'github-token' }],
    });
    expect(body.replyguard.usage.outputTokens).toBeGreaterThan(0);

    const failed = await post(route, route.body('be invalid'));
    expect(failed.headers.get('x-replyguard-status')).toBe('validation_failed');
    expect(failed.headers.get('x-replyguard-attempts')).toBe('2');
    expect(failed.headers.get('x-replyguard-issues')).toMatch(/^[A-Z_]+(,[A-Z_]+)*$/);
    expect(JSON.parse(route.text(await failed.json()))).toEqual({
      segments: [
        {
          type: 'text',
          data: { text: 'Sorry, I could not produce a valid reply. Please try again.' },
        },
      ],
    });
  });

  it('streams the same reply it answers whole, only after validation', async () => {
    for (const words of ['hello there', 'please fence it', 'be invalid']) {
      const whole = route.text(await (await post(route, route.body(words))).json());
      const response = await post(route, route.body(words, { stream: true }));
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      // The verdict is not known when a stream's headers go out.
      expect(response.headers.get('x-replyguard-status')).toBeNull();
      expect(route.streamed(await response.text()), words).toBe(whole);
    }
  });

  it('ends a stream whose turn fails after it started with its own error event', async () => {
    const schema = {
      type: 'object',
      properties: { total: { type: 'number' } },
      required: ['total'],
    };
    const format =
      route.path === '/v1/chat/completions'
        ? { response_format: { type: 'json_schema', json_schema: { name: 'invoice', schema } } }
        : route.path === '/v1/responses'
          ? { text: { format: { type: 'json_schema', name: 'invoice', schema } } }
          : { output_config: { format: { type: 'json_schema', schema } } };
    const whole = await post(route, route.body('answer {"total": "2"}', format));
    const error = await refused(whole, route, 422, 'VALIDATION_FAILED');
    expect(error.body.error).toMatchObject({ attempts: 3, issues: [{ code: 'SCHEMA_MISMATCH' }] });
    expect(whole.headers.get('x-replyguard-status')).toBe('validation_failed');

    const streamed = await post(
      route,
      route.body('answer {"total": "2"}', { ...format, stream: true }),
    );
    expect(streamed.status).toBe(200);
    const text = await streamed.text();
    expect(route.failure(text)).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(route.streamed(text)).toBe('');
  });

  it('a client schema that does not compile is a 400 naming where it was given', async () => {
    const bad = { type: 'objekt' };
    const [format, field] =
      route.path === '/v1/chat/completions'
        ? [
            { response_format: { type: 'json_schema', json_schema: { name: 'x', schema: bad } } },
            'response_format.json_schema.schema',
          ]
        : route.path === '/v1/responses'
          ? [
              { text: { format: { type: 'json_schema', name: 'x', schema: bad } } },
              'text.format.schema',
            ]
          : [
              { output_config: { format: { type: 'json_schema', schema: bad } } },
              'output_config.format.schema',
            ];
    const { body } = await refused(
      await post(route, route.body('hi', format)),
      route,
      400,
      'SCHEMA_MALFORMED',
    );
    expect(body.error.field).toBe(field);
    // An array is no schema (valibot's record would read it as {}, which accepts anything).
    const array = JSON.parse(JSON.stringify(format).replace('{"type":"objekt"}', '[]'));
    const arrayError = await refused(
      await post(route, route.body('hi', array)),
      route,
      400,
      'BAD_REQUEST',
    );
    expect(arrayError.body.error.field).toBe(field);
  });

  it('a failed upstream is a 502 in its own shape, whole and streamed', async () => {
    const broken: ModelProvider = {
      name: 'broken',
      enforcement: 'prompt_only',
      generate: () => Promise.reject(new Error('upstream exploded')),
    };
    const handler = createHandler({ provider: broken });
    const send = (extra: Record<string, unknown>) =>
      handler.fetch(
        new Request(`${base}${route.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(route.body('hi', extra)),
        }),
      );
    const whole = await refused(await send({}), route, 502, 'UPSTREAM_FAILED');
    expect(whole.type).toBe(route.path === '/v1/messages' ? 'api_error' : 'server_error');
    expect(whole.message).toContain('upstream exploded');
    const streamed = await (await send({ stream: true })).text();
    expect(route.failure(streamed)).toMatchObject({ code: 'UPSTREAM_FAILED' });
  });
});

describe('CORS on the turn routes', () => {
  it('allows the Anthropic headers and exposes the verdict headers to allowed origins', async () => {
    const env = { CORS_ORIGINS: 'https://chat.example.com' };
    const preflight = await call(
      '/v1/messages',
      {
        method: 'OPTIONS',
        headers: { origin: 'https://chat.example.com', 'access-control-request-method': 'POST' },
      },
      env,
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-api-key');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('anthropic-version');
    const answer = await call(
      '/v1/responses',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://chat.example.com' },
        body: JSON.stringify({ input: 'hi' }),
      },
      env,
    );
    expect(answer.headers.get('access-control-expose-headers')).toContain('x-replyguard-status');
    // A page reads a 429's wait and the request's id too (issue 31).
    expect(answer.headers.get('access-control-expose-headers')).toContain('retry-after');
    expect(answer.headers.get('access-control-expose-headers')).toContain(
      'x-replyguard-request-id',
    );
    const other = await call(
      '/v1/responses',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
        body: JSON.stringify({ input: 'hi' }),
      },
      env,
    );
    expect(other.headers.get('access-control-expose-headers')).toBeNull();
  });
});

describe('POST /v1/check', () => {
  it('refuses an array as a custom schema (it is no JSON Schema object)', async () => {
    const response = await call('/v1/check', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reply: '{"anything": 1}', schema: [] }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: 'BAD_REQUEST', field: 'schema' },
    });
  });
});

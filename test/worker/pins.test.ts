import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verdictHeaders } from '../../src/worker/http/verdictHeaders';
import { type HandlerConfig, createHandler } from '../../src/worker/index';
import { scriptedUpstream, toolCallFrames } from '../exits/scriptedUpstream';
import { sseEvents } from './sseEvents';
import { WIRES, WIRE_PATH, wireBody } from './wireCalls';

// Issue 26, "Guards nothing pins yet": each of these guards let every test pass when broken by a
// one-line edit. Each test here fails when its guard is broken (checked by breaking each).
const base = 'http://127.0.0.1:8787';
const call = (path: string, init: RequestInit = {}, env: HandlerConfig = {}) =>
  createHandler().fetch(new Request(`${base}${path}`, init), env);
const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

describe('CORS', () => {
  const origin = 'https://app.example';
  const env = { CORS_ORIGINS: origin };

  it('answers an allowed origin with Vary: Origin (a cache must not serve it to another)', async () => {
    const answer = await call('/healthz', { headers: { origin } }, env);
    expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
    expect(answer.headers.get('vary')?.toLowerCase()).toBe('origin');
    const preflight = await call('/v1/check', { method: 'OPTIONS', headers: { origin } }, env);
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('vary')?.toLowerCase()).toBe('origin');
  });

  it('puts its headers on a 401, so a browser can read why', async () => {
    for (const path of ['/v1/check', ...WIRES.map((wire) => WIRE_PATH[wire])]) {
      const answer = await call(path, json({}, { origin }), { ...env, API_KEY: 'the-key-12345' });
      expect(answer.status, path).toBe(401);
      expect(answer.headers.get('access-control-allow-origin'), path).toBe(origin);
      expect(answer.headers.get('access-control-expose-headers'), path).toContain(
        'x-replyguard-status',
      );
    }
  });

  it('trims the entries of CORS_ORIGINS', async () => {
    const spaced = { CORS_ORIGINS: ' https://one.example ,  https://two.example  ' };
    for (const allowed of ['https://one.example', 'https://two.example']) {
      const answer = await call('/healthz', { headers: { origin: allowed } }, spaced);
      expect(answer.headers.get('access-control-allow-origin'), allowed).toBe(allowed);
    }
  });
});

describe('request bodies', () => {
  const DEFAULT_LIMIT = 256 * 1024;
  const padded = (text: string, size: number) => text + ' '.repeat(size - text.length);

  it('the default limit is 256 KiB: exactly that is read, one byte more is 413', async () => {
    const routes: [string, string, string][] = [
      ['/v1/check', 'text/plain', '{"segments":[]}'],
      [WIRE_PATH.chat, 'application/json', JSON.stringify(wireBody('chat', 'hi', false))],
      [WIRE_PATH.responses, 'application/json', JSON.stringify(wireBody('responses', 'hi', false))],
      [WIRE_PATH.messages, 'application/json', JSON.stringify(wireBody('messages', 'hi', false))],
    ];
    for (const [path, type, body] of routes) {
      for (const [size, status] of [
        [DEFAULT_LIMIT, 200],
        [DEFAULT_LIMIT + 1, 413],
      ] as const) {
        const answer = await call(path, {
          method: 'POST',
          headers: { 'content-type': type },
          body: padded(body, size),
        });
        expect(answer.status, `${path} ${size}`).toBe(status);
        await answer.body?.cancel();
      }
    }
  });

  it('a body that is not UTF-8 is a 400, never read with U+FFFD', async () => {
    // "text" holds the byte 0xFF: a lenient decoder would read it as U+FFFD and go on.
    const bytes = (text: string) => {
      const [head, tail] = text.split('@');
      return new Uint8Array([
        ...new TextEncoder().encode(head),
        0xff,
        ...new TextEncoder().encode(tail),
      ]);
    };
    const routes: [string, string, string][] = [
      ['/v1/check', 'text/plain', '{"segments":[{"type":"text","data":{"text":"a@b"}}]}'],
      ['/v1/check', 'application/json', '{"reply":"a@b"}'],
      [WIRE_PATH.chat, 'application/json', '{"messages":[{"role":"user","content":"a@b"}]}'],
      [WIRE_PATH.responses, 'application/json', '{"input":"a@b"}'],
      [
        WIRE_PATH.messages,
        'application/json',
        '{"model":"m","max_tokens":9,"messages":[{"role":"user","content":"a@b"}]}',
      ],
    ];
    for (const [path, type, text] of routes) {
      const answer = await call(path, {
        method: 'POST',
        headers: { 'content-type': type },
        body: bytes(text),
      });
      expect(answer.status, `${path} ${type}`).toBe(400);
      const body = await answer.text();
      expect(body, path).toContain('not valid UTF-8');
      expect(body).not.toContain('\ufffd');
    }
  });

  it('media types are compared without regard to case', async () => {
    const check = await call('/v1/check', {
      method: 'POST',
      headers: { 'content-type': 'TEXT/Plain; charset=UTF-8' },
      body: '{"segments":[]}',
    });
    expect(check.status).toBe(200);
    for (const wire of WIRES) {
      const answer = await call(WIRE_PATH[wire], {
        method: 'POST',
        headers: { 'content-type': 'Application/JSON; Charset=utf-8' },
        body: JSON.stringify(wireBody(wire, 'hi', false)),
      });
      expect(answer.status, wire).toBe(200);
    }
  });
});

describe('what each wire refuses', () => {
  const tool = { type: 'function', name: 'search', parameters: { type: 'object' } };
  const refused = async (path: string, body: unknown, field: string) => {
    const answer = await call(path, json(body));
    expect(answer.status, JSON.stringify(body)).toBe(400);
    expect(JSON.parse(await answer.text()).error).toMatchObject({
      param: field,
      code: 'BAD_REQUEST',
    });
  };

  it('Responses: an object tool_choice (a forced tool)', async () => {
    await refused(
      WIRE_PATH.responses,
      { input: 'hi', tools: [tool], tool_choice: { type: 'function', name: 'search' } },
      'tool_choice',
    );
    await refused(
      WIRE_PATH.responses,
      {
        input: 'hi',
        tools: [tool],
        tool_choice: { type: 'allowed_tools', mode: 'auto', tools: [] },
      },
      'tool_choice',
    );
  });

  it('Responses: a conversation (state kept upstream)', async () => {
    await refused(WIRE_PATH.responses, { input: 'hi', conversation: 'conv_123' }, 'conversation');
    await refused(
      WIRE_PATH.responses,
      { input: 'hi', conversation: { id: 'conv_1' } },
      'conversation',
    );
  });

  it('Messages: tool_choice {type: "tool"} (a forced tool)', async () => {
    const answer = await call(
      WIRE_PATH.messages,
      json({
        model: 'm',
        max_tokens: 9,
        messages: [{ role: 'user', content: 'hi' }],
        tools: [{ name: 'search', input_schema: { type: 'object' } }],
        tool_choice: { type: 'tool', name: 'search' },
      }),
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(await answer.text())).toMatchObject({
      type: 'error',
      error: { type: 'invalid_request_error', field: 'tool_choice' },
    });
  });
});

describe('verdict headers', () => {
  it('list each code once', () => {
    const issue = (code: string) => ({ code: code as never, path: '', message: '' });
    const headers = verdictHeaders({
      status: 'validation_failed',
      issues: [
        issue('UNKNOWN_FIELD'),
        issue('UNKNOWN_FIELD'),
        issue('WRONG_TYPE'),
        issue('UNKNOWN_FIELD'),
      ],
      findings: [
        { code: 'LEAK_MASKED', rule: 'a', path: '' },
        { code: 'LEAK_MASKED', rule: 'b', path: '' },
      ],
      meta: {
        attempts: 2,
        stage: 'correction',
        enforcement: 'prompt_only',
        schemaName: 's',
        durationMs: 1,
      },
    });
    expect(headers['x-replyguard-issues']).toBe('UNKNOWN_FIELD,WRONG_TYPE');
    expect(headers['x-replyguard-findings']).toBe('LEAK_MASKED');
  });
});

describe('Messages events', () => {
  let upstream: Awaited<ReturnType<typeof scriptedUpstream>>;
  beforeAll(async () => {
    upstream = await scriptedUpstream(() => ({
      kind: 'sse',
      frames: toolCallFrames(
        ['a', 'b', 'c'].map((name, index) => ({
          id: `call_${index}`,
          name: 'search',
          arguments: JSON.stringify({ q: name }),
        })),
      ),
    }));
  });
  afterAll(async () => {
    await upstream?.close();
  });

  it('stop each block they started, by its own index, once', async () => {
    const env = { UPSTREAM_KIND: 'openai', UPSTREAM_BASE_URL: `${upstream.baseUrl}/v1` };
    const bodies = [
      wireBody('messages', 'case:0', true, { tools: true }),
      wireBody('messages', 'hi', true),
    ];
    for (const [index, body] of bodies.entries()) {
      const answer = await call(WIRE_PATH.messages, json(body), index === 0 ? env : {});
      const events = sseEvents(await answer.text());
      const open = new Set<number>();
      const stopped: number[] = [];
      for (const { event, data } of events) {
        if (event === 'content_block_start') open.add(data.index);
        if (event === 'content_block_delta') expect(open.has(data.index)).toBe(true);
        if (event === 'content_block_stop') {
          expect(open.has(data.index), `stop ${data.index}`).toBe(true);
          open.delete(data.index);
          stopped.push(data.index);
        }
      }
      expect(open.size).toBe(0);
      expect(stopped).toEqual(index === 0 ? [0, 1, 2] : [0]);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { createHandler } from '../../src/worker/index';
import { random } from '../leaks/ruleSamples';
import { sseFrames } from './sseFrames';

// The Worker uses the core: member names, numbers holding host literals, mention targets and
// hidden characters are handled the same on /v1/check and the chat route, whole and streamed.
const base = 'http://127.0.0.1:8787';
const token = `ghp_${random(36)}`;
const request = (path: string, body: unknown) =>
  createHandler().fetch(
    new Request(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
const chat = (answer: string, extra: object = {}) => ({
  model: 'scripted',
  messages: [{ role: 'user', content: `answer ${answer}` }],
  response_format: {
    type: 'json_schema',
    json_schema: { name: 'reply', schema: { type: 'object' } },
  },
  ...extra,
});

describe('POST /v1/check', () => {
  it('masks a secret written as a member name of a custom reply', async () => {
    const response = await request('/v1/check', {
      reply: JSON.stringify({ answer: 'ok', [token]: true }),
      schema: { type: 'object' },
    });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).not.toContain(token);
    expect(JSON.parse(body)).toMatchObject({
      status: 'completed',
      value: { answer: 'ok', '[REDACTED]': true },
      findings: [{ code: 'LEAK_MASKED', rule: 'github-token', memberName: true }],
      meta: { stage: 'post_guardrail' },
    });
  });

  it('refuses a reply whose masked name meets another (422), with no secret in the answer', async () => {
    const response = await request('/v1/check', {
      reply: JSON.stringify({ '[REDACTED]': 1, [token]: 2 }),
      schema: { type: 'object' },
    });
    expect(response.status).toBe(422);
    const body = await response.text();
    expect(body).not.toContain(token);
    expect(JSON.parse(body)).toMatchObject({ issues: [{ code: 'MASKED_NAME_COLLISION' }] });
  });

  it('masks a host literal written as a number, and a key cut across a mention', async () => {
    const numbers = await request('/v1/check', {
      reply: JSON.stringify({ pin: 834291 }),
      schema: { type: 'object' },
      leaks: { literals: ['834291'] },
    });
    expect(await numbers.json()).toMatchObject({ value: { pin: '[REDACTED]' } });
    const key = 'AKIAIOSFODNN7QWERTYZ';
    const mention = await request('/v1/check', {
      reply: JSON.stringify({
        segments: [
          { type: 'mention', data: { target: key.slice(0, 8) } },
          { type: 'text', data: { text: `${key.slice(8)} is it` } },
        ],
      }),
    });
    const body = await mention.text();
    expect(body).not.toContain(key.slice(0, 8));
    expect(body).not.toContain(key.slice(8));
  });

  it('delivers no bidirectional control', async () => {
    const response = await request('/v1/check', {
      reply: JSON.stringify({ segments: [{ type: 'text', data: { text: 'a\u202eb\u2066c' } }] }),
    });
    expect(await response.json()).toMatchObject({
      status: 'completed',
      value: { segments: [{ type: 'text', data: { text: 'abc' } }] },
      findings: [{ code: 'HIDDEN_CHARACTERS_REMOVED', rule: 'bidi-control' }],
    });
  });
});

describe('POST /v1/chat/completions with a client json_schema', () => {
  it('masks a member name, whole and streamed', async () => {
    const answer = JSON.stringify({ answer: 'ok', [token]: 1 });
    const whole = await request('/v1/chat/completions', chat(answer));
    expect(whole.status).toBe(200);
    const text = await whole.text();
    expect(text).not.toContain(token);
    const completion = JSON.parse(text) as { choices: { message: { content: string } }[] };
    expect(JSON.parse(completion.choices[0]!.message.content)).toEqual({
      answer: 'ok',
      '[REDACTED]': 1,
    });
    const streamed = await (
      await request('/v1/chat/completions', chat(answer, { stream: true }))
    ).text();
    expect(streamed).not.toContain(token);
    expect(sseFrames(streamed).content).toBe(completion.choices[0]!.message.content);
  });

  it('return_invalid hands the last value back with its names masked', async () => {
    const body = await request(
      '/v1/chat/completions',
      chat(JSON.stringify({ [token]: 1 }), {
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'reply', schema: { type: 'object', required: ['answer'] } },
        },
        replyguard: { onExhausted: 'return_invalid', maxRetries: 0 },
      }),
    );
    const text = await body.text();
    expect(text).not.toContain(token);
    expect(JSON.parse(text)).toMatchObject({
      replyguard: { status: 'validation_failed', valid: false },
    });
  });
});

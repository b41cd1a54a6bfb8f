import { describe, expect, it } from 'vitest';
import { checkReply, enforceReply, scanLeaks } from '../../src/index';
import { checkCustomReply } from '../../src/reply/checkCustomReply';
import { streamReply } from '../../src/reply/streamReply';
import type { ReplyEvent } from '../../src/reply/replyEvent';
import { prepareSchema } from '../../src/schema/customSchema';
import { random } from '../leaks/ruleSamples';
import { scripted, streaming } from './scriptedProvider';

// Places of a reply a reader sees that were never scanned: member names of custom-schema
// replies, host literals written as numbers, and mention targets beside the text around them.
const token = `ghp_${random(36)}`;
const user = [{ role: 'user' as const, content: 'hi' }];
const anyObject = { type: 'object' };
const prepared = async (schema: object) => {
  const result = await prepareSchema(schema);
  if (!result.ok) throw new Error('schema');
  return result.schema;
};

describe('member names of custom-schema replies are scanned and masked', () => {
  it('checkCustomReply masks a secret written as a name, and validates again', async () => {
    const verdict = await checkCustomReply(
      JSON.stringify({ answer: 'ok', [token]: true }),
      await prepared(anyObject),
    );
    expect(verdict).toMatchObject({ ok: true, masked: true });
    expect(verdict.value).toEqual({ answer: 'ok', '[REDACTED]': true });
    expect(verdict.findings).toEqual([
      {
        code: 'LEAK_MASKED',
        rule: 'github-token',
        path: `/${token}`,
        start: 0,
        end: token.length,
        memberName: true,
      },
    ]);
  });

  it('a nested name, and a name holding a host literal', async () => {
    const verdict = await checkCustomReply(
      JSON.stringify({ items: [{ [`note ${token}`]: 1 }], 'Project Nightingale': 2 }),
      await prepared(anyObject),
      { leaks: { literals: ['Project Nightingale'] } },
    );
    expect(verdict.value).toEqual({ items: [{ 'note [REDACTED]': 1 }], '[REDACTED]': 2 });
  });

  it('the masked value is validated again: a schema that names its members refuses it', async () => {
    const verdict = await checkCustomReply(
      JSON.stringify({ [token]: true }),
      await prepared({ type: 'object', additionalProperties: false, properties: { [token]: {} } }),
    );
    expect(verdict).toMatchObject({ ok: false, masked: true });
    expect(JSON.stringify(verdict.value)).not.toContain(token);
  });

  it('a masked name that meets another name is an issue, never an overwrite', async () => {
    const verdict = await checkCustomReply(
      JSON.stringify({ '[REDACTED]': 'mine', [token]: 'secret' }),
      await prepared(anyObject),
    );
    expect(verdict).toMatchObject({
      ok: false,
      masked: true,
      issues: [{ code: 'MASKED_NAME_COLLISION', path: '' }],
    });
    expect(verdict.value).toBeUndefined();
  });

  it('enforceReply and streamReply, whole and streamed: the value, the result and every event carry no secret', async () => {
    for (const provider of [
      scripted([JSON.stringify({ answer: 'ok', [token]: 1 })]).provider,
      streaming([[`{"answer":"ok","${token.slice(0, 9)}`, `${token.slice(9)}":1}`]]).provider,
    ]) {
      const events: ReplyEvent[] = [];
      for await (const event of streamReply({ provider, messages: user, schema: anyObject }))
        events.push(event);
      const final = events.at(-1)!;
      expect(final).toMatchObject({
        type: 'final',
        result: { status: 'completed', value: { answer: 'ok', '[REDACTED]': 1 } },
      });
      expect(JSON.stringify(events)).not.toContain(token);
    }
  });

  it("return_invalid's invalidValue has its names masked, and no value when names collided", async () => {
    const schema = { type: 'object', required: ['answer'] };
    const masked = await enforceReply({
      provider: scripted([JSON.stringify({ [token]: 1 })]).provider,
      messages: user,
      schema,
      maxRetries: 0,
      onExhausted: 'return_invalid',
    });
    expect(masked).toMatchObject({
      status: 'validation_failed',
      invalidValue: { '[REDACTED]': 1 },
    });
    expect(JSON.stringify(masked)).not.toContain(token);
    const collided = await enforceReply({
      provider: scripted([JSON.stringify({ '[REDACTED]': 0, [token]: 1 })]).provider,
      messages: user,
      schema,
      maxRetries: 0,
      onExhausted: 'return_invalid',
    });
    expect(collided.status).toBe('validation_failed');
    expect(collided.issues.map((issue) => issue.code)).toContain('MASKED_NAME_COLLISION');
    expect('invalidValue' in collided).toBe(false);
    expect(JSON.stringify(collided)).not.toContain(token);
  });
});

describe('host literals written as numbers', () => {
  const literals = ['4111111111111111', '834291'];

  it('a number whose text holds a literal becomes the mask: a string, validated again', async () => {
    const numeric = await checkCustomReply(
      JSON.stringify({ card: 4111111111111111, pin: 1834291, ok: 12 }),
      await prepared({ type: 'object', properties: { card: { type: 'number' } } }),
      { leaks: { literals } },
    );
    // The schema wants a number: the masked value no longer passes, and the turn ends there.
    expect(numeric).toMatchObject({
      ok: false,
      masked: true,
      value: { card: '[REDACTED]', pin: '[REDACTED]', ok: 12 },
      issues: [{ path: '/card' }],
    });
    expect(numeric.findings).toEqual([
      { code: 'LEAK_MASKED', rule: 'host-literal', path: '/card' },
      { code: 'LEAK_MASKED', rule: 'host-literal', path: '/pin' },
    ]);
    const loose = await checkCustomReply(
      JSON.stringify({ card: 4111111111111111 }),
      await prepared(anyObject),
      { leaks: { literals } },
    );
    expect(loose).toMatchObject({ ok: true, masked: true, value: { card: '[REDACTED]' } });
  });

  it('in the IM preset a face id may be a string: the masked reply is delivered, stage post_guardrail', async () => {
    const result = await checkReply(
      JSON.stringify({ segments: [{ type: 'face', data: { id: 834291 } }] }),
      { leaks: { literals } },
    );
    expect(result).toMatchObject({
      status: 'completed',
      value: { segments: [{ type: 'face', data: { id: '[REDACTED]' } }] },
      meta: { stage: 'post_guardrail' },
    });
  });

  it('numbers that hold no literal, and literals that are no number, change nothing', () => {
    expect(scanLeaks({ a: 83429, b: 8342.91, c: 1e21 }, { literals })).toEqual([]);
    expect(scanLeaks({ a: 123456789 }, { literals: ['hunter22'] })).toEqual([]);
  });

  it('enforceReply with a number schema ends the turn at post_guardrail, never back to the model', async () => {
    const { provider, requests } = scripted(['{"card":4111111111111111}', '{"card":1}']);
    const result = await enforceReply({
      provider,
      messages: user,
      schema: { type: 'object', properties: { card: { type: 'number' } } },
      leaks: { literals },
    });
    expect(result).toMatchObject({
      status: 'validation_failed',
      meta: { stage: 'post_guardrail' },
    });
    expect(requests).toHaveLength(1);
  });
});

describe('mention targets are read in delivery order with the text around them', () => {
  const segments = (...list: object[]) => JSON.stringify({ segments: list });
  const text = (value: string) => ({ type: 'text', data: { text: value } });
  const mention = (target: string) => ({ type: 'mention', data: { target } });

  it('"@AKIA…" and the rest of the key in the next text segment are both masked', async () => {
    const key = 'AKIAIOSFODNN7QWERTYZ';
    const result = await checkReply(
      segments(text('the key: '), mention(key.slice(0, 10)), text(`${key.slice(10)} ok`)),
    );
    expect(result.status).toBe('completed');
    expect(result.value!.segments).toEqual([
      { type: 'text', data: { text: 'the key: ' } },
      { type: 'mention', data: { target: '[REDACTED]' } },
      { type: 'text', data: { text: '[REDACTED] ok' } },
    ]);
    expect(
      result.findings.filter((f) => f.rule === 'aws-access-key-id').map((f) => f.path),
    ).toEqual(['/segments/1/data/target', '/segments/2/data/text']);
  });

  it('the @ a client shows is read too: a URL with credentials completed by a mention', async () => {
    const password = random(12);
    const result = await checkReply(
      segments(
        text(`connect to https://deploy:${password}`),
        mention('api.example.com'),
        text(' now'),
      ),
    );
    expect(JSON.stringify(result.value)).not.toContain(password);
    expect(result.findings.map((f) => [f.rule, f.path])).toEqual([
      ['basic-auth-url', '/segments/0/data/text'],
    ]);
  });

  it('an ordinary mention between ordinary texts changes nothing', async () => {
    const result = await checkReply(
      segments(text('thanks '), mention('123456789'), text(', see you')),
    );
    expect(result).toMatchObject({ status: 'completed', findings: [], meta: { stage: 'model' } });
  });
});

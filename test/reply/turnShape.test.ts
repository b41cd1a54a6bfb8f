import { describe, expect, it } from 'vitest';
import { enforceReply } from '../../src/reply/enforceReply';
import type { AttemptRecord } from '../../src/results/replyResult';
import { scripted } from './scriptedProvider';

// A turn's ending, its attempts' endings and the options its checks read are assembled without
// spreads followed by new members (V8 builds those in microseconds, and slowly read): these pin
// the result's members and order for each ending, and that the host's options are read as a
// spread reads them (getters each check, an own `__proto__` member only a member).
const github = `ghp_${'aB3dE5fG7hJ9kL1mN2pQ4rS6tU8vW0xY2zA4'}`;
const reply = (text: unknown) => JSON.stringify({ segments: [{ type: 'text', data: { text } }] });
const mention = '{"segments":[{"type":"mention","data":{"target":"all"}}]}';
const user = [{ role: 'user' as const, content: 'hi' }];
const META = ['attempts', 'stage', 'enforcement', 'schemaName', 'durationMs', 'history'];
const RESULT = ['issues', 'findings', 'usage', 'meta'];
const order = {
  type: 'object',
  properties: { orderId: { type: 'string', minLength: 30 }, total: { type: 'number' } },
  required: ['orderId', 'total'],
  additionalProperties: false,
};

describe('turn result members, in order', () => {
  it('completed and refused turns; the attempt records', async () => {
    const records: AttemptRecord[] = [];
    const { provider } = scripted([reply(1), reply('hi')]);
    const completed = await enforceReply({
      provider,
      messages: user,
      onAttempt: (record) => records.push(record),
    });
    expect(Object.keys(completed)).toEqual(['status', 'value', ...RESULT]);
    expect(Object.keys(completed.meta)).toEqual(META);
    expect(completed.meta).toMatchObject({ attempts: 2, stage: 'correction' });
    // (`history` holds the same record objects: their members are pinned here.)
    expect(records.map((record) => Object.keys(record))).toEqual([
      ['attempt', 'stage', 'issues'],
      ['attempt', 'stage', 'issues'],
    ]);
    expect(records.map(({ attempt, stage }) => [attempt, stage])).toEqual([
      [1, 'model'],
      [2, 'correction'],
    ]);

    const refused = await enforceReply({
      provider: scripted([reply(1), reply(2)]).provider,
      messages: user,
    });
    expect(Object.keys(refused)).toEqual(['status', 'notice', ...RESULT]);
    expect(refused.meta).toMatchObject({ attempts: 2, stage: 'correction' });
  });

  it('an answer too long to correct, a refusal after the policies, an invalid value returned', async () => {
    const long = `{"segments":[{"type":"text","data":{"text":1}}],"pad":"${'x'.repeat(33_000)}"}`;
    const tooLong = await enforceReply({ provider: scripted([long]).provider, messages: user });
    expect(tooLong.issues.at(-1)!.code).toBe('REPLY_TOO_LONG_FOR_CORRECTION');
    expect(tooLong.meta).toMatchObject({ attempts: 1, stage: 'model' });

    const masked = await enforceReply({
      provider: scripted([`{"orderId":"${github}","total":3}`]).provider,
      messages: user,
      schema: order,
    });
    expect(masked.status).toBe('validation_failed');
    expect(masked.meta).toMatchObject({ attempts: 1, stage: 'post_guardrail' });

    const invalid = await enforceReply({
      provider: scripted(['{"orderId":1,"total":3}', '{"orderId":2}']).provider,
      messages: user,
      schema: order,
      maxRetries: 1,
      onExhausted: 'return_invalid',
    });
    expect(Object.keys(invalid)).toEqual([
      'status',
      'invalidValue',
      'invalidValueAttempt',
      ...RESULT,
    ]);
    expect(invalid).toMatchObject({ invalidValue: { orderId: 2 }, invalidValueAttempt: 2 });
  });

  it("the host's options: getters read for every check, an own __proto__ member is data", async () => {
    let reads = 0;
    const options = { provider: scripted([reply(1), mention]).provider, messages: user };
    Object.defineProperty(options, 'mentions', {
      enumerable: true,
      get: () => (reads++, { allowed: [] }),
    });
    const refused = await enforceReply(options);
    expect(refused.issues.map((issue) => issue.code)).toContain('MENTION_NOT_ALLOWED');
    expect(reads).toBeGreaterThanOrEqual(2);

    // JSON.parse makes `__proto__` an own member: copied as data, never the copy's prototype.
    const hostile = Object.assign(JSON.parse('{"__proto__":{"leaks":false}}') as object, {
      provider: scripted([reply(`key ${github}`)]).provider,
      messages: user,
    });
    const masked = await enforceReply(hostile);
    expect(masked.findings.map((finding) => finding.code)).toEqual(['LEAK_MASKED']);
  });
});

import { describe, expect, it } from 'vitest';
import { checkReply } from '../../src/reply/checkReply';
import { finalizeReply } from '../../src/reply/finalizeReply';

// checkReply and finalizeWith write their results member by member (no spreads, which cost V8
// microseconds a call): these pin the members, their order and what each ending carries.
const github = `ghp_${'aB3dE5fG7hJ9kL1mN2pQ4rS6tU8vW0xY2zA4'}`;
const reply = (text: unknown) => JSON.stringify({ segments: [{ type: 'text', data: { text } }] });
const META = ['attempts', 'stage', 'enforcement', 'schemaName', 'durationMs'];
const RESULT = ['issues', 'findings', 'usage', 'meta'];

describe('result members, in order', () => {
  it('checkReply: completed, refused, masked; the options recorded, the stage per ending', async () => {
    const options = {
      attempts: 2,
      stage: 'correction' as const,
      enforcement: 'forced_tool' as const,
    };
    const completed = await checkReply(reply('hi'), options);
    expect(Object.keys(completed)).toEqual(['status', 'value', ...RESULT]);
    expect(Object.keys(completed.meta)).toEqual(META);
    expect(completed.meta).toMatchObject({ ...options, schemaName: 'segment_reply' });

    const refused = await checkReply(reply(1), { ...options, failureNotice: 'later' });
    expect(Object.keys(refused)).toEqual(['status', 'notice', ...RESULT]);
    expect(refused).toMatchObject({ status: 'validation_failed', meta: { stage: 'correction' } });
    expect(refused.notice?.segments).toEqual([{ type: 'text', data: { text: 'later' } }]);

    const masked = await checkReply(reply(`key ${github}`), options);
    expect(Object.keys(masked)).toEqual(['status', 'value', ...RESULT]);
    expect(masked.meta.stage).toBe('post_guardrail');
    expect(masked.findings).toHaveLength(1);

    const plain = await checkReply('plain', { schema: false, stage: 'correction' });
    expect(plain.meta).toMatchObject({ stage: 'correction', schemaName: 'text' });
  });

  it('checkReply: limits apply when given, the defaults when not', async () => {
    const many = JSON.stringify({
      segments: Array.from({ length: 5 }, () => ({ type: 'text', data: { text: 1 } })),
    });
    expect((await checkReply(many)).issues).toHaveLength(5);
    const bounded = await checkReply(many, { limits: { maxIssues: 2 } });
    expect(bounded.issues.map((issue) => issue.code)).toEqual([
      'WRONG_TYPE',
      'WRONG_TYPE',
      'TOO_MANY_ISSUES',
    ]);
  });

  it('finalizeReply: interrupted, refused with an invalid value, meta with history and budget', () => {
    const end = {
      attempts: 1,
      stage: 'model' as const,
      enforcement: 'prompt_only' as const,
      schemaName: 's',
      startedAt: performance.now(),
      history: [],
      toolBudgetExhausted: true,
    };
    const toolCalls = [{ id: 'c1', name: 'weather', arguments: '{}' }];
    const interrupted = finalizeReply({ ...end, status: 'interrupted', toolCalls });
    expect(Object.keys(interrupted)).toEqual(['status', 'toolCalls', ...RESULT]);
    expect(Object.keys(interrupted.meta)).toEqual([...META, 'history', 'toolBudgetExhausted']);
    const invalidValue = { value: { a: 1 }, attempt: 2 };
    const refused = finalizeReply({
      ...end,
      status: 'error',
      failureNoticeText: 'n',
      invalidValue,
    });
    expect(Object.keys(refused)).toEqual([
      'status',
      'notice',
      'invalidValue',
      'invalidValueAttempt',
      ...RESULT,
    ]);
    expect(refused).toMatchObject({ invalidValue: { a: 1 }, invalidValueAttempt: 2 });
    const bare = finalizeReply({
      ...end,
      history: undefined,
      toolBudgetExhausted: false,
      status: 'error',
    });
    expect(Object.keys(bare)).toEqual(['status', ...RESULT]);
    expect(Object.keys(bare.meta)).toEqual(META);
  });
});

import { describe, expect, it, vi } from 'vitest';
import type { ModelStreamEvent } from '../../src/providers/modelProvider';
import { enforceReply } from '../../src/reply/enforceReply';
import { failureNotice } from '../../src/reply/failureNotice';
import type { ReplyEvent } from '../../src/reply/replyEvent';
import { streamReply } from '../../src/reply/streamReply';
import { collectEvents } from '../providers/fakeUpstream';
import { chunks, scripted, streaming } from './scriptedProvider';

// How a turn ends when the model did not finish its answer: a refusal, a content filter, or the
// token limit. Decided: none of them is corrected (a format correction cannot undo a refusal and
// would be cut at the same limit); each ends the turn at once as validation_failed with its own
// code (REFUSED, TRUNCATED) and, for the IM preset and plain text, the failure notice.

const good = '{"segments":[{"type":"text","data":{"text":"Hello"}}]}';
const cut = good.slice(0, 30);
const user = [{ role: 'user' as const, content: 'hi' }];
const tools = [{ type: 'function', function: { name: 'weather', parameters: { type: 'object' } } }];
const finish = (
  reason: 'length' | 'refusal' | 'content_filter',
  raw: string,
): ModelStreamEvent => ({
  type: 'finish',
  reason,
  raw,
});

describe('an answer cut at the token limit', () => {
  it.each([
    [
      'streamed',
      () => streaming([[...chunks(cut, 4), finish('length', 'length')], chunks(good, 4)]),
    ],
    [
      'whole',
      () =>
        scripted([
          { text: cut, finishReason: 'length', rawFinishReason: 'max_tokens' },
          { text: good },
        ]),
    ],
  ] as const)(
    'IM preset (%s): TRUNCATED with the notice, and no correction is spent',
    async (_how, make) => {
      const { provider, requests } = make();
      const attempts: unknown[] = [];
      const result = await enforceReply({
        provider,
        messages: user,
        onAttempt: (record) => attempts.push(record),
      });
      expect(result).toMatchObject({
        status: 'validation_failed',
        issues: [
          { code: 'TRUNCATED', path: '', message: expect.stringMatching(/output token limit/) },
        ],
        notice: failureNotice(),
        meta: { attempts: 1, stage: 'model' },
      });
      expect(requests).toHaveLength(1);
      expect(attempts).toEqual([{ attempt: 1, stage: 'model', issues: result.issues }]);
    },
  );

  it('is TRUNCATED even when the cut text happens to be a valid reply', async () => {
    const { provider } = scripted([{ text: good, finishReason: 'length' }]);
    expect(await enforceReply({ provider, messages: user })).toMatchObject({
      status: 'validation_failed',
      issues: [{ code: 'TRUNCATED' }],
    });
  });

  it('plain-text mode: TRUNCATED with the notice, never completed', async () => {
    const { provider } = streaming([['The three moons are Io, ', finish('length', 'length')]]);
    const result = await enforceReply({ provider, messages: user, schema: false });
    expect(result).toMatchObject({
      status: 'validation_failed',
      issues: [{ code: 'TRUNCATED' }],
      notice: failureNotice(),
    });
    expect(result.value).toBeUndefined();
  });

  it('custom schema: TRUNCATED, no retry spent, no invalid value from the cut answer', async () => {
    const schema = { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] };
    const { provider, requests } = scripted([
      { text: '{"n":', finishReason: 'length' },
      { text: '{"n":1}' },
    ]);
    const result = await enforceReply({
      provider,
      messages: user,
      schema,
      maxRetries: 3,
      onExhausted: 'return_invalid',
    });
    expect(result).toMatchObject({ status: 'validation_failed', issues: [{ code: 'TRUNCATED' }] });
    expect(result.notice).toBeUndefined();
    expect('invalidValue' in result).toBe(false);
    expect(requests).toHaveLength(1);
  });

  it('a cut correction ends the turn at the correction stage', async () => {
    const { provider, requests } = streaming([
      ['```json\n', good],
      [...chunks(cut, 5), finish('length', 'length')],
    ]);
    const result = await enforceReply({ provider, messages: user });
    expect(result).toMatchObject({
      status: 'validation_failed',
      issues: [{ code: 'TRUNCATED' }],
      meta: { attempts: 2, stage: 'correction' },
    });
    expect(requests).toHaveLength(2);
  });

  it('never runs the tool calls of a cut answer (their arguments may be cut)', async () => {
    const runTool = vi.fn(() => 'sunny');
    const { provider, requests } = streaming([
      [
        { type: 'tool_call', call: { id: 'c1', name: 'weather', arguments: '{"city":"Par' } },
        finish('length', 'max_tokens'),
      ],
    ]);
    const result = await enforceReply({ provider, messages: user, tools, runTool });
    expect(result).toMatchObject({ status: 'validation_failed', issues: [{ code: 'TRUNCATED' }] });
    expect(runTool).not.toHaveBeenCalled();
    expect(requests).toHaveLength(1);
  });
});

describe('a refusal', () => {
  const refusal = 'I’m sorry, I can’t help with that request.';

  it('streamed refusal text is REFUSED, quoted short, never a delta and never reply text', async () => {
    const { provider, requests } = streaming([
      [
        { type: 'refusal', text: refusal.slice(0, 12) },
        { type: 'refusal', text: refusal.slice(12) },
        finish('refusal', 'stop'),
      ],
    ]);
    const events: ReplyEvent[] = await collectEvents(
      streamReply({ provider, messages: user, streamDeltas: true }),
    );
    expect(events.filter((event) => event.type === 'delta')).toEqual([]);
    const final = events.at(-1);
    expect(final).toMatchObject({
      type: 'final',
      result: {
        status: 'validation_failed',
        issues: [{ code: 'REFUSED', message: expect.stringContaining('I’m sorry') }],
        notice: failureNotice(),
      },
    });
    expect(requests).toHaveLength(1);
  });

  it('a whole answer with refusal text is REFUSED even with no finish reason', async () => {
    const { provider } = scripted([{ refusal }]);
    expect(await enforceReply({ provider, messages: user })).toMatchObject({
      status: 'validation_failed',
      issues: [{ code: 'REFUSED' }],
      meta: { attempts: 1 },
    });
  });

  it('a refusal finish with no text (Anthropic stop_reason refusal) is REFUSED, naming the reason', async () => {
    const { provider } = streaming([['{"segments":[', finish('refusal', 'refusal')]]);
    expect(await enforceReply({ provider, messages: user })).toMatchObject({
      status: 'validation_failed',
      issues: [{ code: 'REFUSED', message: 'the model refused to answer (refusal)' }],
    });
  });

  it('a content filter is REFUSED, naming the filter', async () => {
    const { provider } = scripted([{ finishReason: 'content_filter', rawFinishReason: 'SAFETY' }]);
    expect(await enforceReply({ provider, messages: user })).toMatchObject({
      status: 'validation_failed',
      issues: [
        { code: 'REFUSED', message: "the provider's content filter withheld the answer (SAFETY)" },
      ],
    });
  });

  it('a long refusal is quoted as a short excerpt', async () => {
    const { provider } = scripted([{ refusal: `No. ${'because '.repeat(100)}` }]);
    const result = await enforceReply({ provider, messages: user });
    expect(result.issues[0]!.message.length).toBeLessThan(140);
  });
});

it('a stop or other finish reason changes nothing: the answer is judged as usual', async () => {
  const { provider } = streaming([
    [...chunks(good, 9), { type: 'finish', reason: 'other', raw: 'MALFORMED_FUNCTION_CALL' }],
  ]);
  expect(await enforceReply({ provider, messages: user })).toMatchObject({ status: 'completed' });
});

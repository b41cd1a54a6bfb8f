import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { enforceReply } from '../../src/reply/enforceReply';
import type { ReplyEvent } from '../../src/reply/replyEvent';
import { streamReply } from '../../src/reply/streamReply';
import { chunks, streaming } from './scriptedProvider';

const user = [{ role: 'user' as const, content: 'hi' }];
const schema = {
  type: 'object',
  properties: {
    status: { enum: ['ok', 'failed'] },
    items: { type: 'array', items: { type: 'integer' } },
  },
  required: ['status'],
};
const long = `[${Array.from({ length: 400 }, (_, k) => k).join(',')}]`;

async function collect(events: AsyncIterable<ReplyEvent>): Promise<ReplyEvent[]> {
  const out: ReplyEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

describe('a custom schema is judged while it streams', () => {
  it.each([
    ['a JSON Schema', schema],
    [
      'a zod schema',
      z.object({ status: z.enum(['ok', 'failed']), items: z.array(z.int()).optional() }),
    ],
  ])('%s: the answer is cut at the broken member and corrected', async (_name, contract) => {
    const bad = `{"status": "okay", "items": ${long}}`;
    const good = `{"status": "ok", "items": ${long}}`;
    const { provider, sentBeforeAbort } = streaming([chunks(bad, 8), chunks(good, 8)]);
    const events = await collect(streamReply({ provider, messages: user, schema: contract }));
    const rejected = events.find((event) => event.type === 'rejected');
    expect(rejected).toMatchObject({
      attempt: 1,
      issue: { code: 'SCHEMA_MISMATCH', path: '/status' },
    });
    // Refused within the chunk that proved it: "okay" is no prefix of an allowed status.
    expect(rejected?.type === 'rejected' && rejected.offset).toBeLessThanOrEqual(
      bad.indexOf('okay') + 4 + 8,
    );
    expect(sentBeforeAbort[0]).toBeLessThan(5);
    const final = events[events.length - 1];
    expect(final?.type === 'final' && final.result.status).toBe('completed');
  });

  it('reads the last answer of a return_invalid turn whole, to hand its value back', async () => {
    const bad = `{"status": "okay", "items": [1, 2]}`;
    const { provider } = streaming([chunks(bad, 4), chunks(bad, 4)]);
    const result = await enforceReply({
      provider,
      messages: user,
      schema,
      maxRetries: 1,
      onExhausted: 'return_invalid',
    });
    expect(result).toMatchObject({
      status: 'validation_failed',
      invalidValue: { status: 'okay', items: [1, 2] },
      invalidValueAttempt: 2,
      meta: { history: [{ attempt: 1, rejectedAt: expect.any(Number) }, { attempt: 2 }] },
    });
    expect(result.meta.history?.[1]?.rejectedAt).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import type { ReplyEvent } from '../../src/reply/replyEvent';
import { streamReply } from '../../src/reply/streamReply';
import { chunks, streaming } from '../reply/scriptedProvider';

const user = [{ role: 'user' as const, content: 'hi' }];
const words = (count: number) => 'the answer keeps going '.repeat(count);

async function collect(events: AsyncIterable<ReplyEvent>): Promise<ReplyEvent[]> {
  const out: ReplyEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

describe('progress events', () => {
  it('show the segments read so far, provisionally, and none after a rejected attempt', async () => {
    // The first answer turns invalid (an unknown field) after a long text segment.
    const bad = JSON.stringify({
      segments: [
        { type: 'text', data: { text: words(20) } },
        { type: 'text', data: { text: 'x', colour: 'red' } },
      ],
    });
    const good = JSON.stringify({ segments: [{ type: 'markdown', data: { content: words(12) } }] });
    const { provider } = streaming([chunks(bad, 24), chunks(good, 24)]);
    const events = await collect(streamReply({ provider, messages: user, streamProgress: true }));
    const rejected = events.findIndex((event) => event.type === 'rejected');
    expect(rejected).toBeGreaterThan(0);
    const first = events.filter(
      (event, at) => event.type === 'progress' && event.attempt === 1 && at < rejected,
    );
    expect(first.length).toBeGreaterThan(2);
    // After the rejection nothing more of attempt 1 is shown.
    expect(
      events.slice(rejected).some((event) => event.type === 'progress' && event.attempt === 1),
    ).toBe(false);
    const second = events.filter((event) => event.type === 'progress' && event.attempt === 2);
    expect(second.length).toBeGreaterThan(0);
    for (const event of [...first, ...second]) {
      if (event.type !== 'progress') continue;
      expect(event.provisional).toBe(true);
      const segments = (
        event.value as { segments: { type: string; data: Record<string, string> }[] }
      ).segments;
      for (const segment of segments) {
        const text = segment.data.text ?? segment.data.content ?? '';
        expect(words(20).startsWith(text) || words(12).startsWith(text)).toBe(true);
      }
    }
    const final = events[events.length - 1]!;
    expect(final.type === 'final' && final.result.status).toBe('completed');
  });

  it('show a custom schema value so far, and stop at its early reject', async () => {
    const schema = {
      type: 'object',
      properties: { summary: { type: 'string' }, score: { type: 'integer', maximum: 10 } },
      additionalProperties: false,
    };
    const bad = JSON.stringify({ summary: words(10), score: 11, more: 1 });
    const good = JSON.stringify({ summary: words(10), score: 7 });
    const { provider } = streaming([chunks(bad, 16), chunks(good, 16)]);
    const events = await collect(
      streamReply({ provider, messages: user, schema, streamProgress: true }),
    );
    const rejected = events.findIndex((event) => event.type === 'rejected');
    expect(events[rejected]).toMatchObject({ issue: { path: '/score', code: 'SCHEMA_MISMATCH' } });
    const shown = events.filter(
      (event, at) => event.type === 'progress' && event.attempt === 1 && at < rejected,
    );
    expect(shown.length).toBeGreaterThan(0);
    const last = shown[shown.length - 1]!;
    expect(last.type === 'progress' && (last.value as { summary: string }).summary).toMatch(
      /^the answer keeps going/,
    );
    expect(
      events.slice(rejected).some((event) => event.type === 'progress' && event.attempt === 1),
    ).toBe(false);
  });

  it('are not sent unless asked for', async () => {
    const good = JSON.stringify({ segments: [{ type: 'text', data: { text: words(10) } }] });
    const { provider } = streaming([chunks(good, 8)]);
    const events = await collect(streamReply({ provider, messages: user }));
    expect(events.some((event) => event.type === 'progress')).toBe(false);
  });
});

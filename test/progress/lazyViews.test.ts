import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReplyEvent } from '../../src/reply/replyEvent';
import { chunks, streaming } from '../reply/scriptedProvider';

// The progress views are a lazy chunk, loaded by a turn that asks for progress. Views that cannot
// be loaded leave the turn without progress events (provisional extras); its result is the same.
afterEach(() => {
  vi.doUnmock('../../src/progress/createProgress');
  vi.resetModules();
});

const user = [{ role: 'user' as const, content: 'hi' }];
const reply = JSON.stringify({
  segments: [{ type: 'text', data: { text: 'the answer keeps going '.repeat(12) } }],
});

async function run(): Promise<ReplyEvent[]> {
  const { streamReply } = await import('../../src/reply/streamReply');
  const { provider } = streaming([chunks(reply, 24)]);
  const events: ReplyEvent[] = [];
  for await (const event of streamReply({ provider, messages: user, streamProgress: true }))
    events.push(event);
  return events;
}

describe('the lazy progress views', () => {
  it('load when a turn asks for progress', async () => {
    const events = await run();
    expect(events.filter((event) => event.type === 'progress').length).toBeGreaterThan(2);
  });

  it('that cannot be loaded leave the turn without progress events, its result unchanged', async () => {
    vi.resetModules();
    vi.doMock('../../src/progress/createProgress', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const events = await run();
    expect(events.some((event) => event.type === 'progress')).toBe(false);
    const final = events.at(-1);
    expect(final?.type === 'final' && final.result).toMatchObject({
      status: 'completed',
      value: JSON.parse(reply) as unknown,
    });
  });
});

import { describe, expect, it, vi } from 'vitest';
import * as scannerModule from '../../src/progress/progressScanner';
import type { ReplyEvent } from '../../src/reply/replyEvent';
import { streamReply } from '../../src/reply/streamReply';
import { chunks, streaming } from './scriptedProvider';

// Counts the progress scanners built: one per turn, shared by its attempts.
vi.mock('../../src/progress/progressScanner', async (original) => {
  const actual = await original<typeof import('../../src/progress/progressScanner')>();
  return { ...actual, progressScanner: vi.fn(actual.progressScanner) };
});

const user = [{ role: 'user' as const, content: 'hi' }];
const text = (words: string) =>
  JSON.stringify({ segments: [{ type: 'text', data: { text: words.repeat(8) } }] });

describe('progress in a turn with a correction', () => {
  it('is built once for the turn, and the correction shows it', async () => {
    const build = vi.mocked(scannerModule.progressScanner);
    build.mockClear();
    // The first answer is cut at a segment type the catalog does not know; the correction is good.
    const bad = text('the first answer ').replace('"text","data"', '"nope","data"');
    const { provider } = streaming([chunks(bad, 16), chunks(text('the second one '), 16)]);
    const events: ReplyEvent[] = [];
    for await (const event of streamReply({ provider, messages: user, streamProgress: true }))
      events.push(event);
    expect(events.at(-1)).toMatchObject({
      type: 'final',
      result: { status: 'completed', meta: { attempts: 2 } },
    });
    const shown = new Set(events.flatMap((e) => (e.type === 'progress' ? [e.attempt] : [])));
    expect(shown.has(2)).toBe(true);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('is not built when the turn does not ask for it', async () => {
    const build = vi.mocked(scannerModule.progressScanner);
    build.mockClear();
    const { provider } = streaming([chunks(text('an answer '), 16)]);
    for await (const event of streamReply({ provider, messages: user })) void event;
    expect(build).not.toHaveBeenCalled();
  });
});

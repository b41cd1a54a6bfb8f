import { describe, expect, it, vi } from 'vitest';
import { readResponsesStream } from '../../src/providers/readResponsesStream';
import type { SseMessage } from '../../src/providers/readSse';

describe('readResponsesStream', () => {
  it('parses each event once', async () => {
    const data = [
      { type: 'response.output_item.added', output_index: 0, item: { type: 'message' } },
      { type: 'response.output_text.delta', output_index: 0, delta: 'hi' },
      { type: 'response.completed', response: { status: 'completed' } },
    ].map((event) => ({ event: event.type, data: JSON.stringify(event) }));
    async function* messages(): AsyncGenerator<SseMessage> {
      yield* data;
    }
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const events: unknown[] = [];
      for await (const event of readResponsesStream(messages())) events.push(event);
      expect(events).toContainEqual({ type: 'text', text: 'hi' });
      expect(parse).toHaveBeenCalledTimes(data.length);
    } finally {
      parse.mockRestore();
    }
  });
});

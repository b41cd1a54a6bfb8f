import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../src/providers/modelProvider';
import { readSse, type SseMessage, sseJson } from '../../src/providers/readSse';
import { QUOTE_SOURCE_MAX } from '../../src/leaks/quoteSource';

const encoder = new TextEncoder();

/** A body that delivers these chunks, then ends (or stays open), and records a cancel. */
function body(chunks: readonly string[], open = false) {
  const state = { cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      if (!open) controller.close();
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

async function read(
  stream: ReadableStream<Uint8Array>,
  options: { signal?: AbortSignal; stallTimeoutMs?: number } = {},
): Promise<SseMessage[]> {
  const out: SseMessage[] = [];
  for await (const message of readSse(stream, {
    signal: options.signal ?? new AbortController().signal,
    stallTimeoutMs: options.stallTimeoutMs ?? 1000,
  }))
    out.push(message);
  return out;
}

const text =
  'event: message_start\ndata: {"a":1}\n\n: keep-alive comment\n\ndata: {"b":"é😀"}\r\n\r\ndata: line one\ndata: line two\n\nretry: 10\nid: 7\ndata: [DONE]\n\n';
const expected = [
  { event: 'message_start', data: '{"a":1}' },
  { data: '{"b":"é😀"}' },
  { data: 'line one\nline two' },
  { id: '7', data: '[DONE]' },
];

describe('readSse', () => {
  it('frames events the same way however the bytes are split (comments, CRLF, multi-line data, ids)', async () => {
    const bytes = encoder.encode(text);
    const whole = await read(body([text]).stream);
    expect(whole.map((m) => ({ ...m }))).toEqual(
      expected.map((m) => ({ event: undefined, id: undefined, ...m })),
    );
    for (let cut = 1; cut < bytes.length; cut++) {
      // Split the bytes (not the characters), so multi-byte characters are cut too.
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes.slice(0, cut));
          controller.enqueue(bytes.slice(cut));
          controller.close();
        },
      });
      expect(await read(stream)).toEqual(whole);
    }
  });

  it('drops an event the body ends in the middle of', async () => {
    expect(await read(body(['data: {"a":1}\n\ndata: {"b"']).stream)).toEqual([
      { event: undefined, id: undefined, data: '{"a":1}' },
    ]);
  });

  it('fails as stalled when nothing arrives within the limit, and cancels the body', async () => {
    const { stream, state } = body(['data: {"a":1}\n\n'], true);
    const seen: SseMessage[] = [];
    const reading = (async () => {
      for await (const message of readSse(stream, {
        signal: new AbortController().signal,
        stallTimeoutMs: 30,
      }))
        seen.push(message);
    })();
    await expect(reading).rejects.toThrow(ProviderError);
    await expect(reading).rejects.toThrow(/stalled: nothing arrived for 30 ms/);
    expect(seen).toHaveLength(1);
    expect(state.cancelled).toBe(true);
  });

  it('throws the abort reason when the signal fires while waiting, and cancels the body', async () => {
    const { stream, state } = body(['data: {"a":1}\n\n'], true);
    const controller = new AbortController();
    const reading = (async () => {
      for await (const _ of readSse(stream, { signal: controller.signal, stallTimeoutMs: 5000 }))
        setTimeout(() => controller.abort(new Error('turn cancelled')), 0);
    })();
    await expect(reading).rejects.toThrow('turn cancelled');
    expect(state.cancelled).toBe(true);
  });

  it('cancels the body when the reader stops early', async () => {
    const { stream, state } = body(['data: 1\n\ndata: 2\n\n'], true);
    for await (const message of readSse(stream, {
      signal: new AbortController().signal,
      stallTimeoutMs: 5000,
    })) {
      expect(message.data).toBe('1');
      break;
    }
    expect(state.cancelled).toBe(true);
  });

  it('turns a broken body into a ProviderError', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('data: {"a":1}\n\n'));
        controller.error(new TypeError('terminated'));
      },
    });
    await expect(read(stream)).rejects.toThrow(ProviderError);
    await expect(read(body([]).stream)).resolves.toEqual([]);
  });

  it('refuses an event larger than 8 MiB instead of buffering it', async () => {
    const huge = `data: ${'x'.repeat(8 * 1024 * 1024 + 10)}`;
    await expect(read(body([huge], true).stream)).rejects.toThrow(/more than 8388608 characters/);
  });
});

describe('sseJson', () => {
  it('parses the data of an event', () => {
    expect(sseJson({ data: '{"type":"ping"}' })).toEqual({ type: 'ping' });
    expect(sseJson({ data: '{"choices":[],"error":null}' })).toEqual({ choices: [], error: null });
  });

  it('refuses data that is not JSON, quoting it bounded, not shortened (issue 26)', () => {
    // The provider's boundary masks the message, then shortens it (test/providers/exits.test.ts):
    // shortened here, a secret cut by the limit would no longer be recognised.
    const thrown = (data: string) => {
      try {
        sseJson({ data });
      } catch (caught) {
        return caught as ProviderError;
      }
    };
    const error = thrown(`{"choices": [${'x'.repeat(500)}`);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error!.message).toBe(
      `the stream sent a frame that is not JSON: {"choices": [${'x'.repeat(500)}`,
    );
    const huge = thrown(`{"choices": [${'x'.repeat(20_000)}`);
    expect(huge!.message).toBe(
      `the stream sent a frame that is not JSON: ${`{"choices": [${'x'.repeat(20_000)}`.slice(0, QUOTE_SOURCE_MAX)}…`,
    );
  });

  it('fails on an error event or an error member, naming the message', () => {
    expect(() =>
      sseJson({
        event: 'error',
        data: '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
      }),
    ).toThrow('the stream sent an error: Overloaded');
    expect(() => sseJson({ event: 'error', data: 'upstream gone' })).toThrow(
      'the stream sent an error: upstream gone',
    );
    expect(() =>
      sseJson({
        data: '{"error":{"message":"The server had an error while processing your request.","type":"server_error"}}',
      }),
    ).toThrow(/server had an error/);
    expect(() => sseJson({ data: '{"error":"quota"}' })).toThrow(
      'the stream sent an error: "quota"',
    );
  });

  it('with typedErrors, fails on a flat error body too, its own message first', () => {
    const typed = (message: SseMessage) => () => sseJson(message, { typedErrors: true });
    expect(typed({ data: '{"type":"error","code":"server_error","message":"boom"}' })).toThrow(
      'the stream sent an error: boom',
    );
    expect(typed({ event: 'error', data: '{"error":{"message":"nested"}}' })).toThrow(
      'the stream sent an error: nested',
    );
    expect(typed({ event: 'error', data: '{"type":"error"}' })).toThrow(
      'the stream sent an error: no message',
    );
    expect(typed({ data: '{"error":{"message":"member"}}' })).toThrow(
      'the stream sent an error: member',
    );
    // Without the option a flat error body is data, as other APIs' events with a type are.
    expect(sseJson({ data: '{"type":"error","message":"boom"}' })).toEqual({
      type: 'error',
      message: 'boom',
    });
    expect(typed({ data: '{"type":"response.created"}' })()).toEqual({
      type: 'response.created',
    });
  });
});

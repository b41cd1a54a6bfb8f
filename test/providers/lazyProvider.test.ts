import { describe, expect, it } from 'vitest';
import { type ProviderTransport, lazyProvider } from '../../src/providers/lazyProvider';
import type { ModelRequest, ModelStreamEvent } from '../../src/providers/modelProvider';
import type { StreamOptions } from '../../src/providers/streamOptions';
import { enforceReply } from '../../src/reply/enforceReply';
import { streamReply } from '../../src/reply/streamReply';

// A provider's transport (wire readers, SSE framing) is a lazy chunk: the factory stays small
// and synchronous, the transport loads on the first call, and a chunk that cannot be loaded (a
// network failure in a browser, a missing file) fails the call, never the turn's boundary.
const request: ModelRequest = { system: 's', messages: [{ role: 'user', content: 'hi' }] };
const reply = '{"segments":[{"type":"text","data":{"text":"hi"}}]}';

interface TagOptions extends StreamOptions {
  readonly tag: string;
}

/** A transport that answers `reply` and records the bodies it was handed. */
function echoTransport(bodies: unknown[]): ProviderTransport<TagOptions> {
  return {
    async generate(options, _request, body) {
      bodies.push({ ...body, tag: options.tag });
      return { text: reply };
    },
    async *stream(options, _request, body): AsyncGenerator<ModelStreamEvent> {
      bodies.push({ ...body, tag: options.tag, streamed: true });
      yield { type: 'text', text: reply.slice(0, 10) };
      yield { type: 'text', text: reply.slice(10) };
      yield { type: 'finish', reason: 'stop' };
    },
  };
}

const identity = {
  name: 'lazy',
  enforcement: 'provider_schema' as const,
  body: (sent: ModelRequest) => ({ system: sent.system }),
};

describe('lazyProvider', () => {
  it('loads the transport on the first call only, and hands it the body the factory wrote', async () => {
    let loads = 0;
    const bodies: unknown[] = [];
    const provider = lazyProvider<TagOptions>(identity, { tag: 't' }, async () => {
      loads++;
      return echoTransport(bodies);
    });
    expect(loads).toBe(0);
    expect(provider).toMatchObject({ name: 'lazy', enforcement: 'provider_schema' });
    const signal = new AbortController().signal;
    expect(await provider.generate(request, { signal })).toEqual({ text: reply });
    const events: ModelStreamEvent[] = [];
    for await (const event of provider.stream!(request, { signal })) events.push(event);
    expect(events.map((event) => event.type)).toEqual(['text', 'text', 'finish']);
    expect(loads).toBe(2);
    expect(bodies).toEqual([
      { system: 's', tag: 't' },
      { system: 's', tag: 't', streamed: true },
    ]);
  });

  it('has no stream() with streaming: false', () => {
    const provider = lazyProvider<TagOptions>(identity, { tag: 't', streaming: false }, async () =>
      echoTransport([]),
    );
    expect(provider.stream).toBeUndefined();
  });

  it('a transport that cannot be loaded fails the call: the turn ends in MODEL_FAILED', async () => {
    const failing = () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    for (const streaming of [true, false]) {
      const provider = lazyProvider<TagOptions>(identity, { tag: 't', streaming }, failing);
      const result = await enforceReply({ provider, messages: request.messages });
      expect(result.status).toBe('error');
      expect(result.issues[0]).toMatchObject({
        code: 'MODEL_FAILED',
        message: expect.stringContaining('Failed to fetch dynamically imported module'),
      });
    }
  });

  it('a body the factory cannot write fails the call, not the caller', async () => {
    const provider = lazyProvider<TagOptions>(
      {
        ...identity,
        body: () => {
          throw new Error('no body');
        },
      },
      { tag: 't' },
      async () => echoTransport([]),
    );
    const events = [];
    for await (const event of streamReply({ provider, messages: request.messages }))
      events.push(event);
    expect(events.at(-1)).toMatchObject({
      type: 'final',
      result: { status: 'error', issues: [{ code: 'MODEL_FAILED' }] },
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '../../src/index';
import { scriptedModel } from '../../src/worker/index';

const ask = (content: string, extra: Partial<ModelRequest> = {}): ModelRequest => ({
  system: 'sys',
  messages: [{ role: 'user', content }],
  ...extra,
});
const signal = () => new AbortController().signal;

async function streamed(request: ModelRequest, abort?: AbortController) {
  const events = [];
  for await (const event of scriptedModel({ chunkSize: 5 }).stream!(request, {
    signal: abort?.signal ?? signal(),
  }))
    events.push(event);
  return events;
}

describe('the scripted model', () => {
  it('streams exactly what it answers whole, in small text events, the usage last', async () => {
    for (const words of ['hello', 'fence', 'be invalid', 'leak', 'mention']) {
      const whole = await scriptedModel().generate(ask(words), { signal: signal() });
      const events = await streamed(ask(words));
      expect(
        events
          .filter((e) => e.type === 'text')
          .map((e) => (e as { text: string }).text)
          .join(''),
      ).toBe(whole.text);
      expect(
        events
          .filter((e) => e.type === 'text')
          .every((e) => (e as { text: string }).text.length <= 5),
      ).toBe(true);
      expect(events[events.length - 1]).toMatchObject({ type: 'usage' });
    }
  });

  it('stops when aborted', async () => {
    const abort = new AbortController();
    const stream = scriptedModel({ chunkSize: 2, delayMs: 1 }).stream!(ask('hello'), {
      signal: abort.signal,
    });
    const seen: unknown[] = [];
    await expect(
      (async () => {
        for await (const event of stream) {
          seen.push(event);
          if (seen.length === 3) abort.abort();
        }
      })(),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen.length).toBe(3);
    await expect(
      scriptedModel().generate(ask('hello'), { signal: abort.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('calls the first tool when asked, and answers a tool result in text', async () => {
    const tools = [{ type: 'function', function: { name: 'lookup' } }];
    const events = await streamed(ask('use the tool', { tools }));
    expect(events.filter((e) => e.type === 'tool_call')).toEqual([
      {
        type: 'tool_call',
        call: { id: 'call_scripted_1', name: 'lookup', arguments: '{"query":"use the tool"}' },
      },
    ]);
    expect(events.some((e) => e.type === 'text')).toBe(false);
    const answer = await scriptedModel().generate(
      { system: '', messages: [{ role: 'tool', toolCallId: 'c', name: 'lookup', content: '42' }] },
      { signal: signal() },
    );
    expect(JSON.parse(answer.text!)).toEqual({
      segments: [{ type: 'text', data: { text: 'The lookup tool answered: 42' } }],
    });
  });

  it('under a custom schema answers the object in the message, and repeats it when asked to correct it', async () => {
    const schema = { name: 'invoice', jsonSchema: { type: 'object' } };
    expect(
      (
        await scriptedModel().generate(ask('answer {"total": 1} please', { schema }), {
          signal: signal(),
        })
      ).text,
    ).toBe('{"total": 1}');
    expect(
      (await scriptedModel().generate(ask('no object here', { schema }), { signal: signal() }))
        .text,
    ).toBe('{}');
    const correction = ask(
      'Your previous answer could not be delivered…\n<<<ANSWER\n{"total": "1"}\nANSWER>>>\n',
      { schema },
    );
    expect((await scriptedModel().generate(correction, { signal: signal() })).text).toBe(
      '{"total": "1"}',
    );
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { geminiBody } from '../../src/providers/geminiBody';
import { geminiProvider } from '../../src/providers/geminiProvider';
import { enforceReply } from '../../src/reply/enforceReply';
import { ROOT } from '../requireBuilt';
import { type Behaviour, fakeUpstreamPerTest } from './fakeUpstream';
import { REPLY } from './wireCases';

// Gemini thinking models sign their function calls (`thoughtSignature` on the part). The next
// request of the tool step must carry each signature back on its call, or it is refused.

const serve = fakeUpstreamPerTest(afterEach);
const fixture = (file: string): Behaviour => ({
  kind: 'bytes',
  contentType: file.endsWith('.sse') ? 'text/event-stream' : 'application/json',
  chunks: [new Uint8Array(readFileSync(join(ROOT, 'test/fixtures/wire', file)))],
});
const tools = [{ functionDeclarations: [{ name: 'get_weather' }, { name: 'get_forecast' }] }];

describe('a tool step replays each call with its thought signature', () => {
  it.each([
    [
      'whole',
      'gemini-function-call.json',
      'gemini-text.json',
      [
        {
          functionCall: { name: 'get_weather', args: { city: 'Zürich' } },
          thoughtSignature: 'CiQBVSoXO5RgWireToolSig==',
        },
        { functionCall: { name: 'get_weather', args: { city: '東京', days: 2 } } },
      ],
    ],
    [
      'streamed in pieces',
      'gemini-partial-args.sse',
      'gemini-text.sse',
      [
        {
          functionCall: {
            name: 'get_forecast',
            args: {
              city: 'Zürich',
              days: 3,
              units: { temperature: '°C' },
              fields: ['wind', '雨量'],
              alerts: true,
              note: null,
            },
          },
          thoughtSignature: 'CiMBjz1rRgWireVertexSig',
        },
      ],
    ],
  ] as const)('%s', async (how, first, second, parts) => {
    const server = await serve(fixture(first), fixture(second));
    const seen: string[] = [];
    const result = await enforceReply({
      provider: geminiProvider({
        baseUrl: server.baseUrl,
        model: 'gemini-3-pro-preview',
        streaming: how !== 'whole',
      }),
      messages: [{ role: 'user', content: 'Wetter?' }],
      tools,
      runTool: (call) => {
        seen.push(call.name);
        return { sky: 'clear' };
      },
    });
    expect(result).toMatchObject({ status: 'completed', value: REPLY });
    expect(seen).toEqual(parts.map((part) => part.functionCall.name));
    const contents = server.requests[1]!.body.contents;
    expect(contents[1]).toEqual({ role: 'model', parts });
    expect(contents[2].parts).toHaveLength(parts.length);
  });
});

it('geminiBody writes no signature for a call that has none', () => {
  const body = geminiBody({
    system: 's',
    messages: [
      {
        role: 'assistant',
        content: '',
        toolCalls: [
          { id: 'a', name: 'f', arguments: '{}', signature: 'sig' },
          { id: 'b', name: 'g', arguments: '{}' },
        ],
      },
    ],
  });
  expect(body.contents).toEqual([
    {
      role: 'model',
      parts: [
        { functionCall: { name: 'f', args: {} }, thoughtSignature: 'sig' },
        { functionCall: { name: 'g', args: {} } },
      ],
    },
  ]);
});

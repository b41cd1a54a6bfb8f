import { describe, expect, it } from 'vitest';
import { AiSdkModelError } from '../../src/ai-sdk/aiSdkModelError';
import { type AiSdkCallRecord, aiSdkProvider } from '../../src/ai-sdk/aiSdkProvider';
import type { ModelStreamEvent } from '../../src/providers/modelProvider';
import { enforceReply } from '../../src/reply/enforceReply';
import { usage } from './mockModels';
import { MockLanguageModel, simulateReadableStream } from './sdk';

// What aiSdkProvider reads of a model's answer, in v3 and v4 shapes, and what it drops on
// purpose; answers that break the specification end as a clear result, never a throw.
const good = '{"segments":[{"type":"text","data":{"text":"Hello"}}]}';
const signal = new AbortController().signal;
const request = { system: '', messages: [{ role: 'user' as const, content: 'hi' }] };
const source = { type: 'source', sourceType: 'url', id: 's1', url: 'https://example.com/a' };
const finish = (unified: string) => ({
  type: 'finish',
  finishReason: { unified, raw: unified },
  usage: usage(10, 5),
});

/** The SDK's mock answering whole with exactly this result, specification or not. */
function answering(result: unknown) {
  return new MockLanguageModel({ doGenerate: async () => result as never });
}

/** The SDK's mock streaming exactly these parts. */
function streamingParts(parts: unknown[]) {
  return new MockLanguageModel({
    doStream: async () => ({
      stream: simulateReadableStream({
        chunks: parts as never[],
        initialDelayInMs: null,
        chunkDelayInMs: null,
      }),
    }),
  });
}

async function events(
  model: ReturnType<typeof streamingParts>,
  onCall?: (r: AiSdkCallRecord) => void,
) {
  const seen: ModelStreamEvent[] = [];
  for await (const event of aiSdkProvider(model, { onCall }).stream!(request, { signal }))
    seen.push(event);
  return seen;
}

const textOf = (seen: ModelStreamEvent[]) =>
  seen.flatMap((event) => (event.type === 'text' ? [event.text] : [])).join('');

describe('aiSdkProvider reading streamed parts', () => {
  it('reads text deltas, usage and metadata; drops every other kind on purpose, v4’s and unknown ones', async () => {
    const records: AiSdkCallRecord[] = [];
    const seen = await events(
      streamingParts([
        {
          type: 'stream-start',
          warnings: [
            { type: 'deprecated', setting: 'seed', message: 'seed is deprecated' },
            { type: 'unsupported', feature: 'topK' },
          ],
        },
        { type: 'ping' },
        { type: 'response-metadata', id: 'r1', modelId: 'm-1', timestamp: new Date(0) },
        { type: 'reasoning-start', id: 'r' },
        { type: 'reasoning-delta', id: 'r', delta: 'secret plan' },
        { type: 'reasoning-end', id: 'r' },
        { type: 'reasoning-file', mediaType: 'text/plain', data: { type: 'text', text: 'plan B' } },
        { type: 'custom', kind: 'openai.compaction', providerMetadata: { openai: { id: 'c' } } },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: good.slice(0, 20) },
        { type: 'ping' },
        { type: 'text-delta', id: 't', delta: good.slice(20) },
        { type: 'text-end', id: 't', citations: [{ source, startIndex: 0, endIndex: 4 }] },
        source,
        { type: 'file', mediaType: 'image/png', data: { type: 'data', data: 'iVBORw0KGgo=' } },
        { type: 'raw', rawValue: { leaked: 'secret plan' } },
        { type: 'tool-input-start', id: 'x', toolName: 'lookup' },
        { type: 'tool-input-delta', id: 'x', delta: '{}' },
        { type: 'tool-input-end', id: 'x' },
        { type: 'a-kind-from-a-later-minor', text: 'secret plan' },
        finish('interrupted'),
      ]),
      (record) => records.push(record),
    );
    expect(textOf(seen)).toBe(good);
    expect(seen.filter((event) => event.type !== 'text')).toEqual([
      { type: 'finish', reason: 'other', raw: 'interrupted' },
      { type: 'usage', usage: { inputTokens: 10, outputTokens: 5 } },
    ]);
    expect(JSON.stringify(seen)).not.toContain('secret plan');
    expect(records).toEqual([
      {
        toolCalls: [],
        warnings: [
          { type: 'other', message: 'seed is deprecated' },
          { type: 'unsupported', feature: 'topK' },
        ],
        finishReason: { unified: 'interrupted', raw: 'interrupted' },
        response: { id: 'r1', modelId: 'm-1', timestamp: new Date(0) },
      },
    ]);
  });

  it('skips parts that are no parts or lack what is read, and a usage of another shape', async () => {
    const seen = await events(
      streamingParts([
        null,
        42,
        {},
        { type: 'stream-start' },
        { type: 'text-delta', id: 't' },
        { type: 'text-delta', id: 't', delta: good },
        { type: 'tool-call', toolName: 'lookup', input: '{}' },
        { type: 'finish', finishReason: 'stop', usage: { inputTokens: 3, outputTokens: 2 } },
      ]),
    );
    expect(seen).toEqual([{ type: 'text', text: good }]);
  });
});

describe('aiSdkProvider reading whole answers', () => {
  const stopped = { finishReason: 'stop', rawFinishReason: 'stop' };
  const result = (content: unknown, extra: Record<string, unknown> = {}) => ({
    content,
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: usage(10, 5),
    warnings: [],
    ...extra,
  });
  const generate = (model: ReturnType<typeof answering>) =>
    aiSdkProvider(model, { transport: 'generate' }).generate(request, { signal });

  it('reads text parts only: v4 citations, custom and reasoning-file parts, sources and files are not reply text', async () => {
    const model = answering(
      result([
        { type: 'reasoning', text: 'secret plan' },
        { type: 'reasoning-file', mediaType: 'text/plain', data: { type: 'text', text: 'plan B' } },
        { type: 'custom', kind: 'openai.compaction' },
        { type: 'text', text: good, citations: [{ source }] },
        source,
        { type: 'file', mediaType: 'image/png', data: { type: 'data', data: 'iVBORw0KGgo=' } },
      ]),
    );
    expect(await generate(model)).toEqual({
      text: good,
      usage: { inputTokens: 10, outputTokens: 5 },
      ...stopped,
    });
  });

  it('takes v4’s structuredOutputText as the answer when the model set it, an empty one too', async () => {
    const drafts = [
      { type: 'text', text: 'Draft: {"segments":[' },
      { type: 'text', text: good },
    ];
    expect(await generate(answering(result(drafts, { structuredOutputText: good })))).toMatchObject(
      {
        text: good,
      },
    );
    expect(await generate(answering(result(drafts, { structuredOutputText: '' })))).toMatchObject({
      text: '',
    });
    expect(await generate(answering(result(drafts)))).toMatchObject({
      text: `Draft: {"segments":[${good}`,
    });
  });

  it('counts reasoning tokens apart, and reads a usage of another shape as none', async () => {
    const reasoned = {
      inputTokens: { total: 10 },
      outputTokens: { total: 9, text: 5, reasoning: 4 },
    };
    expect(
      await generate(answering(result([{ type: 'text', text: good }], { usage: reasoned }))),
    ).toEqual({
      text: good,
      usage: { inputTokens: 10, outputTokens: 9, reasoningTokens: 4 },
      ...stopped,
    });
    for (const odd of [
      { inputTokens: 7, outputTokens: 3 },
      { inputTokens: { total: -1 } },
      null,
      'x',
    ])
      expect(
        await generate(answering(result([{ type: 'text', text: good }], { usage: odd }))),
      ).toEqual({
        text: good,
        ...stopped,
      });
  });

  it('skips malformed parts and content that is no array, never throwing', async () => {
    const odd = [null, 7, {}, { type: 'text' }, { type: 'tool-call', toolName: 'x', input: '{}' }];
    expect(await generate(answering(result([...odd, { type: 'text', text: good }])))).toMatchObject(
      {
        text: good,
      },
    );
    expect(await generate(answering(result(undefined)))).not.toHaveProperty('text');
  });

  it('ends an empty answer as NO_FINAL_MESSAGE', async () => {
    const turn = await enforceReply({
      provider: aiSdkProvider(answering(result([])), { transport: 'generate' }),
      messages: request.messages,
    });
    expect(turn.status).not.toBe('completed');
    expect(turn.issues.map((issue) => issue.code)).toContain('NO_FINAL_MESSAGE');
  });

  it('ends an answer cut at the token limit as TRUNCATED, whole or streamed, text or none', async () => {
    for (const answer of [
      result([], { finishReason: { unified: 'length', raw: 'max_tokens' } }),
      result([{ type: 'reasoning', text: 'thinking…' }], {
        finishReason: { unified: 'length', raw: 'length' },
      }),
      result([{ type: 'text', text: good }], {
        finishReason: { unified: 'length', raw: 'length' },
      }),
    ]) {
      const turn = await enforceReply({
        provider: aiSdkProvider(answering(answer), { transport: 'generate' }),
        messages: request.messages,
      });
      expect(turn.status).toBe('validation_failed');
      expect(turn.issues.map((issue) => issue.code)).toEqual(['TRUNCATED']);
      expect(turn.meta.attempts).toBe(1);
      expect(JSON.stringify(turn)).not.toContain('thinking');
    }
    const streamed = await enforceReply({
      provider: aiSdkProvider(
        streamingParts([
          { type: 'text-delta', id: 't', delta: good },
          {
            type: 'finish',
            finishReason: { unified: 'length', raw: 'length' },
            usage: result([]).usage,
          },
        ]),
      ),
      messages: request.messages,
    });
    expect(streamed.issues.map((issue) => issue.code)).toEqual(['TRUNCATED']);
  });

  it('ends a content-filtered answer as REFUSED', async () => {
    const turn = await enforceReply({
      provider: aiSdkProvider(
        answering(result([], { finishReason: { unified: 'content-filter', raw: 'SAFETY' } })),
        { transport: 'generate' },
      ),
      messages: request.messages,
    });
    expect(turn.issues.map((issue) => issue.code)).toEqual(['REFUSED']);
  });
});

describe('aiSdkProvider and the model’s failures', () => {
  it('throws an error part as an AiSdkModelError with the upstream’s message and code', async () => {
    for (const [reported, message] of [
      [{ message: 'overloaded', code: 'overloaded_error' }, 'overloaded (overloaded_error)'],
      [{ error: { message: 'rate limited', type: 'rate_limit' } }, 'rate limited (rate_limit)'],
      [new Error('socket hang up'), 'socket hang up'],
      ['plain words', 'plain words'],
      [{ reason: 'no message' }, 'the model reported a failure: {"reason":"no message"}'],
    ] as const) {
      const failure = await events(
        streamingParts([
          { type: 'text-delta', id: 't', delta: '{"se' },
          { type: 'error', error: reported },
        ]),
      ).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(AiSdkModelError);
      expect(failure).toMatchObject({ message, origin: 'stream', cause: reported });
      expect(String(failure)).not.toContain('[object Object]');
    }
  });

  it('passes an Error the call throws as it is, and makes one of anything else thrown', async () => {
    const thrown = new Error('upstream 503');
    const failing = (value: unknown) =>
      new MockLanguageModel({
        doGenerate: async () => {
          throw value;
        },
      });
    await expect(generateWith(failing(thrown))).rejects.toBe(thrown);
    const made = await generateWith(failing({ message: 'bad key', code: 401 })).catch(
      (error: unknown) => error,
    );
    expect(made).toBeInstanceOf(AiSdkModelError);
    expect(made).toMatchObject({ message: 'bad key (401)', code: '401', origin: 'call' });
  });
});

function generateWith(model: InstanceType<typeof MockLanguageModel>) {
  return aiSdkProvider(model).generate(request, { signal });
}

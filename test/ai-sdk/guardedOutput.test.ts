import { describe, expect, it } from 'vitest';
import { replyguardMiddleware } from '../../src/ai-sdk/replyguardMiddleware';
import { usage } from './mockModels';
import {
  MockLanguageModel,
  Output,
  generateText,
  jsonSchema,
  sdk,
  simulateReadableStream,
  streamText,
  wrapLanguageModel,
} from './sdk';

// What the guarded model hands the SDK, in each major's own generateText and streamText: only part
// kinds both majors know (they throw on others), and for structured output (`Output.object`) the
// checked reply, never the text the model designated as its structured answer.
const good = '{"segments":[{"type":"text","data":{"text":"Hello"}}]}';
const key =
  'sk-proj-q8ZrT2vLm4Xw9NbK7pYc3HdF6sJa1GeU0iOtRnMx' +
  'T3BlbkFJ' +
  'Vb7Qk2Lp9XzW4mNc8RtY1sHd6GfJ3aKe5uIoP0qZ';
const leaky = `{"segments":[{"type":"text","data":{"text":"the key is ${key}"}}]}`;
const segmentReply = Output.object({
  schema: jsonSchema<{ segments: { type: string; data: { text: string } }[] }>({
    type: 'object',
    properties: { segments: { type: 'array' } },
    required: ['segments'],
  }),
});

/** A model answering whole, each call with the next content and structuredOutputText. */
function answering(answers: { content: unknown[]; structuredOutputText?: string }[]) {
  let call = 0;
  return new MockLanguageModel({
    doGenerate: async () => {
      const answer = answers[call++];
      if (!answer) throw new Error('the script has no more answers');
      return {
        ...answer,
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: usage(10, 5),
        warnings: [],
      } as never;
    },
  });
}

const guarded = (model: InstanceType<typeof MockLanguageModel>) =>
  wrapLanguageModel({ model, middleware: replyguardMiddleware() });

describe('the guarded stream in streamText', () => {
  it('hands the SDK only kinds it knows: v4’s ping, custom, reasoning-file and citations stay behind', async () => {
    const source = { type: 'source', sourceType: 'url', id: 's1', url: 'https://example.com/a' };
    const parts = [
      { type: 'stream-start', warnings: [] },
      { type: 'ping' },
      { type: 'custom', kind: 'openai.compaction' },
      { type: 'reasoning-file', mediaType: 'text/plain', data: { type: 'text', text: 'plan' } },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: good },
      { type: 'text-end', id: 't', citations: [{ source, startIndex: 0, endIndex: 4 }] },
      { type: 'a-kind-from-a-later-minor' },
      { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: usage(10, 5) },
    ];
    const inner = new MockLanguageModel({
      doStream: async () => ({
        stream: simulateReadableStream({
          chunks: parts as never[],
          initialDelayInMs: null,
          chunkDelayInMs: null,
        }),
      }),
    });
    const errors: unknown[] = [];
    const result = streamText({
      model: guarded(inner),
      prompt: 'hi',
      maxRetries: 0,
      onError: ({ error }) => void errors.push(error),
    });
    const types = new Set<string>();
    let text = '';
    for await (const part of result.fullStream) {
      types.add(part.type);
      if (part.type === 'text-delta') text += part.text;
    }
    expect(errors).toEqual([]);
    expect(text).toBe(good);
    for (const kind of ['error', 'raw', 'custom', 'reasoning-file', 'source', 'reasoning-delta'])
      expect(types).not.toContain(kind);
    expect(types).toContain('finish');
  });
});

describe('structured output (Output.object) of a guarded model', () => {
  it('(control) unguarded, the major parses what its specification says: v4 the structuredOutputText', async () => {
    const { output } = await generateText({
      model: answering([{ content: [{ type: 'text', text: good }], structuredOutputText: leaky }]),
      prompt: 'hi',
      output: segmentReply,
    });
    // AI SDK 6 never reads structuredOutputText; AI SDK 7 prefers it to the text parts.
    expect(JSON.stringify(output)).toBe(sdk.major === 7 ? leaky : good);
  });

  it('checks the structured answer: a secret in it is masked in the output and the text alike', async () => {
    const { output, text, providerMetadata } = await generateText({
      model: guarded(
        answering([{ content: [{ type: 'text', text: good }], structuredOutputText: leaky }]),
      ),
      prompt: 'hi',
      output: segmentReply,
    });
    expect(JSON.stringify(output)).not.toContain(key);
    expect(output.segments[0]!.data.text).toMatch(/^the key is /);
    expect(JSON.parse(text)).toEqual(output);
    expect(providerMetadata?.replyguard).toMatchObject({
      status: 'completed',
      findings: [{ code: 'LEAK_MASKED', path: '/segments/0/data/text' }],
    });
  });

  it('never lets a structured answer that fails the check reach the output: it is corrected first', async () => {
    const inner = answering([
      { content: [{ type: 'text', text: good }], structuredOutputText: '```json\n{"segments":[]}' },
      { content: [{ type: 'text', text: good }] },
    ]);
    const { output, providerMetadata } = await generateText({
      model: guarded(inner),
      prompt: 'hi',
      output: segmentReply,
    });
    expect(JSON.stringify(output)).toBe(good);
    expect(providerMetadata?.replyguard).toMatchObject({
      status: 'completed',
      meta: { attempts: 2, stage: 'correction' },
    });
    expect(inner.doGenerateCalls).toHaveLength(2);
  });
});

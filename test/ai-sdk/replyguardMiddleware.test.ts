import { describe, expect, it } from 'vitest';
import { replyguardMiddleware } from '../../src/ai-sdk/replyguardMiddleware';
import { DEFAULT_FAILURE_NOTICE } from '../../src/reply/failureNotice';
import { generating, promptOf, streaming, usage } from './mockModels';
import {
  MockLanguageModel,
  generateText,
  jsonSchema,
  stepCountIs,
  streamText,
  tool,
  wrapLanguageModel,
} from './sdk';

const good = '{"segments":[{"type":"text","data":{"text":"Hello"}}]}';
const fenced = '```json\n' + good + '\n```';
const wrongType = '{"segments":[{"type":"text","data":{"text":1}}]}';
const notice = (text = DEFAULT_FAILURE_NOTICE) =>
  JSON.stringify({ segments: [{ type: 'text', data: { text } }] });

const lookup = tool({
  description: 'Looks up an order',
  inputSchema: jsonSchema<{ id: string }>({
    type: 'object',
    properties: { id: { type: 'string' } },
    required: ['id'],
    additionalProperties: false,
  }),
  execute: async ({ id }) => ({ id, state: 'shipped' }),
});

interface Guarded {
  status: string;
  issues: { code: string; path: string }[];
  findings: { code: string; rule: string; path: string }[];
  meta: { attempts: number; stage: string; schemaName: string };
}
const guard = (metadata: unknown) => (metadata as { replyguard: Guarded }).replyguard;

describe('replyguardMiddleware in generateText', () => {
  it('delivers a valid reply as validated JSON, with the schema as the response format and the instruction last', async () => {
    const inner = generating([good]);
    const model = wrapLanguageModel({ model: inner, middleware: replyguardMiddleware() });
    const result = await generateText({
      model,
      system: 'You are Acme support.',
      prompt: 'hi',
      tools: { lookup },
    });
    expect(JSON.parse(result.text)).toEqual(JSON.parse(good));
    expect(guard(result.providerMetadata)).toMatchObject({
      status: 'completed',
      issues: [],
      meta: { attempts: 1, stage: 'model', schemaName: 'segment_reply' },
    });
    expect(inner.doGenerateCalls).toHaveLength(1);
    const call = inner.doGenerateCalls[0]!;
    expect(call.responseFormat).toMatchObject({
      type: 'json',
      name: 'segment_reply',
      schema: { $schema: 'https://json-schema.org/draft/2020-12/schema' },
    });
    const { system, messages } = promptOf(call);
    expect(system.startsWith('You are Acme support.\n\nAnswer with exactly one JSON object')).toBe(
      true,
    );
    expect(messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'hi' }] }]);
    expect(call.tools?.map((t) => t.name)).toEqual(['lookup']);
    expect(result.usage.inputTokens).toBe(10);
    expect(result.response.modelId).toBe('scripted-1');
  });

  it('corrects a malformed reply once against the same model: no history, no tools', async () => {
    const inner = generating([fenced, good]);
    const model = wrapLanguageModel({ model: inner, middleware: replyguardMiddleware() });
    const result = await generateText({
      model,
      system: 'host secrets',
      messages: [
        { role: 'user', content: 'earlier business context' },
        { role: 'assistant', content: 'ok' },
        { role: 'user', content: 'hi' },
      ],
      tools: { lookup },
    });
    expect(result.text).toBe(good);
    expect(guard(result.providerMetadata)).toMatchObject({
      status: 'completed',
      meta: { attempts: 2, stage: 'correction' },
    });
    expect(inner.doGenerateCalls).toHaveLength(2);
    const correction = inner.doGenerateCalls[1]!;
    expect(correction.tools).toBeUndefined();
    expect(correction.responseFormat).toMatchObject({ type: 'json', name: 'segment_reply' });
    const { system, messages } = promptOf(correction);
    expect(system).not.toContain('host secrets');
    expect(messages).toHaveLength(1);
    expect(JSON.stringify(messages)).toContain('CODE_FENCE');
    expect(JSON.stringify(correction.prompt)).not.toContain('earlier business context');
    expect(result.usage.inputTokens).toBe(20);
  });

  it('delivers the failure notice when the correction fails too, and never calls a third time', async () => {
    const inner = generating([wrongType, '{"segments": [}', good]);
    const model = wrapLanguageModel({
      model: inner,
      middleware: replyguardMiddleware({ failureNotice: 'We will get back to you.' }),
    });
    const result = await generateText({ model, prompt: 'hi' });
    expect(result.text).toBe(notice('We will get back to you.'));
    const metadata = guard(result.providerMetadata);
    expect(metadata).toMatchObject({
      status: 'validation_failed',
      meta: { attempts: 2, stage: 'correction' },
    });
    expect(metadata.issues[0]!.code).toBe('INVALID_JSON');
    expect(inner.doGenerateCalls).toHaveLength(2);
  });

  it('reports the ending it delivered as its finish reason, the raw one too', async () => {
    // The upstream's answer is cut at its token limit: the turn delivers the notice, a `stop`.
    const cut = new MockLanguageModel({
      provider: 'mock',
      modelId: 'cut',
      doGenerate: async () => ({
        content: [{ type: 'text' as const, text: good.slice(0, 20) }],
        finishReason: { unified: 'length' as const, raw: 'max_tokens' },
        usage: usage(10, 5),
        warnings: [],
      }),
    });
    const middleware = replyguardMiddleware();
    const refused = await generateText({
      model: wrapLanguageModel({ model: cut, middleware }),
      prompt: 'hi',
    });
    expect(refused.text).toBe(notice());
    expect(guard(refused.providerMetadata).issues.map((issue) => issue.code)).toEqual([
      'TRUNCATED',
    ]);
    expect([refused.finishReason, refused.rawFinishReason]).toEqual(['stop', 'stop']);
    // The mock model's own raw reason is 'raw-finish'; a delivered reply's is the turn's too.
    const inner = generating([good]);
    const valid = await generateText({
      model: wrapLanguageModel({ model: inner, middleware }),
      prompt: 'hi',
    });
    expect([valid.finishReason, valid.rawFinishReason]).toEqual(['stop', 'stop']);
  });

  it('applies the policies: mentions per call through providerOptions, leaks masked with findings', async () => {
    const mention = '{"segments":[{"type":"mention","data":{"target":"u9"}}]}';
    const inner = generating([mention, mention]);
    const model = wrapLanguageModel({
      model: inner,
      middleware: replyguardMiddleware({ mentions: { allowed: ['u9'] } }),
    });
    const refused = await generateText({
      model,
      prompt: 'hi',
      providerOptions: { replyguard: { mentions: ['u1'] } },
    });
    expect(refused.text).toBe(notice());
    expect(guard(refused.providerMetadata).issues).toMatchObject([
      { code: 'MENTION_NOT_ALLOWED', path: '/segments/0/data/target' },
    ]);
    // The per-call options stay with the middleware: the model never sees them.
    expect(inner.doGenerateCalls[0]!.providerOptions?.replyguard).toBeUndefined();

    const key =
      'sk-proj-q8ZrT2vLm4Xw9NbK7pYc3HdF6sJa1GeU0iOtRnMx' +
      'T3BlbkFJ' +
      'Vb7Qk2Lp9XzW4mNc8RtY1sHd6GfJ3aKe5uIoP0qZ';
    const leaky = generating([
      `{"segments":[{"type":"text","data":{"text":"the key is ${key}"}}]}`,
    ]);
    const masked = await generateText({
      model: wrapLanguageModel({ model: leaky, middleware: replyguardMiddleware() }),
      prompt: 'hi',
    });
    expect(masked.text).not.toContain(key);
    expect(guard(masked.providerMetadata)).toMatchObject({
      status: 'completed',
      meta: { stage: 'post_guardrail' },
      findings: [{ code: 'LEAK_MASKED', path: '/segments/0/data/text' }],
    });
    expect(JSON.stringify(masked.providerMetadata)).not.toContain(key);
  });

  it('passes tool calls to the SDK, which runs them; the next step is checked with the tool result in its prompt', async () => {
    const inner = generating([
      [
        { type: 'text', text: 'Let me look that up.' },
        { type: 'tool-call', toolCallId: 'call-1', toolName: 'lookup', input: '{"id":"A7"}' },
      ],
      good,
    ]);
    const model = wrapLanguageModel({ model: inner, middleware: replyguardMiddleware() });
    const result = await generateText({
      model,
      prompt: 'where is A7?',
      tools: { lookup },
      stopWhen: stepCountIs(3),
    });
    expect(result.steps).toHaveLength(2);
    expect(result.steps[0]!.toolCalls).toMatchObject([
      { toolCallId: 'call-1', toolName: 'lookup', input: { id: 'A7' } },
    ]);
    // A tool step's words are not a reply: nothing unchecked reaches the caller.
    expect(result.steps[0]!.text).toBe('');
    expect(guard(result.steps[0]!.providerMetadata)).toMatchObject({ status: 'interrupted' });
    expect(result.text).toBe(good);
    const second = promptOf(inner.doGenerateCalls[1]!);
    expect(second.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
    expect(JSON.stringify(second.messages[2])).toContain('shipped');
    expect(second.system).toContain('Answer with exactly one JSON object');
  });

  it('throws the model’s own error when the first call fails, so the SDK’s retries apply', async () => {
    let calls = 0;
    const inner = generating([
      () => {
        calls++;
        throw new Error('upstream 503');
      },
      good,
    ]);
    const model = wrapLanguageModel({ model: inner, middleware: replyguardMiddleware() });
    await expect(generateText({ model, prompt: 'hi', maxRetries: 0 })).rejects.toThrow(
      'upstream 503',
    );
    expect(calls).toBe(1);
  });

  it('delivers the notice when the correction call itself fails', async () => {
    const inner = generating([
      fenced,
      () => {
        throw new Error('upstream 500');
      },
    ]);
    const model = wrapLanguageModel({ model: inner, middleware: replyguardMiddleware() });
    const result = await generateText({ model, prompt: 'hi', maxRetries: 0 });
    expect(result.text).toBe(notice());
    expect(guard(result.providerMetadata)).toMatchObject({
      status: 'error',
      issues: [{ code: 'MODEL_FAILED' }],
      meta: { attempts: 2 },
    });
  });

  it('rejects an aborted call and passes the abort on to the model', async () => {
    const controller = new AbortController();
    let seen: AbortSignal | undefined;
    const inner = generating([
      (options) =>
        new Promise((_, reject) => {
          seen = options.abortSignal;
          options.abortSignal?.addEventListener('abort', () => reject(options.abortSignal?.reason));
          controller.abort(new DOMException('user left', 'AbortError'));
        }),
    ]);
    const model = wrapLanguageModel({ model: inner, middleware: replyguardMiddleware() });
    await expect(
      generateText({ model, prompt: 'hi', abortSignal: controller.signal, maxRetries: 0 }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen?.aborted).toBe(true);
  });

  it('rejects with a TimeoutError when the first call outlasts timeoutMs, and the model sees the abort', async () => {
    let seen: AbortSignal | undefined;
    const inner = generating([
      (options) =>
        new Promise((_, reject) => {
          seen = options.abortSignal;
          options.abortSignal?.addEventListener('abort', () => reject(options.abortSignal?.reason));
        }),
    ]);
    const model = wrapLanguageModel({
      model: inner,
      middleware: replyguardMiddleware({ timeoutMs: 20 }),
    });
    await expect(generateText({ model, prompt: 'hi', maxRetries: 0 })).rejects.toMatchObject({
      name: 'TimeoutError',
    });
    expect(seen?.aborted).toBe(true);
  });

  it('never returns reasoning as reply text', async () => {
    const inner = generating([
      [
        { type: 'reasoning', text: 'the user said {"segments":[]} earlier' },
        { type: 'text', text: good },
      ],
    ]);
    const model = wrapLanguageModel({ model: inner, middleware: replyguardMiddleware() });
    const result = await generateText({ model, prompt: 'hi' });
    expect(result.text).toBe(good);
    expect(result.reasoningText).toBeUndefined();
  });
});

describe('replyguardMiddleware in streamText', () => {
  async function run(
    model: Parameters<typeof streamText>[0]['model'],
    extra: Partial<Parameters<typeof streamText>[0]> = {},
  ) {
    const stream = streamText({ model, prompt: 'hi', maxRetries: 0, ...extra } as Parameters<
      typeof streamText
    >[0]);
    const parts: { type: string; text?: string }[] = [];
    for await (const part of stream.fullStream) parts.push(part);
    return {
      stream,
      parts,
      text: parts
        .filter((part) => part.type === 'text-delta')
        .map((part) => part.text)
        .join(''),
    };
  }

  it('streams a valid reply only after it is validated, in deltas of the checked JSON', async () => {
    const { model: inner } = streaming([good]);
    const model = wrapLanguageModel({ model: inner, middleware: replyguardMiddleware() });
    const { stream, text } = await run(model);
    expect(text).toBe(good);
    expect(guard(await stream.providerMetadata)).toMatchObject({
      status: 'completed',
      meta: { attempts: 1 },
    });
    expect(inner.doStreamCalls).toHaveLength(1);
    expect(inner.doStreamCalls[0]!.responseFormat).toMatchObject({
      type: 'json',
      name: 'segment_reply',
    });
  });

  it('never cuts a surrogate pair across two text deltas', async () => {
    const prefix = '{"segments":[{"type":"text","data":{"text":"';
    // The emoji's first half is the 512th unit: a cut every 512 units would split it.
    const words = 'a'.repeat(511 - prefix.length) + '👋 ' + 'b'.repeat(600) + '👋';
    const long = `${prefix}${words}"}}]}`;
    expect(long.charCodeAt(511)).toBe(0xd83d);
    const { model: inner } = streaming([long]);
    const model = wrapLanguageModel({ model: inner, middleware: replyguardMiddleware() });
    const { parts, text } = await run(model);
    expect(text).toBe(long);
    const deltas = parts.filter((part) => part.type === 'text-delta').map((part) => part.text!);
    expect(deltas.length).toBeGreaterThan(1);
    for (const delta of deltas)
      expect(delta).not.toMatch(
        /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/,
      );
  });

  it('never releases the malformed first answer: only the corrected reply is streamed', async () => {
    const { model: inner } = streaming([fenced, good]);
    const model = wrapLanguageModel({ model: inner, middleware: replyguardMiddleware() });
    const { stream, text, parts } = await run(model);
    expect(text).toBe(good);
    expect(JSON.stringify(parts)).not.toContain('```');
    expect(guard(await stream.providerMetadata)).toMatchObject({
      status: 'completed',
      meta: { attempts: 2, stage: 'correction' },
    });
    expect(inner.doStreamCalls[1]!.tools).toBeUndefined();
    expect(promptOf(inner.doStreamCalls[1]!).messages).toHaveLength(1);
  });

  it('cancels the wrapped model’s stream as soon as its answer is provably invalid', async () => {
    const { model: inner, state } = streaming(['```json\n' + good + '\n```', good], 2);
    const model = wrapLanguageModel({ model: inner, middleware: replyguardMiddleware() });
    const { stream, text } = await run(model);
    expect(text).toBe(good);
    expect(state.cancelled).toBe(1);
    expect(guard(await stream.providerMetadata)).toMatchObject({
      status: 'completed',
      meta: {
        attempts: 2,
        history: [{ attempt: 1, rejectedAt: expect.any(Number) }, { attempt: 2 }],
      },
    });
  });

  it('ends with the finish reason it delivered, the raw one too', async () => {
    const { model: inner } = streaming([good]);
    const model = wrapLanguageModel({ model: inner, middleware: replyguardMiddleware() });
    const { stream } = await run(model);
    expect([await stream.finishReason, await stream.rawFinishReason]).toEqual(['stop', 'stop']);
  });

  it('streams the notice when both answers are refused', async () => {
    const { model: inner } = streaming([wrongType, fenced]);
    const model = wrapLanguageModel({ model: inner, middleware: replyguardMiddleware() });
    const { stream, text, parts } = await run(model);
    expect(text).toBe(notice());
    expect(JSON.stringify(parts)).not.toContain('"text":1');
    expect(guard(await stream.providerMetadata)).toMatchObject({
      status: 'validation_failed',
      meta: { attempts: 2 },
    });
  });

  it('streams a tool step through; the SDK runs the tool and the next step is checked', async () => {
    const { model: inner } = streaming([
      [
        { type: 'text', text: 'checking…' },
        { type: 'tool-call', toolCallId: 'call-1', toolName: 'lookup', input: '{"id":"A7"}' },
      ],
      good,
    ]);
    const model = wrapLanguageModel({ model: inner, middleware: replyguardMiddleware() });
    const { stream, text, parts } = await run(model, {
      tools: { lookup },
      stopWhen: stepCountIs(3),
    });
    expect(parts.filter((part) => part.type === 'tool-call')).toMatchObject([
      { toolCallId: 'call-1', toolName: 'lookup', input: { id: 'A7' } },
    ]);
    expect(parts.filter((part) => part.type === 'tool-result')).toMatchObject([
      { toolCallId: 'call-1', output: { id: 'A7', state: 'shipped' } },
    ]);
    expect(text).toBe(good);
    expect((await stream.steps).length).toBe(2);
  });

  it('ends an aborted stream as aborted, and the model’s stream sees the abort', async () => {
    const controller = new AbortController();
    let seen: AbortSignal | undefined;
    const { model: inner } = streaming([
      (options) =>
        new Promise((_, reject) => {
          seen = options.abortSignal;
          options.abortSignal?.addEventListener('abort', () => reject(options.abortSignal?.reason));
          setTimeout(() => controller.abort(new DOMException('user left', 'AbortError')), 0);
        }),
    ]);
    const model = wrapLanguageModel({ model: inner, middleware: replyguardMiddleware() });
    const { parts, text } = await run(model, { abortSignal: controller.signal });
    expect(text).toBe('');
    expect(parts.map((part) => part.type)).toContain('abort');
    expect(seen?.aborted).toBe(true);
  });

  it('surfaces a failing first call as the stream’s error', async () => {
    const { model: inner } = streaming([
      () => {
        throw new Error('upstream 503');
      },
    ]);
    const model = wrapLanguageModel({ model: inner, middleware: replyguardMiddleware() });
    const errors: unknown[] = [];
    const { text, parts } = await run(model, {
      onError: ({ error }: { error: unknown }) => void errors.push(error),
    });
    expect(text).toBe('');
    expect(parts.map((part) => part.type)).toContain('error');
    expect(String(errors[0])).toContain('upstream 503');
  });
});

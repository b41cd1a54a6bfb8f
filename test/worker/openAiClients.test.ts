import { readFileSync } from 'node:fs';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, jsonSchema, Output, stepCountIs, streamText, tool } from 'ai';
import { Miniflare } from 'miniflare';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ReplyguardVerdict,
  replyguardMetadataExtractor,
  replyguardVerdict,
  verdictFromHeaders,
} from '../../src/worker/index';
import { requireBuilt } from '../requireBuilt';
import { waitFor } from '../waitFor';
import { CALL_USAGE, LEAKED, type ResponsesCall, responsesUpstream } from './responsesUpstream';

// The real OpenAI clients against the Worker bundle in workerd, on POST /v1/responses: the
// official `openai` client (responses.create, responses.stream) and the AI SDK's default OpenAI
// model (the Responses API) with generateText and streamText. The Worker's upstream is a local
// Responses API server (UPSTREAM_KIND=openai-responses), so what the Worker cancels is seen from
// the upstream's side of the connection.
requireBuilt('worker/dist/worker.js');
const script = readFileSync(new URL('../../worker/dist/worker.js', import.meta.url), 'utf8');
const KEY = 'client-key';
let upstream: Awaited<ReturnType<typeof responsesUpstream>>;
let mf: Miniflare;
let base: URL;

beforeAll(async () => {
  upstream = await responsesUpstream();
  mf = new Miniflare({
    modules: true,
    script,
    compatibilityDate: '2025-01-01',
    compatibilityFlags: ['enable_request_signal'],
    host: '127.0.0.1',
    port: 0,
    bindings: {
      UPSTREAM_KIND: 'openai-responses',
      UPSTREAM_BASE_URL: upstream.baseUrl,
      UPSTREAM_MODEL: 'fake',
      API_KEY: KEY,
    },
  });
  base = await mf.ready;
});
afterAll(async () => {
  await mf?.dispose();
  await upstream?.close();
});

const baseURL = () => new URL('/v1', base).href;
const openai = () => new OpenAI({ baseURL: baseURL(), apiKey: KEY, maxRetries: 0 });
const aiOpenAI = () => createOpenAI({ baseURL: baseURL(), apiKey: KEY });
const invoice = {
  type: 'object' as const,
  properties: { total: { type: 'number' as const } },
  required: ['total'],
  additionalProperties: false,
};
const NOTICE = 'Sorry, I could not produce a valid reply. Please try again.';

/** What a client got from one turn, in common terms. */
interface Outcome {
  readonly text: string;
  readonly verdict: ReplyguardVerdict | undefined;
  /** The status in the x-replyguard-* headers (whole answers only). */
  readonly header?: string | undefined;
  readonly usage: { input: number; output: number; reasoning: number | undefined };
}

interface Client {
  readonly name: string;
  readonly stream: boolean;
  readonly ask: (prompt: string, json?: boolean) => Promise<Outcome>;
}

const clients: Client[] = [
  {
    name: 'openai responses.create',
    stream: false,
    async ask(input, json) {
      const { data, response } = await openai()
        .responses.create({
          model: 'fake',
          input,
          ...(json
            ? {
                text: {
                  format: { type: 'json_schema', name: 'invoice', schema: invoice, strict: true },
                },
              }
            : {}),
        })
        .withResponse();
      return {
        text: data.output_text,
        verdict: replyguardVerdict(data),
        header: verdictFromHeaders(response.headers)?.status,
        usage: {
          input: data.usage!.input_tokens,
          output: data.usage!.output_tokens,
          reasoning: data.usage!.output_tokens_details.reasoning_tokens,
        },
      };
    },
  },
  {
    name: 'openai responses.stream',
    stream: true,
    async ask(input, json) {
      const stream = openai().responses.stream({
        model: 'fake',
        input,
        ...(json
          ? {
              text: {
                format: { type: 'json_schema', name: 'invoice', schema: invoice, strict: true },
              },
            }
          : {}),
      });
      let text = '';
      stream.on('response.output_text.delta', (event) => (text += event.delta));
      const final = await stream.finalResponse();
      const message = final.output.find((item) => item.type === 'message');
      expect(message?.type === 'message' && message.content[0]?.type === 'output_text').toBe(true);
      return {
        text,
        verdict: replyguardVerdict(final),
        usage: {
          input: final.usage!.input_tokens,
          output: final.usage!.output_tokens,
          reasoning: final.usage!.output_tokens_details.reasoning_tokens,
        },
      };
    },
  },
  {
    name: '@ai-sdk/openai generateText',
    stream: false,
    async ask(prompt, json) {
      const result = await generateText({
        model: aiOpenAI()('fake'),
        prompt,
        maxRetries: 0,
        ...(json ? { output: Output.object({ schema: jsonSchema(invoice) }) } : {}),
      });
      return {
        text: json ? JSON.stringify(result.output) : result.text,
        verdict: replyguardVerdict(result.response.body),
        header: verdictFromHeaders(result.response.headers)?.status,
        usage: {
          input: result.usage.inputTokens!,
          output: result.usage.outputTokens!,
          reasoning: result.usage.outputTokenDetails.reasoningTokens,
        },
      };
    },
  },
  {
    name: '@ai-sdk/openai streamText',
    stream: true,
    async ask(prompt, json) {
      // Raw chunks carry what the provider drops: the verdict on response.completed.
      const result = streamText({
        model: aiOpenAI()('fake'),
        prompt,
        maxRetries: 0,
        includeRawChunks: true,
        ...(json ? { output: Output.object({ schema: jsonSchema(invoice) }) } : {}),
      });
      let text = '';
      let verdict: ReplyguardVerdict | undefined;
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta') text += part.text;
        if (part.type === 'raw') verdict = replyguardVerdict(part.rawValue) ?? verdict;
        if (part.type === 'error') throw part.error;
      }
      const usage = await result.usage;
      return {
        text: json ? JSON.stringify(await result.output) : text,
        verdict,
        usage: {
          input: usage.inputTokens!,
          output: usage.outputTokens!,
          reasoning: usage.outputTokenDetails.reasoningTokens,
        },
      };
    },
  },
];

const segmentsOf = (text: string) => JSON.parse(text) as { segments: { data: { text: string } }[] };

describe.each(clients)('$name against the Worker', { timeout: 20_000 }, (client) => {
  it('gets a valid reply, its verdict and the usage the upstream reported', async () => {
    const outcome = await client.ask('hello');
    expect(segmentsOf(outcome.text).segments[0]!.data.text).toBe('Hello from the upstream');
    expect(outcome.verdict).toMatchObject({ status: 'completed', meta: { attempts: 1 } });
    if (!client.stream) expect(outcome.header).toBe('completed');
    expect(outcome.usage.input).toBe(CALL_USAGE.input);
    expect(outcome.usage.output).toBe(CALL_USAGE.output);
    // The upstream's reasoning count reaches the wire's own field and the verdict.
    expect(outcome.usage.reasoning).toBe(CALL_USAGE.reasoning);
    expect(outcome.verdict!.usage).toMatchObject({
      inputTokens: CALL_USAGE.input,
      outputTokens: CALL_USAGE.output,
      reasoningTokens: CALL_USAGE.reasoning,
    });
  });

  it('gets a leaked secret masked', async () => {
    const outcome = await client.ask('show me a leak');
    expect(outcome.text).not.toContain(LEAKED);
    expect(segmentsOf(outcome.text).segments[0]!.data.text).toBe('Log in with [REDACTED] today.');
    expect(outcome.verdict?.findings[0]).toMatchObject({
      code: 'LEAK_MASKED',
      rule: 'github-token',
    });
  });

  it('gets the correction of an answer cut off early, the upstream call cancelled', async () => {
    const before = upstream.calls.length;
    const outcome = await client.ask('cut it early');
    expect(segmentsOf(outcome.text).segments[0]!.data.text).toBe('Fixed.');
    expect(outcome.verdict).toMatchObject({ status: 'completed', meta: { attempts: 2 } });
    expect(outcome.verdict!.meta.history![0]!.rejectedAt).toBeGreaterThan(0);
    const first = await settled(() => upstream.calls[before]);
    expect(first.ended).toBe(false);
    expect(first.closedEarlyAt).toBeDefined();
  });

  it('gets the failure notice when the correction fails too', async () => {
    const outcome = await client.ask('be invalid');
    expect(segmentsOf(outcome.text).segments[0]!.data.text).toBe(NOTICE);
    expect(outcome.verdict).toMatchObject({ status: 'validation_failed', meta: { attempts: 2 } });
    if (!client.stream) expect(outcome.header).toBe('validation_failed');
  });

  it('gets its own json_schema enforced', async () => {
    const outcome = await client.ask('answer {"total": 41.5}', true);
    expect(JSON.parse(outcome.text)).toEqual({ total: 41.5 });
    expect(outcome.verdict?.meta.schemaName).toBeDefined();
  });
});

/** Waits (bounded) until the upstream saw the call end one way or the other. */
async function settled(find: () => ResponsesCall | undefined): Promise<ResponsesCall> {
  let found: ResponsesCall | undefined;
  await waitFor(() => {
    found = find();
    return found !== undefined && (found.ended || found.closedEarlyAt !== undefined);
  }, 'the upstream call ended');
  return found!;
}

describe('function calls through /v1/responses', { timeout: 20_000 }, () => {
  const weather = {
    type: 'function' as const,
    name: 'get_weather',
    description: 'The weather',
    parameters: { type: 'object', properties: { query: { type: 'string' } } },
    strict: false,
  };

  it('openai: the call comes back as a function_call item, its output goes back as a function_call_output', async () => {
    const before = upstream.calls.length;
    const asked = await openai().responses.create({
      model: 'fake',
      input: 'use the tool',
      tools: [weather],
    });
    const call = asked.output[0]!;
    expect(call).toMatchObject({
      type: 'function_call',
      name: 'get_weather',
      call_id: 'call_up_1',
    });
    // The upstream got the tool as a Responses function tool.
    expect(upstream.calls[before]!.body.tools).toEqual([weather]);

    const streamed = openai().responses.stream({
      model: 'fake',
      input: 'use the tool',
      tools: [weather],
    });
    let args = '';
    streamed.on('response.function_call_arguments.delta', (event) => (args += event.delta));
    const final = await streamed.finalResponse();
    expect(final.output[0]).toMatchObject({ type: 'function_call', call_id: 'call_up_1' });
    expect(args).toBe(call.type === 'function_call' ? call.arguments : '');

    const answered = await openai().responses.create({
      model: 'fake',
      input: [
        { role: 'user', content: 'use the tool' },
        call,
        { type: 'function_call_output', call_id: 'call_up_1', output: 'sunny' },
      ],
      tools: [weather],
    });
    expect(segmentsOf(answered.output_text).segments[0]!.data.text).toBe(
      'The tool answered: sunny',
    );
    expect(upstream.calls.at(-1)!.body.input.slice(-2)).toMatchObject([
      { type: 'function_call', call_id: 'call_up_1', name: 'get_weather' },
      { type: 'function_call_output', call_id: 'call_up_1', output: 'sunny' },
    ]);
  });

  it('the AI SDK runs the tool and sends its result back, generateText and streamText', async () => {
    const tools = {
      get_weather: tool({
        description: 'The weather',
        inputSchema: jsonSchema<{ query: string }>({
          type: 'object',
          properties: { query: { type: 'string' } },
        }),
        execute: ({ query }) => Promise.resolve(`sunny for "${query}"`),
      }),
    };
    const model = aiOpenAI()('fake');
    const whole = await generateText({
      model,
      prompt: 'use the tool',
      tools,
      stopWhen: stepCountIs(3),
      maxRetries: 0,
    });
    expect(whole.steps[0]!.toolCalls[0]).toMatchObject({
      toolName: 'get_weather',
      input: { query: 'use the tool' },
    });
    expect(segmentsOf(whole.text).segments[0]!.data.text).toBe(
      'The tool answered: sunny for "use the tool"',
    );
    const streamed = streamText({
      model,
      prompt: 'use the tool',
      tools,
      stopWhen: stepCountIs(3),
      maxRetries: 0,
    });
    expect(await streamed.text).toBe(whole.text);
    expect((await streamed.steps).length).toBe(2);
  });
});

describe('a client that disconnects mid-stream', { timeout: 20_000 }, () => {
  it('openai responses.stream: aborting cancels the upstream call', async () => {
    const before = upstream.calls.length;
    const stream = openai().responses.stream({ model: 'fake', input: 'slow, please' });
    const created = new Promise((resolve) => stream.on('response.created', resolve));
    stream.on('error', () => undefined);
    stream.on('abort', () => undefined);
    const done = stream.done().catch((error: unknown) => error);
    await created;
    await waitFor(
      () => (upstream.calls[before]?.writes.length ?? 0) >= 3,
      'the upstream is writing',
    );
    stream.abort();
    expect(await done).toBeInstanceOf(OpenAI.APIUserAbortError);
    const call = await settled(() => upstream.calls[before]);
    expect(call.ended).toBe(false);
    expect(call.closedEarlyAt).toBeDefined();
  });

  it('@ai-sdk/openai streamText: aborting cancels the upstream call', async () => {
    const before = upstream.calls.length;
    const abort = new AbortController();
    const result = streamText({
      model: aiOpenAI()('fake'),
      prompt: 'slow, please',
      abortSignal: abort.signal,
      maxRetries: 0,
    });
    const reading = (async () => {
      for await (const _ of result.fullStream);
    })().catch(() => undefined);
    await waitFor(
      () => (upstream.calls[before]?.writes.length ?? 0) >= 3,
      'the upstream is writing',
    );
    abort.abort();
    await reading;
    const call = await settled(() => upstream.calls[before]);
    expect(call.ended).toBe(false);
    expect(call.closedEarlyAt).toBeDefined();
  });
});

describe(
  "the AI SDK's OpenAI-compatible provider on /v1/chat/completions",
  { timeout: 20_000 },
  () => {
    const compatible = () =>
      createOpenAICompatible({
        name: 'replyguard',
        baseURL: baseURL(),
        apiKey: KEY,
        includeUsage: true,
        metadataExtractor: replyguardMetadataExtractor,
      });

    it('surfaces the verdict as providerMetadata (whole and streamed) and in the response headers', async () => {
      const whole = await generateText({
        model: compatible().chatModel('fake'),
        prompt: 'show me a leak',
        maxRetries: 0,
      });
      expect(replyguardVerdict(whole.providerMetadata)).toMatchObject({
        status: 'completed',
        findings: [{ code: 'LEAK_MASKED' }],
      });
      expect(verdictFromHeaders(whole.response.headers)).toEqual({
        status: 'completed',
        attempts: 1,
        stage: 'post_guardrail',
        issues: [],
        findings: ['LEAK_MASKED'],
      });
      const streamed = streamText({
        model: compatible().chatModel('fake'),
        prompt: 'cut it early',
        maxRetries: 0,
      });
      expect(segmentsOf(await streamed.text).segments[0]!.data.text).toBe('Fixed.');
      expect(replyguardVerdict(await streamed.providerMetadata)).toMatchObject({
        status: 'completed',
        meta: { attempts: 2 },
      });
      // A stream's headers go out before the verdict exists.
      expect(verdictFromHeaders((await streamed.response).headers)).toBeUndefined();
    });

    it('the openai client reads the typed verdict of a chat completion and its chunks', async () => {
      const completion = await openai().chat.completions.create({
        model: 'fake',
        messages: [{ role: 'user', content: 'be invalid' }],
      });
      const verdict: ReplyguardVerdict | undefined = replyguardVerdict(completion);
      expect(verdict?.status).toBe('validation_failed');
      let last: ReplyguardVerdict | undefined;
      for await (const chunk of await openai().chat.completions.create({
        model: 'fake',
        messages: [{ role: 'user', content: 'hello' }],
        stream: true,
        stream_options: { include_usage: true },
      }))
        last = replyguardVerdict(chunk) ?? last;
      expect(last?.status).toBe('completed');
    });
  },
);

describe(
  'failures and progress reach the OpenAI clients in their own terms',
  { timeout: 20_000 },
  () => {
    const exhausted = {
      model: 'fake',
      input: 'answer {"total": "2"}',
      text: {
        format: {
          type: 'json_schema' as const,
          name: 'invoice',
          schema: {
            type: 'object',
            properties: { total: { type: 'number' } },
            required: ['total'],
          },
        },
      },
    };

    it('a 422 whole, an error event streamed, an error part in the AI SDK', async () => {
      await expect(openai().responses.create(exhausted)).rejects.toMatchObject({
        status: 422,
        error: { code: 'VALIDATION_FAILED', type: 'invalid_request_error', attempts: 3 },
      });
      const stream = openai().responses.stream(exhausted);
      stream.on('error', () => undefined);
      await expect(stream.finalResponse()).rejects.toMatchObject({
        type: 'error',
        code: 'VALIDATION_FAILED',
      });
      const result = streamText({
        model: aiOpenAI()('fake'),
        prompt: 'answer {"total": "2"}',
        output: Output.object({ schema: jsonSchema(invoice) }),
        maxRetries: 0,
        // The failure is read from the stream below, not logged.
        onError: () => undefined,
      });
      const errors: unknown[] = [];
      for await (const part of result.fullStream)
        if (part.type === 'error') errors.push(part.error);
      expect(JSON.stringify(errors)).toContain('VALIDATION_FAILED');
    });

    it('a refusal or a cut answer under a custom schema is a 422 with its own code', async () => {
      for (const [input, code, message] of [
        ['please refuse {"total": 1}', 'REFUSED', /refused to answer/],
        ['you will run out {"total": 1}', 'TRUNCATED', /cut off at the output token limit/],
      ] as const) {
        const request = { ...exhausted, input };
        await expect(openai().responses.create(request), code).rejects.toMatchObject({
          status: 422,
          message: expect.stringMatching(message),
          error: { code, type: 'invalid_request_error', attempts: 1 },
        });
        const stream = openai().responses.stream(request);
        stream.on('error', () => undefined);
        await expect(stream.finalResponse(), code).rejects.toMatchObject({ type: 'error', code });
        await expect(
          openai().chat.completions.create({
            model: 'fake',
            messages: [{ role: 'user', content: input }],
            response_format: {
              type: 'json_schema',
              json_schema: { name: 'invoice', schema: exhausted.text.format.schema },
            },
          }),
          code,
        ).rejects.toMatchObject({ status: 422, code });
      }
    });

    it('progress events (response.in_progress with replyguard) do not disturb responses.stream', async () => {
      const seen: unknown[] = [];
      const stream = openai().responses.stream({
        model: 'fake',
        input: 'cut it early',
        // replyguard's own request field, beside the API's.
        ...({ replyguard: { progress: true } } as object),
      });
      stream.on('event', (event) => {
        const progress = (event as { replyguard?: { event: string } }).replyguard;
        if (progress) seen.push(progress.event);
      });
      const final = await stream.finalResponse();
      // Attempts and the reject, with views of each answer read so far between (issue 22);
      // none after the reject until the correction starts.
      expect(seen.filter((kind) => kind !== 'progress')).toEqual([
        'attempt',
        'rejected',
        'attempt',
      ]);
      expect(seen.at(-1)).toBe('progress');
      expect(seen[seen.indexOf('rejected') + 1]).toBe('attempt');
      expect(segmentsOf(final.output_text).segments[0]!.data.text).toBe('Fixed.');
    });
  },
);

describe('a conversation over several turns with @ai-sdk/openai', { timeout: 20_000 }, () => {
  it('works with store: false; stored item references are refused, saying what to do', async () => {
    const model = aiOpenAI()('fake');
    const first = await generateText({ model, prompt: 'hello', maxRetries: 0 });
    const messages = [
      { role: 'user' as const, content: 'hello' },
      ...first.response.messages,
      { role: 'user' as const, content: 'show me a leak' },
    ];
    // By default the SDK sends earlier answers as item_reference items (the API stores them).
    await expect(generateText({ model, messages, maxRetries: 0 })).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('store: false'),
    });
    const before = upstream.calls.length;
    const second = await generateText({
      model,
      messages,
      maxRetries: 0,
      providerOptions: { openai: { store: false } },
    });
    expect(segmentsOf(second.text).segments[0]!.data.text).toBe('Log in with [REDACTED] today.');
    // The earlier answer went upstream as an assistant message.
    expect(upstream.calls[before]!.body.input).toMatchObject([
      { role: 'user', content: 'hello' },
      { role: 'assistant', content: first.text },
      { role: 'user', content: 'show me a leak' },
    ]);
  });
});

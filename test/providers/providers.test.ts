import { afterEach, describe, expect, it } from 'vitest';
import { anthropicProvider } from '../../src/providers/anthropicProvider';
import { failureNotice } from '../../src/reply/failureNotice';
import { geminiProvider } from '../../src/providers/geminiProvider';
import { openAiChatProvider } from '../../src/providers/openAiChatProvider';
import { enforceReply } from '../../src/reply/enforceReply';
import { type Behaviour, fakeUpstreamPerTest } from './fakeUpstream';
import { anthropicAnswer, geminiAnswer, openAiAnswer, reply, replyText } from './wireShapes';

const user = [{ role: 'user' as const, content: 'hi' }];
const tools = [
  {
    type: 'function',
    function: { name: 'lookup_order', parameters: { type: 'object', properties: {} } },
  },
];
const serve = fakeUpstreamPerTest(afterEach);

describe('OpenAI-compatible chat completions', () => {
  it('sends the strict response_format beside the tools and reads the content', async () => {
    const server = await serve({ kind: 'json', body: openAiAnswer(replyText) });
    const provider = openAiChatProvider({
      streaming: false,
      baseUrl: `${server.baseUrl}/v1`,
      apiKey: 'sk-test',
      model: 'gpt-4o-mini',
    });
    const result = await enforceReply({ provider, messages: user, system: 'sys', tools });
    expect(result).toMatchObject({
      status: 'completed',
      value: reply,
      usage: { inputTokens: 120, outputTokens: 30 },
      meta: { enforcement: 'provider_schema' },
    });
    const sent = server.requests[0]!;
    expect(sent.url).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe('Bearer sk-test');
    expect(sent.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'segment_reply', strict: true },
    });
    expect(JSON.stringify(sent.body.response_format)).not.toContain('oneOf');
    expect(sent.body.tools).toEqual(tools);
    expect(sent.body.messages[0]).toMatchObject({ role: 'system' });
  });

  it('never takes reasoning as the reply', async () => {
    const server = await serve(
      {
        kind: 'json',
        body: openAiAnswer(null, { reasoning_content: replyText, reasoning: replyText }),
      },
      { kind: 'json', body: openAiAnswer(null, { reasoning_content: replyText }) },
    );
    const provider = openAiChatProvider({ streaming: false, baseUrl: server.baseUrl, model: 'm' });
    expect(await enforceReply({ provider, messages: user })).toMatchObject({
      status: 'validation_failed',
      issues: [{ code: 'NO_FINAL_MESSAGE' }],
      meta: { attempts: 2 },
    });
  });

  it('JSON-as-text mode (MiniMax style) sends no response_format and validates the text the same way', async () => {
    const server = await serve(
      { kind: 'json', body: openAiAnswer('<think>plan</think>' + replyText) },
      { kind: 'json', body: openAiAnswer(replyText) },
    );
    const provider = openAiChatProvider({
      streaming: false,
      baseUrl: server.baseUrl,
      model: 'MiniMax-M2',
      structuredOutput: false,
    });
    const result = await enforceReply({ provider, messages: user });
    expect(server.requests[0]!.body.response_format).toBeUndefined();
    expect(server.requests[1]!.body.messages[1].content).toContain('PROSE_AROUND_JSON');
    expect(result).toMatchObject({
      status: 'completed',
      value: reply,
      meta: { enforcement: 'prompt_only', attempts: 2 },
    });
  });

  it.each([
    [
      'a 401',
      {
        kind: 'json',
        status: 401,
        body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } },
      },
    ],
    ['a 429', { kind: 'json', status: 429, body: { error: { message: 'Rate limit reached' } } }],
    ['a 500', { kind: 'raw', status: 500, body: 'Internal Server Error' }],
    ['a 200 that is not JSON', { kind: 'raw', body: '<html>gateway</html>' }],
    ['a 200 without choices', { kind: 'json', body: { object: 'chat.completion' } }],
    ['a body cut short', { kind: 'cut', body: JSON.stringify(openAiAnswer(replyText)) }],
  ] as [string, Behaviour][])('is error MODEL_FAILED on %s', async (_name, behaviour) => {
    const server = await serve(behaviour);
    const result = await enforceReply({
      provider: openAiChatProvider({ streaming: false, baseUrl: server.baseUrl, model: 'm' }),
      messages: user,
    });
    expect(result).toMatchObject({ status: 'error', issues: [{ code: 'MODEL_FAILED' }] });
    expect(result.notice).toEqual(failureNotice());
  });

  it('is error TIMEOUT when the upstream never answers, and interrupted when the turn is aborted', async () => {
    const server = await serve({ kind: 'hang' });
    const provider = openAiChatProvider({ streaming: false, baseUrl: server.baseUrl, model: 'm' });
    expect(await enforceReply({ provider, messages: user, timeoutMs: 100 })).toMatchObject({
      status: 'error',
      issues: [{ code: 'TIMEOUT' }],
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    expect(
      await enforceReply({ provider, messages: user, signal: controller.signal }),
    ).toMatchObject({ status: 'interrupted', issues: [{ code: 'ABORTED' }] });
  });
});

describe('Anthropic messages (forced tool)', () => {
  it('offers the reply tool beside business tools (tool_choice any) and takes its input, ignoring thinking and text blocks', async () => {
    const server = await serve({
      kind: 'json',
      body: anthropicAnswer([
        { type: 'thinking', thinking: replyText, signature: 'sig' },
        { type: 'text', text: 'Let me answer.' },
        { type: 'tool_use', id: 'toolu_01', name: 'segment_reply', input: reply },
      ]),
    });
    const provider = anthropicProvider({
      streaming: false,
      baseUrl: `${server.baseUrl}/v1`,
      apiKey: 'ak',
      model: 'claude-sonnet-4-5',
    });
    const result = await enforceReply({
      provider,
      messages: user,
      system: 'sys',
      tools: [{ name: 'lookup_order', input_schema: { type: 'object' } }],
    });
    expect(result).toMatchObject({
      status: 'completed',
      value: reply,
      usage: { inputTokens: 200, outputTokens: 40 },
      meta: { enforcement: 'forced_tool' },
    });
    const sent = server.requests[0]!;
    expect(sent.url).toBe('/v1/messages');
    expect(sent.headers['x-api-key']).toBe('ak');
    expect(sent.headers['anthropic-version']).toBe('2023-06-01');
    expect(sent.body.tool_choice).toEqual({ type: 'any' });
    expect(sent.body.tools.map((t: { name: string }) => t.name)).toEqual([
      'segment_reply',
      'lookup_order',
    ]);
    expect(sent.body.system).toContain('Answer with exactly one JSON object');
  });

  it('validates a tool input with the same full schema, and corrects it', async () => {
    const server = await serve(
      {
        kind: 'json',
        body: anthropicAnswer([
          {
            type: 'tool_use',
            id: 't1',
            name: 'segment_reply',
            input: { segments: [{ type: 'text', data: { text: 'x', style: 'bold' } }] },
          },
        ]),
      },
      {
        kind: 'json',
        body: anthropicAnswer([
          { type: 'tool_use', id: 't2', name: 'segment_reply', input: reply },
        ]),
      },
    );
    const result = await enforceReply({
      provider: anthropicProvider({ streaming: false, baseUrl: server.baseUrl, model: 'c' }),
      messages: user,
      tools: [{ name: 'biz' }],
    });
    expect(result).toMatchObject({ status: 'completed', meta: { attempts: 2 } });
    expect(server.requests[0]!.body.tool_choice).toEqual({ type: 'any' });
    expect(server.requests[1]!.body.tools.map((t: { name: string }) => t.name)).toEqual([
      'segment_reply',
    ]);
    expect(server.requests[1]!.body.tool_choice).toEqual({ type: 'tool', name: 'segment_reply' });
    expect(server.requests[1]!.body.messages[0].content).toContain(
      'UNKNOWN_FIELD at /segments/0/data/style',
    );
  });

  it('fails on an upstream error body', async () => {
    const server = await serve({
      kind: 'json',
      status: 529,
      body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
    });
    expect(
      await enforceReply({
        provider: anthropicProvider({ streaming: false, baseUrl: server.baseUrl, model: 'c' }),
        messages: user,
      }),
    ).toMatchObject({ status: 'error', issues: [{ code: 'MODEL_FAILED' }] });
  });
});

describe('Gemini generateContent (responseJsonSchema)', () => {
  it('sends the schema in generationConfig and reads non-thought parts only', async () => {
    const server = await serve({
      kind: 'json',
      body: geminiAnswer([{ text: 'thinking about it', thought: true }, { text: replyText }]),
    });
    const provider = geminiProvider({
      streaming: false,
      baseUrl: `${server.baseUrl}/v1beta`,
      apiKey: 'gk',
      model: 'gemini-2.5-flash',
    });
    const result = await enforceReply({ provider, messages: user, system: 'sys' });
    expect(result).toMatchObject({
      status: 'completed',
      value: reply,
      usage: { inputTokens: 80, outputTokens: 20 },
    });
    const sent = server.requests[0]!;
    expect(sent.url).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(sent.headers['x-goog-api-key']).toBe('gk');
    expect(sent.body.generationConfig).toMatchObject({
      responseMimeType: 'application/json',
      responseJsonSchema: { type: 'object' },
    });
    expect(sent.body.systemInstruction.parts[0].text).toContain('sys');
  });

  it('a candidate with only thoughts is a mismatch (one correction, then the notice); a blocked prompt is REFUSED; no candidates otherwise is a failure', async () => {
    const thoughts = {
      kind: 'json',
      body: geminiAnswer([{ text: replyText, thought: true }]),
    } as const;
    let server = await serve(thoughts, thoughts);
    expect(
      await enforceReply({
        provider: geminiProvider({ streaming: false, baseUrl: server.baseUrl, model: 'g' }),
        messages: user,
      }),
    ).toMatchObject({
      status: 'validation_failed',
      issues: [{ code: 'NO_FINAL_MESSAGE' }],
      meta: { attempts: 2 },
    });
    await server.close();
    server = await serve(
      { kind: 'json', body: { promptFeedback: { blockReason: 'SAFETY' } } },
      { kind: 'json', body: { usageMetadata: { promptTokenCount: 3 } } },
    );
    const blocked = await enforceReply({
      provider: geminiProvider({ streaming: false, baseUrl: server.baseUrl, model: 'g' }),
      messages: user,
    });
    // A blocked prompt is the provider's content filter: refused at once, never corrected.
    expect(blocked).toMatchObject({
      status: 'validation_failed',
      issues: [{ code: 'REFUSED', message: expect.stringContaining('blockReason SAFETY') }],
      notice: failureNotice(),
      meta: { attempts: 1 },
    });
    expect(
      await enforceReply({
        provider: geminiProvider({ streaming: false, baseUrl: server.baseUrl, model: 'g' }),
        messages: user,
      }),
    ).toMatchObject({ status: 'error', issues: [{ code: 'MODEL_FAILED' }] });
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { AiSdkModelError } from '../../src/ai-sdk/aiSdkModelError';
import { aiSdkProvider } from '../../src/ai-sdk/aiSdkProvider';
import { replyguardMiddleware } from '../../src/ai-sdk/replyguardMiddleware';
import { ProviderError } from '../../src/providers/modelProvider';
import { enforceReply } from '../../src/reply/enforceReply';
import { DEFAULT_FAILURE_NOTICE } from '../../src/reply/failureNotice';
import { FINISHED, type ScriptedAnswer, scriptedServer, textChunks } from './scriptedServer';
import { createOpenAICompatible, generateText, streamText, wrapLanguageModel } from './sdk';

// The AI SDK's own OpenAI-compatible provider against a local server that fails the way a
// replyguard Worker (or any OpenAI-compatible proxy) does mid-stream: an SSE frame
// `{"error":{"message","code"}}`, which the provider hands on as a plain object in an error part.
const good = '{"segments":[{"type":"text","data":{"text":"Hello"}}]}';
const notice = JSON.stringify({
  segments: [{ type: 'text', data: { text: DEFAULT_FAILURE_NOTICE } }],
});
const workerError = {
  error: {
    code: 'UPSTREAM_FAILED',
    message: 'the upstream model did not answer',
    status: 502,
    type: 'replyguard_error',
  },
};
const upstreamWords = 'the upstream model did not answer (UPSTREAM_FAILED)';

let servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

async function upstream(answers: ScriptedAnswer[]) {
  const server = await scriptedServer(answers);
  servers.push(server);
  const model = createOpenAICompatible({
    name: 'worker',
    baseURL: server.baseURL,
    supportsStructuredOutputs: true,
    includeUsage: true,
  }).chatModel('local-model');
  return { server, model };
}

const guarded = (model: Parameters<typeof wrapLanguageModel>[0]['model']) =>
  wrapLanguageModel({ model, middleware: replyguardMiddleware() });

async function streamed(model: Parameters<typeof streamText>[0]['model']) {
  const errors: unknown[] = [];
  const result = streamText({
    model,
    prompt: 'hi',
    maxRetries: 0,
    onError: ({ error }) => void errors.push(error),
  });
  const types: string[] = [];
  for await (const part of result.fullStream) types.push(part.type);
  let text = '';
  for await (const delta of result.textStream) text += delta;
  return { result, types, text, errors };
}

const verdict = (metadata: unknown) =>
  (metadata as { replyguard: { status: string; issues: { code: string; message: string }[] } })
    .replyguard;

describe('aiSdkProvider with the openai-compatible provider', () => {
  it('throws an error frame as an AiSdkModelError with the upstream’s message and code', async () => {
    const { model } = await upstream([{ frames: [workerError, '[DONE]'] }]);
    const events = aiSdkProvider(model).stream!(
      { system: '', messages: [{ role: 'user', content: 'hi' }] },
      { signal: new AbortController().signal },
    );
    const failure = await (async () => {
      for await (const _ of events);
    })().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(AiSdkModelError);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({
      name: 'AiSdkModelError',
      message: upstreamWords,
      code: 'UPSTREAM_FAILED',
      origin: 'stream',
    });
    expect(String(failure)).not.toContain('[object Object]');
  });

  it('ends an enforceReply turn as MODEL_FAILED naming the upstream’s message and code', async () => {
    const { model } = await upstream([{ frames: [...textChunks('{"segm'), workerError] }]);
    const result = await enforceReply({
      provider: aiSdkProvider(model),
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(result.status).toBe('error');
    expect(result.issues).toMatchObject([{ code: 'MODEL_FAILED' }]);
    expect(result.issues[0]!.message).toContain(upstreamWords);
    expect(JSON.stringify(result)).not.toContain('[object Object]');
  });
});

describe('replyguardMiddleware with the openai-compatible provider', () => {
  it('streams the checked reply from a real SSE answer', async () => {
    const { model, server } = await upstream([{ frames: [...textChunks(good), ...FINISHED] }]);
    const { text, types, result } = await streamed(guarded(model));
    expect(text).toBe(good);
    expect(types).not.toContain('error');
    expect(verdict(await result.providerMetadata).status).toBe('completed');
    expect(server.bodies[0]).toMatchObject({
      stream: true,
      response_format: { type: 'json_schema' },
    });
  });

  it('ends streamText with the failure notice after an error frame, the upstream’s words in the verdict', async () => {
    const { model } = await upstream([{ frames: [workerError, '[DONE]'] }]);
    const { text, types, errors, result } = await streamed(guarded(model));
    expect(text).toBe(notice);
    expect(types).not.toContain('error');
    expect(errors).toEqual([]);
    const replyguard = verdict(await result.providerMetadata);
    expect(replyguard.status).toBe('error');
    expect(replyguard.issues).toMatchObject([{ code: 'MODEL_FAILED' }]);
    expect(replyguard.issues[0]!.message).toContain(upstreamWords);
  });

  it('ends with the notice when the error frame comes after part of the answer, none of it released', async () => {
    const { model } = await upstream([
      { frames: [...textChunks('{"segments":[{"type":"text","data":{"text":"sec'), workerError] },
    ]);
    const { text, result } = await streamed(guarded(model));
    expect(text).toBe(notice);
    expect(verdict(await result.providerMetadata).issues[0]!.message).toContain(upstreamWords);
  });

  it('ends with the notice when the correction’s stream fails', async () => {
    const { model, server } = await upstream([
      { frames: [...textChunks('```json\n' + good + '\n```'), ...FINISHED] },
      { frames: [workerError] },
    ]);
    const { text, result } = await streamed(guarded(model));
    expect(text).toBe(notice);
    expect(server.bodies).toHaveLength(2);
    expect(verdict(await result.providerMetadata).issues[0]!.message).toContain(upstreamWords);
  });

  it('leaves a failed first request to the SDK: its own error, with the server’s message', async () => {
    const { model } = await upstream([{ status: 400, body: workerError }]);
    const { text, types, errors } = await streamed(guarded(model));
    expect(text).toBe('');
    expect(types).toContain('error');
    expect(errors[0]).toBeInstanceOf(Error);
    expect((errors[0] as Error).message).toContain('the upstream model did not answer');
    await expect(
      generateText({ model: guarded(model), prompt: 'hi', maxRetries: 0 }),
    ).rejects.toThrow('no scripted answer');
  });
});

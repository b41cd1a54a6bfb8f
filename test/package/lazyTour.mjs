// Every lazy chunk of the core, loaded through the public API with no network: the four provider
// transports, the custom-schema support (with the JSON Schema validator, the streaming judge and
// the linear-time pattern engine), the progress views, the media inspection, checkReply's checks
// and the masking of a failure. Plain JavaScript and web APIs only, so the same
// tour runs in Node (ESM and CJS), workerd, Chromium, Deno and Bun (see lazyChunks tests).

const REPLY = { segments: [{ type: 'text', data: { text: 'Hello from the lazy chunk tour' } }] };
const TEXT = JSON.stringify(REPLY);
const USER = [{ role: 'user', content: 'hi' }];
// The first 32 bytes of a PNG, sent as an audio segment: only the inspection can tell.
const PNG = btoa(
  String.fromCharCode(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(24).fill(0)),
);

/** What the tour returns in every runtime. */
export const TOUR_RESULT = {
  openAiChat: 'completed',
  anthropic: 'completed',
  gemini: 'completed',
  openAiResponses: 'completed',
  customSchema: { status: 'completed', attempts: 2, rejectedEarly: true },
  catastrophicPattern: 'SCHEMA_MISMATCH',
  progress: true,
  media: 'media-type-mismatch',
  leak: { status: 'completed', code: 'LEAK_MASKED', text: 'my key is [REDACTED]' },
  failure: 'the model call failed: upstream answered 401: Incorrect API key provided: [REDACTED]',
};

const json = (body) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** An OpenAI chat completions stream writing `text` in pieces of 7 characters. */
const chatStream = (text) => {
  const frames = [];
  for (let at = 0; at < text.length; at += 7)
    frames.push({ choices: [{ index: 0, delta: { content: text.slice(at, at + 7) } }] });
  frames.push({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
  const body = frames.map((frame) => `data: ${JSON.stringify(frame)}\n\n`).join('');
  return new Response(`${body}data: [DONE]\n\n`, {
    headers: { 'content-type': 'text/event-stream' },
  });
};

/** A fetch that answers each call with the next of `answers` (made fresh per call). */
const upstream = (...answers) => {
  let call = 0;
  return async () => answers[Math.min(call++, answers.length - 1)]();
};

const connection = (fetch, streaming = true) => ({
  baseUrl: 'https://upstream.test/v1',
  model: 'm',
  fetch,
  streaming,
});

/** Runs the tour against the core's public API (`lib` as imported or required). */
export async function lazyTour(lib) {
  const status = async (provider) => (await lib.enforceReply({ provider, messages: USER })).status;

  const openAiChat = await status(
    lib.openAiChatProvider(connection(upstream(() => chatStream(TEXT)))),
  );
  const anthropic = await status(
    lib.anthropicProvider(
      connection(
        upstream(() =>
          json({
            content: [{ type: 'tool_use', id: 'toolu_1', name: 'segment_reply', input: REPLY }],
            stop_reason: 'tool_use',
            usage: { input_tokens: 10, output_tokens: 5 },
          }),
        ),
        false,
      ),
    ),
  );
  const gemini = await status(
    lib.geminiProvider(
      connection(
        upstream(() =>
          json({
            candidates: [
              { content: { parts: [{ text: TEXT }], role: 'model' }, finishReason: 'STOP' },
            ],
            usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5 },
          }),
        ),
        false,
      ),
    ),
  );
  const openAiResponses = await status(
    lib.openAiResponsesProvider(
      connection(
        upstream(() =>
          json({
            status: 'completed',
            output: [
              {
                type: 'message',
                role: 'assistant',
                content: [{ type: 'output_text', text: TEXT }],
              },
            ],
            usage: { input_tokens: 10, output_tokens: 5 },
          }),
        ),
        false,
      ),
    ),
  );

  // A custom schema: the judge refuses the first answer while it streams, the validator passes
  // the correction.
  const custom = await lib.enforceReply({
    provider: lib.openAiChatProvider(
      connection(
        upstream(
          () => chatStream(JSON.stringify({ answer: 42, padding: 'x'.repeat(80) })),
          () => chatStream(JSON.stringify({ answer: 'forty-two' })),
        ),
      ),
    ),
    messages: USER,
    schema: {
      type: 'object',
      properties: { answer: { type: 'string', pattern: '^f[a-z-]+$' } },
      required: ['answer'],
      additionalProperties: false,
    },
  });

  // A pattern a backtracking engine would take 2^40 steps over: the linear-time engine's chunk.
  const catastrophic = await lib.prepareSchema({ pattern: '^(a+)+$' });
  const catastrophicIssues = await catastrophic.schema.validate(`${'a'.repeat(40)}!`);

  let views = 0;
  const long = JSON.stringify({
    segments: [{ type: 'text', data: { text: 'the answer keeps going '.repeat(12) } }],
  });
  for await (const event of lib.streamReply({
    provider: lib.openAiChatProvider(connection(upstream(() => chatStream(long)))),
    messages: USER,
    streamProgress: true,
  }))
    if (event.type === 'progress') views++;

  const media = await lib.checkReply(
    JSON.stringify({
      segments: [{ type: 'audio', data: { media: { kind: 'base64', value: PNG } } }],
    }),
  );

  // checkReply's checks (policies, the leak scanner and its tables) are a lazy chunk too.
  const leak = await lib.checkReply(
    JSON.stringify({
      segments: [{ type: 'text', data: { text: `my key is ghp_${'aB3dE5'.repeat(6)}` } }],
    }),
  );

  // A provider's failure is masked with its own key as a literal (the masking is a lazy chunk).
  const key = 'sk-tour-0123456789abcdef';
  const failed = await lib.enforceReply({
    provider: lib.openAiChatProvider({
      ...connection(
        upstream(() => new Response(`Incorrect API key provided: ${key}`, { status: 401 })),
        false,
      ),
      apiKey: key,
    }),
    messages: USER,
  });

  return {
    openAiChat,
    anthropic,
    gemini,
    openAiResponses,
    customSchema: {
      status: custom.status,
      attempts: custom.meta.attempts,
      rejectedEarly: custom.meta.history?.[0]?.rejectedAt !== undefined,
    },
    catastrophicPattern: catastrophicIssues[0]?.code,
    progress: views > 0,
    media: media.findings[0]?.rule,
    leak: {
      status: leak.status,
      code: leak.findings[0]?.code,
      text: leak.value?.segments[0]?.data.text,
    },
    failure: failed.issues[0]?.message,
  };
}

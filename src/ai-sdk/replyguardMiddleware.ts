import { splitText } from '../text/splitText';
import { toAiSdkUsage } from './aiSdkUsage';
import type {
  AiSdkCallOptions,
  AiSdkLanguageModel,
  AiSdkProviderMetadata,
  AiSdkResponseMetadata,
  AiSdkToolCall,
  AiSdkUsage,
  AiSdkWarning,
} from './languageModel';
import {
  type Ending,
  type GuardedOutcome,
  type ReplyguardMiddlewareOptions,
  runGuardedTurn,
} from './runGuardedTurn';

export type { ReplyguardMiddlewareOptions } from './runGuardedTurn';

/** The largest text delta the guarded stream emits: the reply is already whole, this only paces it. */
const DELTA_SIZE = 512;

/** What a guarded call ends with, beside its content: the same in whole and streamed calls. */
export interface GuardedEnding {
  finishReason: { unified: 'stop' | 'tool-calls'; raw: string | undefined };
  usage: AiSdkUsage;
  providerMetadata: AiSdkProviderMetadata;
}

/** A guarded whole answer: the checked reply (or the notice) as one text part, or tool calls. */
export interface GuardedGenerateResult extends GuardedEnding {
  content: ({ type: 'text'; text: string } | AiSdkToolCall)[];
  /** The reply text again, for AI SDK 7's structured output (`Output.object`, `generateObject`). */
  structuredOutputText?: string;
  warnings: AiSdkWarning[];
  response?: AiSdkResponseMetadata;
}

/** A part of a guarded stream: only kinds both majors' `streamText` know. */
export type GuardedStreamPart =
  | { type: 'stream-start'; warnings: AiSdkWarning[] }
  | { type: 'response-metadata'; id?: string; timestamp?: Date; modelId?: string }
  | { type: 'text-start' | 'text-end'; id: string }
  | { type: 'text-delta'; id: string; delta: string }
  | AiSdkToolCall
  | ({ type: 'finish' } & GuardedEnding);

/** What the middleware's wrap functions are given: the call's options and the wrapped model. */
export interface GuardedCall {
  readonly params: AiSdkCallOptions;
  readonly model: AiSdkLanguageModel;
}

/**
 * The middleware {@link replyguardMiddleware} returns. Its shape is the one AI SDK 6's
 * `LanguageModelV3Middleware` and AI SDK 7's `LanguageModelMiddleware` share, so either
 * `wrapLanguageModel` takes it as it is (AI SDK 7 does not read `specificationVersion`).
 */
export interface ReplyguardMiddleware {
  readonly specificationVersion: 'v3';
  readonly wrapGenerate: (options: GuardedCall) => Promise<GuardedGenerateResult>;
  readonly wrapStream: (
    options: GuardedCall,
  ) => Promise<{ stream: ReadableStream<GuardedStreamPart> }>;
}

/**
 * An AI SDK middleware (`wrapLanguageModel`) that enforces the reply inside `generateText` and
 * `streamText`. The caller gets, as text, the validated segment reply as JSON or the host's
 * failure notice, never anything else the model wrote; a malformed answer gets one format-only
 * correction from the same model (no history, no tools). `providerMetadata.replyguard` carries
 * the status, issues, findings, usage and meta. In `streamText` no reply text is released before
 * it is validated: the answer is buffered, checked, then emitted.
 *
 * Tool calls pass through to the SDK (which runs them and calls again); a call with
 * `toolChoice: { type: 'none' }` — the tools-off summary a host asks for on its last step, with
 * `prepareStep` — is judged as a tools-off turn: its tool calls are never handed to the SDK to
 * run (an answer of calls only is no final message: the correction follows). Reasoning, sources,
 * files and v4's `custom` and `reasoning-file` parts are not part of a checked reply and are
 * dropped; the segment schema replaces any response format the caller set, and AI SDK 7's
 * structured output (`Output.object`) parses the checked reply. Per call,
 * `providerOptions.replyguard` may set `mentions` (the allowed ids) and `failureNotice`. A first
 * call that fails throws the model's own error, so the SDK's retries apply; a stream that reports
 * a failure once it has begun ends with the notice (`MODEL_FAILED` names the upstream's message
 * and code); an abort rejects like any aborted call. AI SDK 6 and 7 both take it as it is.
 *
 * @example
 * const model = wrapLanguageModel({ model: openai('gpt-4o-mini'), middleware: replyguardMiddleware({ failureNotice: 'Sorry!' }) });
 * const { text, providerMetadata } = await generateText({ model, prompt, providerOptions: { replyguard: { mentions: members } } });
 * const reply = JSON.parse(text); // { segments: [...] }, validated
 */
export function replyguardMiddleware(
  options: ReplyguardMiddlewareOptions = {},
): ReplyguardMiddleware {
  return {
    specificationVersion: 'v3',
    async wrapGenerate({ model, params }) {
      return generateResult(await runGuardedTurn(model, params, options, 'generate'));
    },
    async wrapStream({ model, params }) {
      // The whole turn runs before the stream is handed back: a first call that fails rejects
      // here, as an unwrapped model's would, so the SDK can retry it.
      return { stream: streamOf(await runGuardedTurn(model, params, options, 'stream')) };
    },
  };
}

function generateResult(outcome: GuardedOutcome): GuardedGenerateResult {
  if (outcome.kind === 'throw') throw outcome.error;
  const { ending } = outcome;
  return {
    ...(outcome.kind === 'text'
      ? // Structured output parses this when set: it is the checked text, never the model's own.
        { content: [{ type: 'text', text: outcome.text }], structuredOutputText: outcome.text }
      : { content: [...outcome.toolCalls] }),
    ...ended(ending),
    warnings: [...ending.warnings],
    ...(ending.response ? { response: ending.response } : {}),
  };
}

function streamOf(outcome: GuardedOutcome): ReadableStream<GuardedStreamPart> {
  if (outcome.kind === 'throw') throw outcome.error;
  const { ending } = outcome;
  const parts: GuardedStreamPart[] = [{ type: 'stream-start', warnings: [...ending.warnings] }];
  if (ending.response) {
    const { id, timestamp, modelId } = ending.response;
    parts.push({
      type: 'response-metadata',
      ...(id === undefined ? {} : { id }),
      ...(timestamp === undefined ? {} : { timestamp }),
      ...(modelId === undefined ? {} : { modelId }),
    });
  }
  if (outcome.kind === 'text') {
    parts.push({ type: 'text-start', id: 'reply' });
    // Never inside a surrogate pair: a delta is a whole string of its own.
    if (outcome.text !== '')
      for (const delta of splitText(outcome.text, DELTA_SIZE))
        parts.push({ type: 'text-delta', id: 'reply', delta });
    parts.push({ type: 'text-end', id: 'reply' });
  } else {
    for (const call of outcome.toolCalls) parts.push(call);
  }
  parts.push({ type: 'finish', ...ended(ending) });
  let next = 0;
  return new ReadableStream({
    pull(controller) {
      const part = parts[next++];
      if (part) controller.enqueue(part);
      else controller.close();
    },
  });
}

function ended(ending: Ending): GuardedEnding {
  return {
    finishReason: { ...ending.finishReason },
    usage: toAiSdkUsage(ending.usage),
    providerMetadata: ending.providerMetadata,
  };
}

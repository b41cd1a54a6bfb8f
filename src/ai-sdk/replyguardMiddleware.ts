import type {
  LanguageModelV3Content,
  LanguageModelV3GenerateResult,
  LanguageModelV3Middleware,
  LanguageModelV3StreamPart,
} from '@ai-sdk/provider';
import { toAiSdkUsage } from './aiSdkUsage';
import {
  type Ending,
  type GuardedOutcome,
  type ReplyguardMiddlewareOptions,
  runGuardedTurn,
} from './runGuardedTurn';

export type { ReplyguardMiddlewareOptions } from './runGuardedTurn';

/** The largest text delta the guarded stream emits: the reply is already whole, this only paces it. */
const DELTA_SIZE = 512;

/**
 * An AI SDK middleware (`wrapLanguageModel`) that enforces the reply inside `generateText` and
 * `streamText`. The caller gets, as text, the validated segment reply as JSON or the host's
 * failure notice, never anything else the model wrote; a malformed answer gets one format-only
 * correction from the same model (no history, no tools). `providerMetadata.replyguard` carries
 * the status, issues, findings, usage and meta. In `streamText` no reply text is released before
 * it is validated: the answer is buffered, checked, then emitted.
 *
 * Tool calls pass through to the SDK (which runs them and calls again); reasoning, sources and
 * files are not part of a checked reply and are dropped; the segment schema replaces any response
 * format the caller set. Per call, `providerOptions.replyguard`
 * may set `mentions` (the allowed ids) and `failureNotice`. A first call that fails throws the
 * model's own error, so the SDK's retries apply; an abort rejects like any aborted call.
 *
 * @example
 * const model = wrapLanguageModel({ model: openai('gpt-4o-mini'), middleware: replyguardMiddleware({ failureNotice: 'Sorry!' }) });
 * const { text, providerMetadata } = await generateText({ model, prompt, providerOptions: { replyguard: { mentions: members } } });
 * const reply = JSON.parse(text); // { segments: [...] }, validated
 */
export function replyguardMiddleware(
  options: ReplyguardMiddlewareOptions = {},
): LanguageModelV3Middleware {
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

function generateResult(outcome: GuardedOutcome): LanguageModelV3GenerateResult {
  if (outcome.kind === 'throw') throw outcome.error;
  const content: LanguageModelV3Content[] =
    outcome.kind === 'text' ? [{ type: 'text', text: outcome.text }] : [...outcome.toolCalls];
  return {
    content,
    ...ended(outcome.ending),
    warnings: outcome.ending.warnings,
    ...(outcome.ending.response ? { response: outcome.ending.response } : {}),
  };
}

function streamOf(outcome: GuardedOutcome): ReadableStream<LanguageModelV3StreamPart> {
  if (outcome.kind === 'throw') throw outcome.error;
  const { ending } = outcome;
  const parts: LanguageModelV3StreamPart[] = [{ type: 'stream-start', warnings: ending.warnings }];
  if (ending.response) parts.push({ type: 'response-metadata', ...ending.response });
  if (outcome.kind === 'text') {
    parts.push({ type: 'text-start', id: 'reply' });
    for (let at = 0; at < outcome.text.length; at += DELTA_SIZE)
      parts.push({
        type: 'text-delta',
        id: 'reply',
        delta: outcome.text.slice(at, at + DELTA_SIZE),
      });
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

function ended(
  ending: Ending,
): Pick<LanguageModelV3GenerateResult, 'finishReason' | 'usage' | 'providerMetadata'> {
  return {
    finishReason: ending.finishReason,
    usage: toAiSdkUsage(ending.usage),
    providerMetadata: ending.providerMetadata,
  };
}

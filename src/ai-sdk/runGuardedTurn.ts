import type { JsonLimits } from '../json/jsonLimits';
import type { ModelProvider } from '../providers/modelProvider';
import type { ReplyPolicies } from '../reply/replyPolicies';
import type { ReplyResult, Usage } from '../results/replyResult';
import { AiSdkModelError } from './aiSdkModelError';
import { type AiSdkCallRecord, aiSdkProvider } from './aiSdkProvider';
import { DEFAULT_FAILURE_NOTICE, failureNotice, streamReply } from './core';
import type {
  AiSdkCallOptions,
  AiSdkJsonObject,
  AiSdkLanguageModel,
  AiSdkProviderMetadata,
  AiSdkResponseMetadata,
  AiSdkToolCall,
  AiSdkWarning,
} from './languageModel';
import { fromPrompt } from './promptMessages';

/** Options of {@link replyguardMiddleware}: those of `checkReply`, plus the turn's limits. */
export interface ReplyguardMiddlewareOptions extends ReplyPolicies {
  /** The host's failure notice text, delivered instead of a reply that could not be validated. */
  readonly failureNotice?: string | undefined;
  /** Parser bounds (length, depth, `__proto__`). */
  readonly limits?: Partial<JsonLimits> | undefined;
  /** `provider_schema` (default) sends the segment schema as the response format; `prompt_only` does not. */
  readonly enforcement?: 'provider_schema' | 'prompt_only' | undefined;
  /** The limit of the first model call, in ms (the core's default: 60 s). */
  readonly timeoutMs?: number | undefined;
  /** The limit of the correction call, in ms (the core's default: 30 s). */
  readonly correctionTimeoutMs?: number | undefined;
}

/** How a guarded model call ends, in AI SDK terms. */
export type GuardedOutcome =
  | { readonly kind: 'throw'; readonly error: unknown }
  | {
      readonly kind: 'tool-calls';
      readonly toolCalls: readonly AiSdkToolCall[];
      readonly ending: Ending;
    }
  | { readonly kind: 'text'; readonly text: string; readonly ending: Ending };

/** What every non-throwing outcome reports alongside its content. */
export interface Ending {
  readonly result: ReplyResult<unknown>;
  readonly usage: Usage;
  /**
   * How the guarded call ended, as the turn delivered it (`raw` is the same word): a notice after
   * a cut or refused answer is a `stop`, whatever the upstream's own reason was.
   */
  readonly finishReason: {
    readonly unified: 'stop' | 'tool-calls';
    readonly raw: string | undefined;
  };
  readonly providerMetadata: AiSdkProviderMetadata;
  readonly warnings: readonly AiSdkWarning[];
  readonly response?: AiSdkResponseMetadata;
}

/**
 * Runs one AI SDK model call as a replyguard turn: the caller's prompt with the segment
 * instruction appended to the system text, the schema as the response format, the caller's
 * tools; then the check and at most one format-only correction against the same model.
 * Tool calls end the turn unchecked (the SDK runs them and calls again). A call with
 * `toolChoice: { type: 'none' }` (the tools-off summary a host asks for on its last step) is a
 * tools-off turn: judged as it streams, its tool calls never handed back for the SDK to run.
 */
export async function runGuardedTurn(
  model: AiSdkLanguageModel,
  params: AiSdkCallOptions,
  options: ReplyguardMiddlewareOptions,
  transport: 'generate' | 'stream',
): Promise<GuardedOutcome> {
  // The caller's response format, if any, gives way to the segment schema: the reply is segments.
  const {
    prompt,
    tools,
    toolChoice,
    responseFormat: _replaced,
    abortSignal,
    providerOptions,
    ...settings
  } = params;
  const { enforcement, ...policies } = options;
  const { replyguard: perCall, ...otherProviderOptions } = providerOptions ?? {};
  const mentions = readMentions(perCall) ?? options.mentions;
  const noticeText =
    (typeof perCall?.failureNotice === 'string' ? perCall.failureNotice : undefined) ??
    options.failureNotice ??
    DEFAULT_FAILURE_NOTICE;
  const { system, messages } = fromPrompt(prompt);

  const records: AiSdkCallRecord[] = [];
  const inner = aiSdkProvider(model, {
    settings: {
      ...settings,
      ...(providerOptions ? { providerOptions: otherProviderOptions } : {}),
    },
    // `none` is the turn's own (a tools-off step: the calls of its answer are never handed back).
    ...(toolChoice && toolChoice.type !== 'none' ? { toolChoice } : {}),
    enforcement: enforcement ?? 'provider_schema',
    transport,
    onCall: (record) => records.push(record),
  });
  const firstCall = firstCallError(inner);

  const result = await finalResult({
    ...policies,
    ...(mentions ? { mentions } : {}),
    failureNotice: noticeText,
    provider: firstCall.provider,
    system,
    messages,
    ...(tools && tools.length > 0
      ? { tools, ...(toolChoice?.type === 'none' ? { toolChoice: 'none' as const } : {}) }
      : {}),
    ...(abortSignal ? { signal: abortSignal } : {}),
  });

  if (abortSignal?.aborted || result.issues.some((issue) => issue.code === 'ABORTED')) {
    return {
      kind: 'throw',
      error: abortSignal?.reason ?? new DOMException('The operation was aborted.', 'AbortError'),
    };
  }
  // The first call failed outright: the SDK gets the model's own error (its retries, its onError).
  // A failure the model's stream reported once it had begun is no call the SDK could retry: the
  // turn ends with the notice, the upstream's message and code in the MODEL_FAILED issue.
  if (result.status === 'error' && result.meta.attempts <= 1) {
    const timeout = result.issues.find((issue) => issue.code === 'TIMEOUT');
    if (timeout) return { kind: 'throw', error: new DOMException(timeout.message, 'TimeoutError') };
    const [error] = firstCall.error;
    if (firstCall.error.length > 0 && !reportedByStream(error)) return { kind: 'throw', error };
  }

  const last = records.at(-1);
  const ending = (finish: Ending['finishReason']['unified']): Ending => ({
    result,
    usage: result.usage,
    // The turn's own ending, as the Worker's routes give theirs: the upstream's raw reason
    // (a cut first answer's `length`, say) would contradict `unified`.
    finishReason: { unified: finish, raw: finish },
    providerMetadata: { ...last?.providerMetadata, replyguard: replyguardMetadata(result) },
    warnings: records[0]?.warnings ?? [],
    ...(last?.response ? { response: last.response } : {}),
  });

  const toolCalls = result.status === 'interrupted' ? returnedToolCalls(result, records) : [];
  if (toolCalls.length > 0) return { kind: 'tool-calls', toolCalls, ending: ending('tool-calls') };
  const delivered =
    result.status === 'completed' ? result.value : (result.notice ?? failureNotice(noticeText));
  return { kind: 'text', text: JSON.stringify(delivered), ending: ending('stop') };
}

/**
 * The turn's result. `streamReply` streams the model when the provider streams (the `stream`
 * transport): an answer that is provably invalid is cut off at once and the correction starts.
 */
async function finalResult(
  options: Parameters<typeof streamReply>[0],
): Promise<ReplyResult<unknown>> {
  for await (const event of streamReply(options)) {
    if (event.type === 'final') return event.result;
  }
  throw new Error('replyguard: the turn ended without a result');
}

/** What `providerMetadata.replyguard` carries: the result without the value, as plain JSON. */
export function replyguardMetadata(result: ReplyResult<unknown>): AiSdkJsonObject {
  return JSON.parse(
    JSON.stringify({
      status: result.status,
      issues: result.issues,
      findings: result.findings,
      usage: result.usage,
      meta: result.meta,
    }),
  ) as AiSdkJsonObject;
}

// The turn handed tool calls back: the parts the model wrote, so ids and provider metadata survive.
function returnedToolCalls(
  result: ReplyResult<unknown>,
  records: readonly AiSdkCallRecord[],
): AiSdkToolCall[] {
  const written = records.flatMap((record) => record.toolCalls);
  const named = result.status === 'interrupted' ? (result.toolCalls ?? []) : [];
  return named.map(
    (call) =>
      written.find((part) => part.toolCallId === call.id) ?? {
        type: 'tool-call',
        toolCallId: call.id,
        toolName: call.name,
        input: call.arguments,
      },
  );
}

function readMentions(
  perCall: Readonly<Record<string, unknown>> | undefined,
): ReplyPolicies['mentions'] {
  const allowed = perCall?.mentions;
  if (!Array.isArray(allowed)) return undefined;
  return { allowed: allowed.filter((id): id is string => typeof id === 'string') };
}

function reportedByStream(error: unknown): boolean {
  return error instanceof AiSdkModelError && error.origin === 'stream';
}

/** The provider, with the error its first call threw kept for the caller. */
function firstCallError(provider: ModelProvider): { provider: ModelProvider; error: unknown[] } {
  const error: unknown[] = [];
  let calls = 0;
  const keep = (index: number, thrown: unknown) => {
    if (index === 1) error.push(thrown);
    return thrown;
  };
  // Called with `provider` as `this` below.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const stream = provider.stream;
  return {
    error,
    provider: {
      ...provider,
      async generate(request, context) {
        const index = ++calls;
        try {
          return await provider.generate(request, context);
        } catch (thrown) {
          throw keep(index, thrown);
        }
      },
      ...(stream
        ? {
            async *stream(request, context) {
              const index = ++calls;
              try {
                yield* stream.call(provider, request, context);
              } catch (thrown) {
                throw keep(index, thrown);
              }
            },
          }
        : {}),
    },
  };
}

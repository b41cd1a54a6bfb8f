import { ProviderError } from './core';

/** The longest upstream message an error keeps. */
const MAX_MESSAGE = 300;

/**
 * A failure an AI SDK model reported that was not an `Error`, or came as an `error` part of its
 * stream (where providers put plain objects: OpenAI-compatible servers' `{ message, code }`).
 * The message is the upstream's own, followed by its code; `cause` keeps what the model sent.
 */
export class AiSdkModelError extends ProviderError {
  /** The upstream's error code (`code`, else `type`), when it gave one. */
  readonly code: string | undefined;
  /** `stream`: an error part of the model's stream; `call`: its call threw a value not an Error. */
  readonly origin: 'stream' | 'call';

  /**
   * `answered`: the model's stream had begun its answer when it reported the failure (the call
   * is billed: the turn estimates its usage).
   */
  constructor(
    reported: unknown,
    origin: 'stream' | 'call',
    options: { readonly answered?: boolean } = {},
  ) {
    const { message, code, status } = describe(reported);
    super(code === undefined ? message : `${message} (${code})`, status, {
      answered: options.answered === true,
    });
    this.name = 'AiSdkModelError';
    this.code = code;
    this.origin = origin;
    this.cause = reported;
  }
}

/** What a model reported, in its own words: `message`, `code` and status, one level deep. */
function describe(reported: unknown): { message: string; code?: string; status?: number } {
  if (typeof reported === 'string') return { message: bounded(reported) };
  if (typeof reported !== 'object' || reported === null)
    return { message: `the model reported a failure: ${bounded(String(reported))}` };
  const outer = reported as { readonly [key: string]: unknown };
  // `{ error: { message, code } }`, the body servers send, or the inner object itself.
  const nested = outer.error;
  const fields =
    typeof outer.message !== 'string' && typeof nested === 'object' && nested !== null
      ? (nested as { readonly [key: string]: unknown })
      : outer;
  const code = [fields.code, fields.type].find(
    (value): value is string | number =>
      (typeof value === 'string' && value !== '') || typeof value === 'number',
  );
  const status = [outer.statusCode, outer.status].find(
    (value): value is number => typeof value === 'number',
  );
  return {
    message:
      typeof fields.message === 'string' && fields.message !== ''
        ? bounded(fields.message)
        : `the model reported a failure: ${bounded(safeJson(reported))}`,
    ...(code === undefined ? {} : { code: String(code) }),
    ...(status === undefined ? {} : { status }),
  };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

function bounded(text: string): string {
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text;
}

/**
 * A value a model call threw or reported, as an `Error`: an `Error` thrown by the call as it is
 * (the SDK's own, which its retries know); anything else, and every error part, an
 * {@link AiSdkModelError} with the upstream's message and code (`answered` when the stream had
 * begun its answer).
 */
export function modelError(reported: unknown, origin: 'stream' | 'call', answered = false): Error {
  if (origin === 'call' && reported instanceof Error) return reported;
  return new AiSdkModelError(reported, origin, { answered });
}

import type { ReplyStage, ReplyStatus } from '../../results/replyResult';

/** The verdict a whole answer carries in its `x-replyguard-*` response headers. */
export interface HeaderVerdict {
  readonly status: ReplyStatus;
  readonly attempts: number;
  readonly stage: ReplyStage;
  /** The distinct issue codes (the first 16). */
  readonly issues: readonly string[];
  /** The distinct finding codes (what was masked or replaced). */
  readonly findings: readonly string[];
}

/**
 * Reads the verdict from a whole answer's response headers: a `Headers`, or a plain record as the
 * AI SDK (`result.response.headers`) and LangChain's response metadata give them. Undefined when
 * the headers carry none (a streamed answer, an upstream's own answer).
 *
 * @example
 * const { text, response } = await generateText({ model: openai('replyguard'), prompt });
 * const verdict = verdictFromHeaders(response.headers);
 */
export function verdictFromHeaders(
  headers: Headers | Readonly<Record<string, string | undefined>> | undefined,
): HeaderVerdict | undefined {
  if (!headers) return undefined;
  const get = (name: string): string | undefined =>
    headers instanceof Headers
      ? (headers.get(name) ?? undefined)
      : (headers[name] ?? headerIgnoringCase(headers, name));
  const status = get('x-replyguard-status');
  const attempts = Number(get('x-replyguard-attempts'));
  const stage = get('x-replyguard-stage');
  if (
    (status !== 'completed' &&
      status !== 'validation_failed' &&
      status !== 'interrupted' &&
      status !== 'error') ||
    !Number.isSafeInteger(attempts) ||
    (stage !== 'model' && stage !== 'correction' && stage !== 'post_guardrail')
  )
    return undefined;
  const list = (name: string) => (get(name) ?? '').split(',').filter((code) => code !== '');
  return {
    status,
    attempts,
    stage,
    issues: list('x-replyguard-issues'),
    findings: list('x-replyguard-findings'),
  };
}

function headerIgnoringCase(
  headers: Readonly<Record<string, string | undefined>>,
  name: string,
): string | undefined {
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

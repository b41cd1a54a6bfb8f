import type { ReplyResult } from '../../results/replyResult';

/** The response headers that carry a turn's verdict, in order. */
export const VERDICT_HEADERS = [
  'x-replyguard-status',
  'x-replyguard-attempts',
  'x-replyguard-stage',
  'x-replyguard-issues',
  'x-replyguard-findings',
] as const;

// A header stays short: the codes of the first issues; the body carries them all.
const MAX_CODES = 16;

/**
 * A finished turn's verdict as response headers, for clients that see headers but drop unknown
 * body fields (the AI SDK's `response.headers`, LangChain's response metadata): status, attempts,
 * stage, and the distinct codes of the issues and findings, comma-separated (a header is left
 * out when there are none). Only whole answers carry them: a stream's headers go out before its
 * verdict is known.
 */
export function verdictHeaders(
  result: Pick<ReplyResult<unknown>, 'status' | 'issues' | 'findings' | 'meta'>,
): Record<string, string> {
  const headers: Record<string, string> = {
    'x-replyguard-status': result.status,
    'x-replyguard-attempts': String(result.meta.attempts),
    'x-replyguard-stage': result.meta.stage,
  };
  const issues = codes(result.issues);
  const findings = codes(result.findings);
  if (issues !== '') headers['x-replyguard-issues'] = issues;
  if (findings !== '') headers['x-replyguard-findings'] = findings;
  return headers;
}

function codes(list: readonly { readonly code: string }[]): string {
  return [...new Set(list.map((entry) => entry.code))].slice(0, MAX_CODES).join(',');
}

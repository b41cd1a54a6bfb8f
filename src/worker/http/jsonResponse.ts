import { withErrorCode } from './errorCode';

/** A JSON response. */
export function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** The error body every failure answers with: a stable code, a clear message, and any details. */
export function jsonError(
  status: number,
  code: string,
  message: string,
  headers: HeadersInit = {},
  details: Record<string, unknown> = {},
): Response {
  return withErrorCode(json({ error: { ...details, code, message } }, status, headers), code);
}

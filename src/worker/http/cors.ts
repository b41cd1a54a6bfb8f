import { VERDICT_HEADERS } from './verdictHeaders';

// What the clients of the three APIs send: the key (as a bearer token or Anthropic's x-api-key)
// and Anthropic's version and beta headers.
const ALLOWED_HEADERS = 'authorization, content-type, x-api-key, anthropic-version, anthropic-beta';
const ALLOWED_METHODS = 'GET, POST, PUT, OPTIONS';
// Beside the verdict: a 429's wait and the id a request's log line carries, which a page shows or
// reports (neither is a header a browser lets a page read unless exposed).
const EXPOSED_HEADERS = [...VERDICT_HEADERS, 'retry-after', 'x-replyguard-request-id'].join(', ');

/**
 * The CORS headers for a request's origin: only for an origin on the allowlist. The verdict
 * headers, `retry-after` and the request id are exposed, so a page can read them.
 */
export function corsHeaders(
  request: Request,
  allowlist: readonly string[],
): Record<string, string> {
  const origin = request.headers.get('origin');
  if (!origin || !(allowlist.includes('*') || allowlist.includes(origin))) return {};
  return {
    'access-control-allow-origin': allowlist.includes('*') ? '*' : origin,
    'access-control-expose-headers': EXPOSED_HEADERS,
    vary: 'origin',
  };
}

/** The answer to a preflight: 204 for an allowed origin, 403 otherwise. */
export function preflight(request: Request, allowlist: readonly string[]): Response {
  const headers = corsHeaders(request, allowlist);
  if (!headers['access-control-allow-origin']) return new Response(null, { status: 403 });
  return new Response(null, {
    status: 204,
    headers: {
      ...headers,
      'access-control-allow-methods': ALLOWED_METHODS,
      'access-control-allow-headers': ALLOWED_HEADERS,
      'access-control-max-age': '600',
    },
  });
}

const ALLOWED_HEADERS = 'authorization, content-type';
const ALLOWED_METHODS = 'GET, POST, PUT, OPTIONS';

/** The CORS headers for a request's origin: only for an origin on the allowlist. */
export function corsHeaders(
  request: Request,
  allowlist: readonly string[],
): Record<string, string> {
  const origin = request.headers.get('origin');
  if (!origin || !(allowlist.includes('*') || allowlist.includes(origin))) return {};
  return { 'access-control-allow-origin': allowlist.includes('*') ? '*' : origin, vary: 'origin' };
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

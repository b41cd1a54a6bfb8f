import { type Issue, parseJson } from '../../../src/index';
import { jsonError } from '../http/jsonResponse';
import { readBody } from '../http/readBody';

/** A JSON request body, parsed by the same strict parser the replies get, or the error response. */
export async function readJsonBody(request: Request, limit: number, cors: Record<string, string>): Promise<{ ok: true; value: unknown; raw: string } | { ok: false; response: Response }> {
  const body = await readBody(request, limit);
  if (!body.ok) return { ok: false, response: jsonError(body.status, body.status === 413 ? 'BODY_TOO_LARGE' : 'BAD_REQUEST', body.message, cors) };
  const parsed = parseJson(body.text);
  if (!parsed.ok) return { ok: false, response: badRequest(`the request body is not strict JSON: ${parsed.issue.code} at ${parsed.issue.path || 'the root'} (line ${parsed.issue.line}, column ${parsed.issue.column})`, cors) };
  return { ok: true, value: parsed.value, raw: body.text };
}

export function badRequest(message: string, cors: Record<string, string>, issues?: readonly Issue[]): Response {
  return new Response(JSON.stringify({ error: { code: 'BAD_REQUEST', message, ...(issues ? { issues } : {}) } }), {
    status: 400,
    headers: { 'content-type': 'application/json; charset=utf-8', ...cors },
  });
}

/** True when the request's media type is one of `types`. */
export function hasMediaType(request: Request, ...types: string[]): boolean {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  return types.includes(type);
}

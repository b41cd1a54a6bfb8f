import { parseJson } from '../../../src/index';
import { jsonError } from '../http/jsonResponse';
import { type BodyRead, readBody } from '../http/readBody';

/** The error response for a body that could not be read (too large, not UTF-8). */
export function bodyError(body: Extract<BodyRead, { ok: false }>, cors: Record<string, string>): Response {
  return jsonError(body.status, body.status === 413 ? 'BODY_TOO_LARGE' : 'BAD_REQUEST', body.message, cors);
}

/** A JSON request body, parsed by the same strict parser the replies get, or the error response. */
export async function readJsonBody(request: Request, limit: number, cors: Record<string, string>): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  const body = await readBody(request, limit);
  if (!body.ok) return { ok: false, response: bodyError(body, cors) };
  const parsed = parseJson(body.text);
  if (!parsed.ok) return { ok: false, response: badRequest(`the request body is not strict JSON: ${parsed.issue.code} at ${parsed.issue.path || 'the root'} (line ${parsed.issue.line}, column ${parsed.issue.column})`, cors) };
  return { ok: true, value: parsed.value };
}

/** 400 with a message that says what is wrong with the request. */
export function badRequest(message: string, cors: Record<string, string>): Response {
  return jsonError(400, 'BAD_REQUEST', message, cors);
}

/** True when the request's media type is one of `types`. */
export function hasMediaType(request: Request, ...types: string[]): boolean {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  return types.includes(type);
}

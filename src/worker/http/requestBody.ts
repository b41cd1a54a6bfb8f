import type * as v from 'valibot';
import type { HttpError } from './httpError';
import { jsonError } from './jsonResponse';
import { parseBodyJson } from './parseBodyJson';
import { type BodyRead, readBody } from './readBody';

/** The error response for a body that could not be read (too large, not UTF-8). */
export function bodyError(
  body: Extract<BodyRead, { ok: false }>,
  cors: Record<string, string>,
): Response {
  return jsonError(
    body.status,
    body.status === 413 ? 'BODY_TOO_LARGE' : 'BAD_REQUEST',
    body.message,
    cors,
  );
}

/** A JSON request body, parsed by the same strict parser the replies get, or the error response. */
export async function readJsonBody(
  request: Request,
  limit: number,
  cors: Record<string, string>,
): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  const read = await readJsonValue(request, limit);
  if (read.ok) return read;
  const { status, code, message } = read.error;
  return { ok: false, response: jsonError(status, code, message, cors) };
}

/**
 * A JSON request body, parsed by the same strict parser the replies get, or why not as data:
 * 413 over the limit (refused from Content-Length before the body is read), 400 not UTF-8 or not
 * strict JSON.
 */
export async function readJsonValue(
  request: Request,
  limit: number,
): Promise<{ ok: true; value: unknown } | { ok: false; error: HttpError }> {
  const body = await readBody(request, limit);
  if (!body.ok)
    return {
      ok: false,
      error: {
        status: body.status,
        code: body.status === 413 ? 'BODY_TOO_LARGE' : 'BAD_REQUEST',
        message: body.message,
      },
    };
  const parsed = parseBodyJson(body.text);
  if (!parsed.ok)
    return {
      ok: false,
      error: {
        status: 400,
        code: 'BAD_REQUEST',
        message: `the request body is not strict JSON: ${parsed.issue.code} at ${parsed.issue.path || 'the root'} (line ${parsed.issue.line}, column ${parsed.issue.column})`,
      },
    };
  return { ok: true, value: parsed.value };
}

/** 400 with a message that says what is wrong with the request. */
export function badRequest(
  message: string,
  cors: Record<string, string>,
  extra: Record<string, unknown> = {},
): Response {
  return jsonError(400, 'BAD_REQUEST', message, cors, extra);
}

/**
 * 400 naming the first field valibot refused, e.g. `messages.1.role: Invalid type: Expected …`,
 * with the field's path also given as `error.field`.
 */
export function invalidField(
  what: string,
  issues: readonly v.BaseIssue<unknown>[],
  cors: Record<string, string>,
): Response {
  const error = fieldError(what, issues);
  return badRequest(error.message, cors, error.details);
}

/**
 * The 400 of {@link invalidField} as data; `at` places a nested value's issues (`input.3`).
 */
export function fieldError(
  what: string,
  issues: readonly v.BaseIssue<unknown>[],
  at?: string,
): HttpError {
  const { issue, path } = deepest(issues[0]!, at === undefined ? [] : [at]);
  const field = path.join('.');
  const where = field === '' ? 'the body' : `\`${field}\``;
  // A closed object's extra member: said plainly, as the APIs say it.
  const why = issue.expected === 'never' ? 'unknown parameter' : issue.message;
  return {
    status: 400,
    code: 'BAD_REQUEST',
    message: `${what}: ${where}: ${why}`,
    details: { field },
  };
}

/** A 400 about one request field (a dot path): the message names the field first. */
export function badField(field: string, message: string): HttpError {
  return {
    status: 400,
    code: 'BAD_REQUEST',
    message: `\`${field}\`: ${message}`,
    details: { field },
  };
}

// A union's own issue only says "invalid type"; the branch that came closest names the field.
// A branch's path is relative to the union, so the union's own path goes first.
function deepest(
  issue: v.BaseIssue<unknown>,
  prefix: readonly string[],
): { issue: v.BaseIssue<unknown>; path: string[] } {
  const path = [...prefix, ...(issue.path ?? []).map((item) => String(item.key))];
  let best = { issue, path };
  for (const branch of issue.issues ?? []) {
    const candidate = deepest(branch, path);
    if (candidate.path.length > best.path.length) best = candidate;
  }
  return best;
}

/** True when the request's media type is one of `types`. */
export function hasMediaType(request: Request, ...types: string[]): boolean {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  return types.includes(type);
}

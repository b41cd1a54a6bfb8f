import type { ErrorShape } from './httpError';

/**
 * The OpenAI error body (chat completions and Responses): `{ error: { message, type, param, code
 * } }`, which the openai client raises as an `APIError` with those fields. replyguard's own
 * members (`field`, `issues`, `schemaName`, `attempts`) ride along, so it is also replyguard's
 * `{ error: { code, message } }` shape.
 */
export const openAiError: ErrorShape = (error) => ({
  error: {
    ...error.details,
    message: error.message,
    type: openAiErrorType(error.status),
    param: typeof error.details?.field === 'string' ? error.details.field : null,
    code: error.code,
  },
});

/** The OpenAI error `type` of a status. */
function openAiErrorType(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 404) return 'not_found_error';
  // OpenAI's own type for a request-rate limit.
  if (status === 429) return 'requests';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

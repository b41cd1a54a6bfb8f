import type { ErrorShape } from '../http/httpError';

/**
 * The Anthropic error body: `{ type: "error", error: { type, message } }`, which the Anthropic
 * clients raise as an API error of that type. replyguard's `code` and details ride inside `error`.
 */
export const anthropicError: ErrorShape = (error) => ({
  type: 'error',
  error: {
    ...error.details,
    type: anthropicErrorType(error.status),
    message: error.message,
    code: error.code,
  },
});

/** The Anthropic error `type` of a status. */
export function anthropicErrorType(status: number): string {
  switch (status) {
    case 401:
      return 'authentication_error';
    case 403:
      return 'permission_error';
    case 404:
      return 'not_found_error';
    case 413:
      return 'request_too_large';
    case 429:
      return 'rate_limit_error';
    case 504:
      return 'timeout_error';
    case 529:
      return 'overloaded_error';
    default:
      return status >= 500 ? 'api_error' : 'invalid_request_error';
  }
}

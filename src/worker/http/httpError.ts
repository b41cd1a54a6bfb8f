import { withErrorCode } from './errorCode';

/**
 * A refused request or a failed turn as plain data: the HTTP status, a stable code and a clear
 * message. Each API the Worker speaks shapes it into its own error body (an {@link ErrorShape}).
 */
export interface HttpError {
  readonly status: number;
  readonly code: string;
  readonly message: string;
  /** Extra members: `field` (the request field at fault), `issues`, `schemaName`, `attempts`. */
  readonly details?: Readonly<Record<string, unknown>>;
}

/** How one API writes an error body. */
export type ErrorShape = (error: HttpError) => unknown;

/** replyguard's own error body: `{ error: { code, message, ...details } }`. */
export const replyguardError: ErrorShape = (error) => ({
  error: { ...error.details, code: error.code, message: error.message },
});

/** An error as a JSON response in the given shape. */
export function errorResponse(
  shape: ErrorShape,
  error: HttpError,
  headers: HeadersInit = {},
): Response {
  const response = new Response(JSON.stringify(shape(error)), {
    status: error.status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
  return withErrorCode(response, error.code);
}

/** The code of each error answer the Worker made, for the request's log line. */
const CODES = new WeakMap<Response, string>();

/** Notes `response` as an error answer with `code`; returns it. */
export function withErrorCode(response: Response, code: string): Response {
  CODES.set(response, code);
  return response;
}

/** The code of an error answer the Worker made, if `response` is one. */
export function errorCodeOf(response: Response): string | undefined {
  return CODES.get(response);
}

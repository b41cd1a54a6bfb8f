/** The longest key the Worker reads; a longer one is refused before any lookup. */
const MAX_KEY_LENGTH = 512;

/**
 * The key a request carries: `Authorization: Bearer <key>` (OpenAI clients, `@anthropic-ai/sdk`
 * 1.x) or `x-api-key: <key>` (Anthropic's API, `@ai-sdk/anthropic`). `null` when there is none or
 * it is malformed: a malformed Authorization header is refused, never passed over for x-api-key.
 */
export function presentedKey(request: Request): string | null {
  const header = request.headers.get('authorization');
  const match = header === null ? null : /^Bearer[ ]+(\S+)$/i.exec(header);
  const given = header === null ? request.headers.get('x-api-key') : (match?.[1] ?? null);
  if (given === null || given.length === 0 || given.length > MAX_KEY_LENGTH) return null;
  return given;
}

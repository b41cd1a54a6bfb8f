/**
 * True when the request carries the API key, as `Authorization: Bearer <key>` (OpenAI clients,
 * `@anthropic-ai/sdk` 1.x) or as `x-api-key: <key>` (Anthropic's API, `@ai-sdk/anthropic`). The
 * comparison runs over SHA-256 digests in constant time, so neither the key's content nor its
 * length leaks through timing.
 */
export async function hasApiKey(request: Request, key: string): Promise<boolean> {
  const header = request.headers.get('authorization');
  const match = header === null ? null : /^Bearer[ ]+(\S+)$/i.exec(header);
  // A malformed Authorization header is refused, never ignored in favour of x-api-key.
  const given = header === null ? request.headers.get('x-api-key') : (match?.[1] ?? null);
  const [a, b] = await Promise.all([digest(given ?? ''), digest(key)]);
  let difference = given === null ? 1 : 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

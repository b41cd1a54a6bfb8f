import { presentedKey } from '../keys/presentedKey';
import { digestOf, sameDigest } from '../keys/sameDigest';

/**
 * True when the request carries the API key, as `Authorization: Bearer <key>` (OpenAI clients,
 * `@anthropic-ai/sdk` 1.x) or as `x-api-key: <key>` (Anthropic's API, `@ai-sdk/anthropic`). The
 * comparison runs over SHA-256 digests in constant time, so neither the key's content nor its
 * length leaks through timing.
 */
export async function hasApiKey(request: Request, key: string): Promise<boolean> {
  const given = presentedKey(request);
  const [a, b] = await Promise.all([digestOf(given ?? ''), digestOf(key)]);
  return sameDigest(a, b) && given !== null;
}

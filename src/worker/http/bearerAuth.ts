/**
 * True when the request carries `Authorization: Bearer <key>`. The comparison runs over SHA-256
 * digests in constant time, so neither the key's content nor its length leaks through timing.
 */
export async function hasBearerKey(request: Request, key: string): Promise<boolean> {
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer[ ]+(\S+)$/i.exec(header);
  const given = match?.[1] ?? '';
  const [a, b] = await Promise.all([digest(given), digest(key)]);
  let difference = match ? 0 : 1;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

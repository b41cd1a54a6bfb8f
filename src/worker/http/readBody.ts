import { leaveUnread } from './settleRequestBody';

/** A request body read within a byte limit. */
export type BodyRead =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly status: 400 | 413; readonly message: string };

/**
 * Reads a request body as UTF-8 text, refusing more than `limit` bytes: at once from
 * Content-Length (the body is not waited for), and while streaming (a chunked body is cut off,
 * never held whole). What is left unread is drained after the answer ({@link settleRequestBody}).
 */
export async function readBody(request: Request, limit: number): Promise<BodyRead> {
  const declared = request.headers.get('content-length');
  if (declared !== null && !(Number(declared) <= limit))
    return {
      ok: false,
      status: 413,
      // The header is the caller's: only a number is quoted back.
      message: Number.isFinite(Number(declared))
        ? `the body is ${Number(declared)} bytes; the limit is ${limit}`
        : `content-length is not a byte count; the limit is ${limit}`,
    };
  if (!request.body) return { ok: true, text: '' };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      leaveUnread(request, reader);
      return { ok: false, status: 413, message: `the body is over the limit of ${limit} bytes` };
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, status: 400, message: 'the body is not valid UTF-8' };
  }
}

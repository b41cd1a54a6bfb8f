import { leaveUnread } from './settleRequestBody';

/** A request body read within a byte limit. */
export type BodyRead =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly status: 400 | 413; readonly message: string };

/** The first buffer of a body that declares no length (it doubles as it fills, to the limit). */
const FIRST_BUFFER_BYTES = 65_536;

/**
 * Reads a request body as UTF-8 text, refusing more than `limit` bytes: at once from
 * Content-Length (the body is not waited for), and while streaming (a chunked body is cut off,
 * never held whole). What is left unread is drained after the answer ({@link settleRequestBody}).
 *
 * A byte stream (workerd's and undici's request bodies) is read in place, into one buffer sized
 * from Content-Length (without it, doubled from 64 KiB as it fills), then decoded once: workerd
 * gave a 256 KiB body to a default reader as 65 chunks of 4 KiB, each kept and copied again into a
 * joined buffer; read in place it is a few reads.
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
  const body = request.body;
  if (!body) return { ok: true, text: '' };
  // One byte over what is expected: a body longer than it declared (or than the limit) shows.
  const expected = declared === null ? FIRST_BUFFER_BYTES : Number(declared);
  const capacity = Math.min(limit, Math.max(0, Math.floor(expected))) + 1;
  const bytes = await readBytes(request, body, limit, capacity);
  if (!bytes)
    return { ok: false, status: 413, message: `the body is over the limit of ${limit} bytes` };
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, status: 400, message: 'the body is not valid UTF-8' };
  }
}

/** The body's bytes, or undefined past `limit` (what is left is then marked to be drained). */
async function readBytes(
  request: Request,
  body: ReadableStream<Uint8Array>,
  limit: number,
  capacity: number,
): Promise<Uint8Array | undefined> {
  let reader: ReadableStreamBYOBReader;
  try {
    reader = body.getReader({ mode: 'byob' });
  } catch {
    // Not a byte stream (a body a host built from its own stream): chunk by chunk.
    return readChunks(request, body.getReader(), limit, capacity);
  }
  let buffer: Uint8Array = new Uint8Array(capacity);
  let size = 0;
  for (;;) {
    if (size === buffer.byteLength) buffer = grown(buffer, size, limit);
    // The view's buffer is handed over to the stream and comes back, filled, in `value`.
    const { done, value } = await reader.read(buffer.subarray(size));
    if (value) buffer = new Uint8Array(value.buffer);
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      reader.releaseLock();
      leaveUnread(request, body.getReader());
      return undefined;
    }
  }
  return buffer.subarray(0, size);
}

async function readChunks(
  request: Request,
  reader: ReadableStreamDefaultReader<Uint8Array>,
  limit: number,
  capacity: number,
): Promise<Uint8Array | undefined> {
  let buffer: Uint8Array = new Uint8Array(capacity);
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > limit) {
      leaveUnread(request, reader);
      return undefined;
    }
    while (size + value.byteLength > buffer.byteLength) buffer = grown(buffer, size, limit);
    buffer.set(value, size);
    size += value.byteLength;
  }
  return buffer.subarray(0, size);
}

/**
 * A buffer twice as large (at least the first buffer's size, never past one byte over the limit),
 * holding the first `size` bytes.
 */
function grown(buffer: Uint8Array, size: number, limit: number): Uint8Array {
  const twice = Math.max(FIRST_BUFFER_BYTES, buffer.byteLength * 2);
  const larger = new Uint8Array(Math.min(limit + 1, twice));
  larger.set(buffer.subarray(0, size));
  return larger;
}

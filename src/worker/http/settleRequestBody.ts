/** Bounds of draining an unread request body: past them the connection is given up. */
const DRAIN_MAX_BYTES = 16 * 1024 * 1024;
const DRAIN_MAX_MS = 10_000;

const unread = new WeakMap<Request, ReadableStreamDefaultReader<Uint8Array>>();

/** Marks a body that a route stopped reading (over the limit): its rest is drained after the answer. */
export function leaveUnread(
  request: Request,
  reader: ReadableStreamDefaultReader<Uint8Array>,
): void {
  unread.set(request, reader);
}

/**
 * Finishes an answer given before the request body was read (a 413 by Content-Length, a 401, a 415,
 * a 404): the status goes out at once, and the answer's body ends only after the rest of the request
 * body is read and discarded. workerd closes a keep-alive connection whose request body was left
 * unread, so the client's next request on it was reset (and wrangler's proxy answered 503 "Your
 * worker restarted mid-request"). Draining is bounded in bytes and time; past the bounds the body is
 * cancelled and only that one connection closes.
 */
export function settleRequestBody(
  request: Request,
  response: Response,
): Response | Promise<Response> {
  let reader = unread.get(request);
  if (!reader) {
    if (!request.body || request.bodyUsed) return response;
    try {
      reader = request.body.getReader();
    } catch {
      return response;
    }
  }
  unread.delete(request);
  const drained = drain(reader);
  const source = response.body;
  if (!source) return drained.then(() => response);
  const body = source.getReader();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await body.read();
      if (!done) return controller.enqueue(value);
      await drained;
      controller.close();
    },
    cancel(reason) {
      void body.cancel(reason);
      void reader.cancel(reason).catch(() => undefined);
    },
  });
  return new Response(stream, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

async function drain(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  let bytes = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), DRAIN_MAX_MS);
  });
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), late]);
      if (next === 'late') break;
      if (next.done) return;
      bytes += next.value.byteLength;
      if (bytes > DRAIN_MAX_BYTES) break;
    }
    await reader.cancel().catch(() => undefined);
  } catch {
    // The client went away: nothing left to drain.
  } finally {
    clearTimeout(timer);
  }
}

import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a fake upstream does with one request. */
export type Behaviour =
  | { readonly kind: 'json'; readonly status?: number; readonly body: unknown }
  | { readonly kind: 'raw'; readonly status?: number; readonly body: string }
  | { readonly kind: 'cut'; readonly body: string } // writes part of a body, then drops the connection
  | { readonly kind: 'hang' }
  // An event stream: the frames, each written on its own, then the end, a dropped connection or silence.
  | {
      readonly kind: 'sse';
      readonly frames: readonly string[];
      readonly then?: 'end' | 'cut' | 'hang';
    }
  // A recorded body served as the given byte chunks, each written on its own (splits may fall
  // inside a UTF-8 character), then the end.
  | {
      readonly kind: 'bytes';
      readonly contentType: string;
      readonly chunks: readonly Uint8Array[];
    }
  // Answers `{ closed }`: whether the connection of request `request` (0-based) closed early within `waitMs`.
  | { readonly kind: 'probe'; readonly request: number; readonly waitMs: number };

/** A local HTTP server on 127.0.0.1 that records requests and plays behaviours in order. */
export async function fakeUpstream(behaviours: Behaviour[]) {
  // `disconnected` settles when the connection closes: true when the client left before the server ended.
  const requests: {
    url: string;
    headers: IncomingMessage['headers'];
    body: any;
    disconnected: Promise<boolean>;
  }[] = [];
  const open = new Set<ServerResponse>();
  const server: Server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const disconnected = new Promise<boolean>((resolve) =>
      res.on('close', () => resolve(!res.writableEnded)),
    );
    res.on('error', () => undefined);
    requests.push({
      url: req.url ?? '',
      headers: req.headers,
      body: raw ? JSON.parse(raw) : undefined,
      disconnected,
    });
    const behaviour = behaviours[Math.min(requests.length - 1, behaviours.length - 1)]!;
    open.add(res);
    res.on('close', () => open.delete(res));
    switch (behaviour.kind) {
      case 'json':
        res
          .writeHead(behaviour.status ?? 200, { 'content-type': 'application/json' })
          .end(JSON.stringify(behaviour.body));
        break;
      case 'raw':
        res
          .writeHead(behaviour.status ?? 200, { 'content-type': 'application/json' })
          .end(behaviour.body);
        break;
      case 'cut':
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-length': String(behaviour.body.length * 2),
        });
        res.write(behaviour.body.slice(0, behaviour.body.length >> 1));
        setTimeout(() => res.socket?.destroy(), 5);
        break;
      case 'hang':
        break;
      case 'sse':
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.flushHeaders();
        for (const frame of behaviour.frames) {
          if (res.destroyed) return;
          res.write(frame);
          await new Promise((resolve) => setImmediate(resolve));
        }
        if (behaviour.then === 'cut') res.socket?.destroy();
        else if (behaviour.then !== 'hang') res.end();
        break;
      case 'bytes':
        res.writeHead(200, { 'content-type': behaviour.contentType, 'cache-control': 'no-cache' });
        res.flushHeaders();
        for (const chunk of behaviour.chunks) {
          if (res.destroyed) return;
          res.write(chunk);
          await new Promise((resolve) => setImmediate(resolve));
        }
        res.end();
        break;
      case 'probe': {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const closed = await Promise.race([
          requests[behaviour.request]!.disconnected,
          new Promise<false>((resolve) => (timer = setTimeout(resolve, behaviour.waitMs, false))),
        ]);
        clearTimeout(timer);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ closed }));
        break;
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      for (const res of open) res.socket?.destroy();
      // Idle keep-alive connections would hold close() for seconds.
      server.closeAllConnections();
      // Closing twice is harmless: the callback runs (with an error) when the server is already closed.
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * One fake upstream per test: `serve(...)` starts it, and it is closed after the test (registered
 * with the calling file's `afterEach`).
 */
export function fakeUpstreamPerTest(
  afterEach: (fn: () => Promise<void>) => void,
): (...behaviours: Behaviour[]) => ReturnType<typeof fakeUpstream> {
  let upstream: Awaited<ReturnType<typeof fakeUpstream>> | undefined;
  afterEach(async () => {
    await upstream?.close();
    upstream = undefined;
  });
  return async (...behaviours) => (upstream = await fakeUpstream(behaviours));
}

/** Every event of a stream, in order. */
export async function collectEvents<T>(events: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const event of events) out.push(event);
  return out;
}

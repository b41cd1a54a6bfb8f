import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';

/** What the fake upstream saw of one chat completions call. */
export interface UpstreamCall {
  readonly body: { messages: { role: string; content: string }[]; stream?: boolean };
  /** `performance.now()` when each chunk was written. */
  readonly writes: number[];
  /** When the client closed the connection before the answer ended (undefined: it did not). */
  closedEarlyAt?: number;
  ended: boolean;
}

/** How the fake upstream answers a call: the reply text, in chunks, at a pace. */
export interface Script {
  readonly chunks: readonly string[];
  readonly pauseMs: number;
}

/**
 * An OpenAI-compatible chat completions server on 127.0.0.1 that streams a scripted reply as SSE
 * `chat.completion.chunk` frames, one chunk per pause, and records when each chunk went out and
 * whether the client hung up before the end.
 */
export async function fakeUpstream(script: (call: UpstreamCall) => Script) {
  const calls: UpstreamCall[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    let text = '';
    for await (const part of request) text += part;
    const call: UpstreamCall = { body: JSON.parse(text), writes: [], ended: false };
    calls.push(call);
    const { chunks, pauseMs } = script(call);
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const frame = (data: unknown) => response.write(`data: ${JSON.stringify(data)}\n\n`);
    const chunk = (delta: object, finish: string | null = null) =>
      frame({
        id: 'up',
        object: 'chat.completion.chunk',
        created: 0,
        model: 'fake',
        choices: [{ index: 0, delta, finish_reason: finish }],
      });
    response.on('close', () => {
      if (!call.ended) call.closedEarlyAt = performance.now();
    });
    chunk({ role: 'assistant', content: '' });
    let index = 0;
    const next = () => {
      if (call.closedEarlyAt !== undefined) return;
      if (index < chunks.length) {
        chunk({ content: chunks[index++] });
        call.writes.push(performance.now());
        setTimeout(next, pauseMs);
        return;
      }
      chunk({}, 'stop');
      frame({
        id: 'up',
        object: 'chat.completion.chunk',
        created: 0,
        model: 'fake',
        choices: [],
        usage: { prompt_tokens: 5, completion_tokens: 7, total_tokens: 12 },
      });
      response.write('data: [DONE]\n\n');
      call.ended = true;
      response.end();
    };
    setTimeout(next, pauseMs);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    calls,
    baseUrl: `http://127.0.0.1:${port}/v1`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Splits text into chunks of `size` characters. */
export function chunksOf(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let at = 0; at < text.length; at += size) chunks.push(text.slice(at, at + size));
  return chunks;
}

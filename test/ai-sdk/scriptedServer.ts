import { type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted answer: SSE `data:` payloads in order (a string is sent as it is), or a whole reply. */
export type ScriptedAnswer =
  { readonly frames: readonly unknown[] } | { readonly status: number; readonly body: unknown };

/** Chat-completion chunks that write `text` in pieces of `size`, then `finish_reason: stop`. */
export function textChunks(text: string, size = 9): unknown[] {
  const chunk = (delta: Record<string, unknown>, finish: string | null) => ({
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'local-model',
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  const chunks: unknown[] = [chunk({ role: 'assistant', content: '' }, null)];
  for (let at = 0; at < text.length; at += size)
    chunks.push(chunk({ content: text.slice(at, at + size) }, null));
  return chunks;
}

/** The end of a stream that finished: a `stop` chunk, then `[DONE]`. */
export const FINISHED = [
  {
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'local-model',
    choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
  },
  '[DONE]',
];

/**
 * A local OpenAI-compatible `POST /v1/chat/completions` on 127.0.0.1 (port 0) that answers each
 * request with the next scripted answer and records the request bodies.
 */
export async function scriptedServer(answers: readonly ScriptedAnswer[]) {
  const bodies: Record<string, unknown>[] = [];
  const open = new Set<ServerResponse>();
  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    bodies.push(JSON.parse(raw || '{}') as Record<string, unknown>);
    open.add(res);
    res.on('close', () => open.delete(res));
    const answer = answers[bodies.length - 1];
    if (answer === undefined || 'status' in answer) {
      res
        .writeHead(answer?.status ?? 500, { 'content-type': 'application/json' })
        .end(JSON.stringify(answer?.body ?? { error: { message: 'no scripted answer' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const frame of answer.frames)
      res.write(`data: ${typeof frame === 'string' ? frame : JSON.stringify(frame)}\n\n`);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    bodies,
    async close() {
      for (const res of open) res.socket?.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

import { type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAI-compatible chat completions API on 127.0.0.1 (port 0): it answers each request
 * with the next scripted content, whole or as `chat.completion.chunk` SSE frames when asked to
 * stream, and records every request body.
 */
export async function fakeOpenAi(contents: string[]) {
  const requests: {
    url: string;
    authorization: string | undefined;
    userAgent: string | undefined;
    body: Record<string, unknown>;
  }[] = [];
  const open = new Set<ServerResponse>();
  const server: Server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = JSON.parse(raw || '{}') as Record<string, unknown>;
    requests.push({
      url: req.url ?? '',
      authorization: req.headers.authorization,
      userAgent: req.headers['user-agent'],
      body,
    });
    open.add(res);
    res.on('close', () => open.delete(res));
    const content = contents[requests.length - 1];
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions') || content === undefined) {
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'no scripted answer' } }));
      return;
    }
    const id = `chatcmpl-${requests.length}`;
    const usage = { prompt_tokens: 12, completion_tokens: 8, total_tokens: 20 };
    if (body.stream !== true) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created: 1,
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage,
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const frame = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
    const chunk = (delta: Record<string, unknown>, finish: string | null) => ({
      id,
      object: 'chat.completion.chunk',
      created: 1,
      model: body.model,
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    frame(chunk({ role: 'assistant', content: '' }, null));
    for (let at = 0; at < content.length; at += 9)
      frame(chunk({ content: content.slice(at, at + 9) }, null));
    frame(chunk({}, 'stop'));
    if ((body.stream_options as { include_usage?: boolean } | undefined)?.include_usage)
      frame({
        id,
        object: 'chat.completion.chunk',
        created: 1,
        model: body.model,
        choices: [],
        usage,
      });
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    async close() {
      for (const res of open) res.socket?.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

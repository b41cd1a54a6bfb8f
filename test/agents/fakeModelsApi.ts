import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAI-compatible API on 127.0.0.1 for AgentOS's OpenAI provider, which lists the
 * models and embeds its tools' descriptions before it chats: `GET /models`, `POST /embeddings`
 * (zero vectors) and `POST /chat/completions` (the next scripted content, whole or streamed).
 * `chats` records each chat request body.
 */
export async function fakeModelsApi(contents: string[]) {
  const chats: Record<string, unknown>[] = [];
  const open = new Set<ServerResponse>();
  const json = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const server = createServer(async (req, res) => {
    open.add(res);
    res.on('close', () => open.delete(res));
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const url = req.url ?? '';
    if (url.endsWith('/models'))
      return json(res, 200, {
        object: 'list',
        data: [{ id: 'local-model', object: 'model', created: 1, owned_by: 'local' }],
      });
    const body = JSON.parse(raw || '{}') as Record<string, unknown>;
    if (url.endsWith('/embeddings')) {
      const inputs = Array.isArray(body.input) ? body.input : [body.input];
      return json(res, 200, {
        object: 'list',
        data: inputs.map((_, index) => ({
          object: 'embedding',
          index,
          embedding: new Array(8).fill(0),
        })),
        usage: { prompt_tokens: 1, total_tokens: 1 },
      });
    }
    const content = contents[chats.length];
    chats.push(body);
    if (!url.endsWith('/chat/completions') || content === undefined)
      return json(res, 500, { error: { message: 'no scripted answer' } });
    const usage = { prompt_tokens: 12, completion_tokens: 8, total_tokens: 20 };
    const base = { id: `chatcmpl-${chats.length}`, created: 1, model: 'local-model' };
    if (body.stream !== true)
      return json(res, 200, {
        ...base,
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage,
      });
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const frame = (delta: Record<string, unknown>, finish: string | null, extra = {}) =>
      res.write(
        `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}\n\n`,
      );
    frame({ role: 'assistant', content: '' }, null);
    for (let at = 0; at < content.length; at += 16)
      frame({ content: content.slice(at, at + 16) }, null);
    frame({}, 'stop', { usage });
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    chats,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.close(() => resolve());
      }),
  };
}

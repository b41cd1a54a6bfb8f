import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the scripted upstream answers one request. */
export type UpstreamAnswer =
  | {
      readonly kind: 'http';
      readonly status: number;
      readonly body: string;
      readonly type?: string;
    }
  | { readonly kind: 'sse'; readonly frames: readonly string[] };

/** The upstream kinds of the Worker that speak HTTP. */
export type WireKind = 'openai' | 'openai-responses' | 'json-text' | 'anthropic' | 'gemini';

/**
 * An upstream on 127.0.0.1 whose answer to each request is picked by the `case:<n>` the request
 * body carries (the user's message names its case), so one server serves a whole matrix.
 */
export async function scriptedUpstream(
  answer: (id: number, body: string, url: string) => UpstreamAnswer,
) {
  let calls = 0;
  const open = new Set<ServerResponse>();
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    for await (const part of request) body += part;
    calls++;
    open.add(response);
    response.on('close', () => open.delete(response));
    response.on('error', () => undefined);
    const id = Number(/case:(\d+)/.exec(body)?.[1] ?? -1);
    const reply = answer(id, body, request.url ?? '');
    if (reply.kind === 'http') {
      response
        .writeHead(reply.status, { 'content-type': reply.type ?? 'application/json' })
        .end(reply.body);
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const frame of reply.frames) response.write(frame);
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    get calls() {
      return calls;
    },
    async close() {
      for (const response of open) response.socket?.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** One SSE frame. */
export const sse = (data: unknown, event?: string) =>
  `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;

/** The base URL path each kind is configured with (below the server's origin). */
export const BASE_PATH: Record<WireKind, string> = {
  openai: '/v1',
  'openai-responses': '/v1',
  'json-text': '/v1',
  anthropic: '/v1',
  gemini: '/v1beta',
};

/**
 * A failure the upstream reports mid-stream in its own API's way: an OpenAI-compatible `error`
 * frame, a Responses `response.failed` (or a typed `error` event), an Anthropic `error` event, a
 * Gemini `error` body.
 */
export function streamFailure(kind: WireKind, message: string, typed = false): string[] {
  switch (kind) {
    case 'openai':
    case 'json-text':
      return [
        sse({
          id: 'c',
          object: 'chat.completion.chunk',
          choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
        }),
        sse({ error: { message, type: 'server_error', param: null, code: null } }),
      ];
    case 'openai-responses':
      return typed
        ? [sse({ type: 'error', code: 'server_error', message, param: null }, 'error')]
        : [
            sse(
              {
                type: 'response.created',
                response: { id: 'r', status: 'in_progress', output: [] },
              },
              'response.created',
            ),
            sse(
              {
                type: 'response.failed',
                response: {
                  id: 'r',
                  status: 'failed',
                  output: [],
                  error: { code: 'server_error', message },
                },
              },
              'response.failed',
            ),
          ];
    case 'anthropic':
      return [sse({ type: 'error', error: { type: 'overloaded_error', message } }, 'error')];
    case 'gemini':
      return [sse({ error: { code: 500, message, status: 'INTERNAL' } })];
  }
}

/** A whole answer that reports a failure in a 200 (the Responses API's `status: failed`). */
export function failedResponse(message: string): string {
  return JSON.stringify({
    id: 'r',
    object: 'response',
    status: 'failed',
    output: [],
    error: { code: 'server_error', message },
  });
}

/** An OpenAI-compatible stream that asks for tool calls. */
export function toolCallFrames(
  calls: readonly { id: string; name: string; arguments: string }[],
): string[] {
  const chunk = (delta: object, finish: string | null = null) =>
    sse({
      id: 'c',
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
  return [
    chunk({ role: 'assistant', content: null }),
    ...calls.map((call, index) =>
      chunk({
        tool_calls: [
          {
            index,
            id: call.id,
            type: 'function',
            function: { name: call.name, arguments: call.arguments },
          },
        ],
      }),
    ),
    chunk({}, 'tool_calls'),
    sse({
      id: 'c',
      object: 'chat.completion.chunk',
      choices: [],
      usage: { prompt_tokens: 5, completion_tokens: 5, total_tokens: 10 },
    }),
    'data: [DONE]\n\n',
  ];
}

/** An OpenAI-compatible stream that writes `text` as the reply. */
export function replyFrames(text: string): string[] {
  const chunk = (delta: object, finish: string | null = null) =>
    sse({
      id: 'c',
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
  return [
    chunk({ role: 'assistant', content: '' }),
    ...Array.from({ length: Math.ceil(text.length / 7) }, (_, i) =>
      chunk({ content: text.slice(i * 7, i * 7 + 7) }),
    ),
    chunk({}, 'stop'),
    'data: [DONE]\n\n',
  ];
}

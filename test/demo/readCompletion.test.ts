import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CompletionEvent,
  CompletionError,
  readCompletion,
} from '../../demo/src/readCompletion';

// The demo's reader against a local fake of the Worker's streaming answer, frames in exactly the
// Worker's format, the bytes cut at awkward places (inside frames, inside a UTF-8 character).
const chunk = (extra: object) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'scripted',
  ...extra,
});
const progress = (replyguard: object) => chunk({ choices: [], replyguard });
const content = (text: string, extra: object = {}, finish: string | null = null) =>
  chunk({ choices: [{ index: 0, delta: { content: text }, finish_reason: finish }], ...extra });
const verdict = {
  status: 'completed',
  issues: [],
  findings: [],
  meta: {
    attempts: 2,
    stage: 'correction',
    enforcement: 'prompt_only',
    schemaName: 'segment_reply',
    durationMs: 3,
  },
};
const issue = {
  code: 'CODE_FENCE',
  path: '',
  message: 'the reply starts with a Markdown code fence',
};
const reply = '{"segments":[{"type":"markdown","data":{"content":"**Corrected** ✅"}}]}';
const sse = (...frames: (object | string)[]) =>
  frames
    .map((frame) => `data: ${typeof frame === 'string' ? frame : JSON.stringify(frame)}\n\n`)
    .join('');

const shown = { segments: [{ type: 'text', data: { text: 'So far' } }] };
const turn = sse(
  progress({ event: 'attempt', attempt: 1, stage: 'model' }),
  progress({ event: 'progress', attempt: 1, value: shown, provisional: true }),
  progress({ event: 'rejected', attempt: 1, stage: 'model', offset: 3, issue }),
  progress({ event: 'attempt', attempt: 2, stage: 'correction' }),
  chunk({
    choices: [
      { index: 0, delta: { role: 'assistant', content: reply.slice(0, 30) }, finish_reason: null },
    ],
  }),
  content(reply.slice(30, 60)),
  content(reply.slice(60), { replyguard: verdict }, 'stop'),
  chunk({ choices: [], usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 } }),
  '[DONE]',
);

/** Each route: the status, content type and body the fake Worker sends, in byte pieces. */
const ROUTES: Record<string, { status?: number; type?: string; body: string; cut?: boolean }> = {
  '/turn': { body: `: keep-alive\n\n${turn}` },
  '/whole': {
    type: 'application/json',
    body: JSON.stringify({
      object: 'chat.completion',
      choices: [
        { index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop' },
      ],
      replyguard: verdict,
    }),
  },
  '/refused': {
    status: 400,
    type: 'application/json',
    body: JSON.stringify({
      error: {
        message: 'messages must be a non-empty list',
        type: 'invalid_request_error',
        code: 'BAD_REQUEST',
      },
    }),
  },
  '/no-done': {
    body: sse(
      progress({ event: 'attempt', attempt: 1, stage: 'model' }),
      content(reply, { replyguard: verdict }, 'stop'),
    ),
  },
  '/reset': { body: sse(progress({ event: 'attempt', attempt: 1, stage: 'model' })), cut: true },
  '/error-frame': {
    body: sse(
      progress({ event: 'attempt', attempt: 1, stage: 'model' }),
      { error: { message: 'upstream failed', type: 'server_error' } },
      '[DONE]',
    ),
  },
  '/not-json': { body: sse('{"choices": [', '[DONE]') },
  '/no-verdict': { body: sse(content(reply, {}, 'stop'), '[DONE]') },
  '/bad-progress': {
    body: sse(progress({ event: 'rejected', attempt: 1, stage: 'model', issue })),
  },
  '/bad-field': { body: 'data: {}\nbogus: 1\n\n' },
};

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const route = ROUTES[request.url ?? ''];
    if (!route) return void response.writeHead(404).end();
    response.writeHead(route.status ?? 200, {
      'content-type': route.type ?? 'text/event-stream; charset=utf-8',
    });
    const bytes = Buffer.from(route.body);
    // Seven-byte pieces: frames, field names and the UTF-8 bytes of "✅" all break across writes.
    for (let at = 0; at < bytes.length; at += 7) response.write(bytes.subarray(at, at + 7));
    // A cut stream: the connection drops once the frames are out, with no end of the body.
    if (route.cut) response.write('', () => response.socket?.destroy());
    else response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function events(path: string): Promise<CompletionEvent[]> {
  const seen: CompletionEvent[] = [];
  for await (const event of readCompletion(await fetch(`${base}${path}`))) seen.push(event);
  return seen;
}

describe('readCompletion', () => {
  it('reads a streamed turn: attempts, the reply so far, the early reject, validated content, then the verdict', async () => {
    expect(await events('/turn')).toEqual([
      { type: 'attempt', attempt: 1, stage: 'model' },
      { type: 'progress', attempt: 1, value: shown },
      { type: 'rejected', attempt: 1, stage: 'model', offset: 3, issue },
      { type: 'attempt', attempt: 2, stage: 'correction' },
      { type: 'content', text: reply.slice(0, 30) },
      { type: 'content', text: reply.slice(30, 60) },
      { type: 'content', text: reply.slice(60) },
      { type: 'final', content: reply, verdict },
    ]);
  });

  it('reads a whole (non-streamed) completion as one final event', async () => {
    expect(await events('/whole')).toEqual([{ type: 'final', content: reply, verdict }]);
  });

  it.each([
    ['/refused', 'messages must be a non-empty list'],
    ['/no-done', 'the stream ended before [DONE]'],
    ['/reset', 'the stream broke'],
    ['/error-frame', 'upstream failed'],
    ['/not-json', 'a frame is not JSON'],
    ['/no-verdict', 'the stream ended without a verdict'],
    ['/bad-progress', 'an unreadable progress frame (rejected)'],
    ['/bad-field', 'the stream broke'],
  ])('fails %s with a CompletionError', async (path, message) => {
    const failure = await events(path).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CompletionError);
    expect((failure as Error).message).toContain(message);
  });
});

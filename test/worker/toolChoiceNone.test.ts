import { type IncomingMessage, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anthropicBlockStart,
  anthropicBlockStop,
  anthropicDelta,
  anthropicEnd,
  anthropicStart,
} from '../providers/wireShapes';
import { loggedHandler, postJson } from './operatorStandIns';

// tool_choice none with tool history, to an Anthropic upstream: Anthropic refuses `tool_use`
// blocks in the messages unless tools are defined (400). The Worker used to drop the tools for
// tool_choice none; it now keeps them and runs a tools-off turn (the core's toolChoice 'none'),
// which lists them and forces the reply tool. The upstream here refuses as Anthropic does.

interface Seen {
  readonly tools?: { name: string }[];
  readonly tool_choice?: { type: string; name?: string };
  readonly messages: { role: string; content: unknown }[];
}
const seen: Seen[] = [];
let server: Server;
let baseUrl: string;
const REPLY = JSON.stringify({ segments: [{ type: 'text', data: { text: 'It was sunny.' } }] });

beforeAll(async () => {
  server = createServer(async (request: IncomingMessage, response) => {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const body = JSON.parse(raw) as Seen;
    seen.push(body);
    const used = body.messages.flatMap((message) =>
      Array.isArray(message.content)
        ? (message.content as { type: string; name?: string }[])
            .filter((block) => block.type === 'tool_use')
            .map((block) => block.name)
        : [],
    );
    const defined = new Set((body.tools ?? []).map((tool) => tool.name));
    if (used.some((name) => !defined.has(name!))) {
      response.writeHead(400, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          type: 'error',
          error: {
            type: 'invalid_request_error',
            message: 'tools must be defined whenever tool_use blocks are present',
          },
        }),
      );
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const tool = body.tool_choice?.name ?? 'segment_reply';
    response.end(
      [
        anthropicStart,
        anthropicBlockStart(0, { type: 'tool_use', id: 'toolu_1', name: tool, input: {} }),
        anthropicDelta(0, { type: 'input_json_delta', partial_json: REPLY }),
        anthropicBlockStop(0),
        ...anthropicEnd('tool_use'),
      ].join(''),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

const weather = {
  type: 'function',
  function: { name: 'weather', parameters: { type: 'object', properties: {} } },
};
const history = [
  { role: 'user', content: 'Weather in Oslo?' },
  {
    role: 'assistant',
    content: null,
    tool_calls: [
      { id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{}' } },
    ],
  },
  { role: 'tool', tool_call_id: 'call_1', content: '{"sky":"clear"}' },
  { role: 'user', content: 'Sum it up.' },
];

describe('tool_choice none with tool history, to an Anthropic upstream', () => {
  const handler = () =>
    loggedHandler({ UPSTREAM_KIND: 'anthropic', UPSTREAM_BASE_URL: baseUrl, UPSTREAM_MODEL: 'c' });

  it('keeps the tools listed and forces the reply tool: the upstream answers (no 400)', async () => {
    const { fetch, lines } = handler();
    const response = await fetch(
      '/v1/chat/completions',
      postJson({ messages: history, tools: [weather], tool_choice: 'none' }),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { choices: { message: { content: string } }[] };
    expect(JSON.parse(body.choices[0]!.message.content)).toEqual(JSON.parse(REPLY));
    const sent = seen.at(-1)!;
    expect(sent.tools!.map((tool) => tool.name)).toContain('weather');
    expect(sent.tool_choice).toEqual({ type: 'tool', name: sent.tools![0]!.name });
    expect(lines[0]).toMatchObject({ upstream: 'anthropic', turnStatus: 'completed' });
  });

  it('on /v1/messages too (tool_choice {type: none})', async () => {
    const { fetch } = handler();
    const response = await fetch(
      '/v1/messages',
      postJson({
        model: 'claude-x',
        max_tokens: 256,
        tools: [{ name: 'weather', input_schema: { type: 'object', properties: {} } }],
        tool_choice: { type: 'none' },
        messages: [
          { role: 'user', content: 'Weather in Oslo?' },
          {
            role: 'assistant',
            content: [{ type: 'tool_use', id: 'toolu_9', name: 'weather', input: {} }],
          },
          {
            role: 'user',
            content: [{ type: 'tool_result', tool_use_id: 'toolu_9', content: 'clear' }],
          },
        ],
      }),
    );
    expect(response.status).toBe(200);
    expect(((await response.json()) as { stop_reason: string }).stop_reason).toBe('end_turn');
  });

  it('the upstream does refuse tool history without tools (the failure the fix avoids)', async () => {
    const { fetch } = handler();
    // The call in the history with no tools in the request: the upstream's 400, a 502 here.
    const response = await fetch('/v1/chat/completions', postJson({ messages: history }));
    expect(response.status).toBe(502);
  });
});

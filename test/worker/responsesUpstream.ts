import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** What the fake upstream saw of one call. */
export interface ResponsesCall {
  readonly body: Record<string, any>;
  /** `performance.now()` when each text piece was written. */
  readonly writes: number[];
  /** When the client closed the connection before the answer ended (undefined: it did not). */
  closedEarlyAt?: number;
  ended: boolean;
}

/** The token the leak answer carries: shaped like a GitHub token, nothing more. */
export const LEAKED = `ghp_${'Fak3'.repeat(9)}`;
/** Tokens the upstream reports for every call it finishes. */
export const CALL_USAGE = { input: 11, output: 7, reasoning: 3 } as const;
const segments = (text: string) => JSON.stringify({ segments: [{ type: 'text', data: { text } }] });
/** The unknown member comes first, so the reply is provably invalid long before it ends. */
const invalid = (field: string) =>
  `{"segments":[{"type":"text","data":{"${field}":true,"text":"${'and so on '.repeat(40)}"}}]}`;

/** How the upstream answers one call: text in pieces at a pace, one function call, or a refusal. */
type Answer =
  | {
      readonly text: string;
      readonly size?: number;
      readonly pauseMs?: number;
      /** Ends `incomplete` at the output token limit. */
      readonly cut?: boolean;
    }
  | { readonly call: { readonly name: string; readonly arguments: string } }
  | { readonly refusal: string };

/** What the upstream says when it refuses. */
export const REFUSAL = "I can't help with that.";

/**
 * A Responses API server on 127.0.0.1 that answers like the Worker's scripted model, in the
 * Responses event stream: "cut" is provably invalid early and corrected, "invalid" stays invalid
 * (the failure notice), "leak" carries a token, "tool" calls the first tool, a function call's
 * output is answered in text, a custom schema gets the JSON object of the user's message, "slow"
 * is a valid reply written slowly; "refuse" is a refusal and "run out" a reply cut at the token
 * limit (under any schema); anything else a short valid reply. It records what it was sent
 * and whether the Worker hung up before the end.
 */
export async function responsesUpstream() {
  const calls: ResponsesCall[] = [];
  const sockets = new Set<Socket>();
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    let raw = '';
    for await (const part of request) raw += part;
    const call: ResponsesCall = { body: JSON.parse(raw), writes: [], ended: false };
    calls.push(call);
    response.on('close', () => {
      if (!call.ended) call.closedEarlyAt = performance.now();
    });
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    await play(response, call, answerFor(call.body));
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

function answerFor(body: Record<string, any>): Answer {
  const input: Record<string, any>[] = body.input;
  const last = input.at(-1)!;
  if (last.type === 'function_call_output')
    return { text: segments(`The tool answered: ${String(last.output)}`) };
  const words = String(last.content);
  const custom = body.text?.format?.name !== 'segment_reply';
  if (words.includes('refuse')) return { refusal: REFUSAL };
  if (words.includes('run out')) return { text: '{"total": 12', cut: true };
  const quoted = /<<<ANSWER\n([\s\S]*)\nANSWER>>>/.exec(words)?.[1];
  if (quoted !== undefined) {
    if (custom) return { text: quoted };
    return quoted.includes('always_invalid')
      ? { text: invalid('always_invalid'), size: 8, pauseMs: 10 }
      : { text: segments('Fixed.') };
  }
  if (custom) return { text: /\{[\s\S]*\}/.exec(words)?.[0] ?? '{}' };
  const tool = body.tools?.[0]?.name;
  if (tool && words.includes('tool'))
    return { call: { name: tool, arguments: JSON.stringify({ query: words.slice(0, 60) }) } };
  if (words.includes('cut')) return { text: invalid('oops'), size: 8, pauseMs: 10 };
  if (words.includes('invalid')) return { text: invalid('always_invalid'), size: 8, pauseMs: 10 };
  if (words.includes('leak')) return { text: segments(`Log in with ${LEAKED} today.`) };
  if (words.includes('slow'))
    return {
      text: segments(`A slow reply, ${'written slowly '.repeat(30)}`),
      size: 8,
      pauseMs: 25,
    };
  return { text: segments('Hello from the upstream') };
}

/** Writes the answer as Responses events, one text piece per pause, until the Worker hangs up. */
async function play(response: ServerResponse, call: ResponsesCall, answer: Answer): Promise<void> {
  let sequence = 0;
  const send = (type: string, fields: Record<string, unknown>) =>
    response.write(
      `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...fields })}\n\n`,
    );
  const shell = (status: string, output: unknown[], usage: unknown) => ({
    id: 'resp_up',
    object: 'response',
    created_at: 1_767_225_600,
    status,
    error: null,
    incomplete_details: null,
    model: 'fake',
    output,
    usage,
  });
  send('response.created', { response: shell('in_progress', [], null) });
  let item: Record<string, unknown>;
  if ('refusal' in answer) {
    const at = { item_id: 'msg_up', output_index: 0, content_index: 0 };
    item = {
      id: 'msg_up',
      type: 'message',
      status: 'completed',
      role: 'assistant',
      content: [{ type: 'refusal', refusal: answer.refusal }],
    };
    send('response.output_item.added', {
      output_index: 0,
      item: { ...item, status: 'in_progress', content: [] },
    });
    send('response.content_part.added', { ...at, part: { type: 'refusal', refusal: '' } });
    send('response.refusal.delta', { ...at, delta: answer.refusal });
    send('response.refusal.done', { ...at, refusal: answer.refusal });
    send('response.output_item.done', { output_index: 0, item });
  } else if ('call' in answer) {
    item = {
      id: 'fc_up',
      type: 'function_call',
      status: 'completed',
      call_id: 'call_up_1',
      ...answer.call,
    };
    send('response.output_item.added', {
      output_index: 0,
      item: { ...item, status: 'in_progress', arguments: '' },
    });
    send('response.function_call_arguments.delta', {
      item_id: 'fc_up',
      output_index: 0,
      delta: answer.call.arguments,
    });
    send('response.output_item.done', { output_index: 0, item });
  } else {
    const at = { item_id: 'msg_up', output_index: 0, content_index: 0 };
    const part = (text: string) => ({ type: 'output_text', text, annotations: [] });
    send('response.output_item.added', {
      output_index: 0,
      item: {
        id: 'msg_up',
        type: 'message',
        status: 'in_progress',
        role: 'assistant',
        content: [],
      },
    });
    send('response.content_part.added', { ...at, part: part('') });
    const size = answer.size ?? 64;
    for (let index = 0; index < answer.text.length; index += size) {
      if (call.closedEarlyAt !== undefined || response.destroyed) return;
      send('response.output_text.delta', { ...at, delta: answer.text.slice(index, index + size) });
      call.writes.push(performance.now());
      if (answer.pauseMs) await new Promise((resolve) => setTimeout(resolve, answer.pauseMs));
    }
    if (call.closedEarlyAt !== undefined || response.destroyed) return;
    item = {
      id: 'msg_up',
      type: 'message',
      status: answer.cut ? 'incomplete' : 'completed',
      role: 'assistant',
      content: [part(answer.text)],
    };
    send('response.output_item.done', { output_index: 0, item });
  }
  const usage = {
    input_tokens: CALL_USAGE.input,
    output_tokens: CALL_USAGE.output,
    output_tokens_details: { reasoning_tokens: CALL_USAGE.reasoning },
    total_tokens: CALL_USAGE.input + CALL_USAGE.output,
  };
  if ('cut' in answer && answer.cut)
    send('response.incomplete', {
      response: {
        ...shell('incomplete', [item], usage),
        incomplete_details: { reason: 'max_output_tokens' },
      },
    });
  else send('response.completed', { response: shell('completed', [item], usage) });
  call.ended = true;
  response.end();
}

import { type HandlerConfig, createHandler } from '../../src/worker/index';
import { sseEvents } from './sseEvents';

/** The three wires the Worker speaks. */
export type WireName = 'chat' | 'responses' | 'messages';
export const WIRES: readonly WireName[] = ['chat', 'responses', 'messages'];
export const WIRE_PATH: Record<WireName, string> = {
  chat: '/v1/chat/completions',
  responses: '/v1/responses',
  messages: '/v1/messages',
};

/** A request body of a wire: one user message, streamed or not, with a `search` tool or not. */
export function wireBody(
  wire: WireName,
  content: string,
  stream: boolean,
  extra: { tools?: boolean; replyguard?: object } = {},
): Record<string, unknown> {
  const parameters = { type: 'object', properties: { q: { type: 'string' } } };
  const more = extra.replyguard ? { replyguard: extra.replyguard } : {};
  switch (wire) {
    case 'chat':
      return {
        model: 'm',
        messages: [{ role: 'user', content }],
        stream,
        ...(extra.tools
          ? { tools: [{ type: 'function', function: { name: 'search', parameters } }] }
          : {}),
        ...more,
      };
    case 'responses':
      return {
        model: 'm',
        input: content,
        stream,
        ...(extra.tools ? { tools: [{ type: 'function', name: 'search', parameters }] } : {}),
        ...more,
      };
    case 'messages':
      return {
        model: 'm',
        max_tokens: 100,
        messages: [{ role: 'user', content }],
        stream,
        ...(extra.tools ? { tools: [{ name: 'search', input_schema: parameters }] } : {}),
        ...more,
      };
  }
}

/** Everything that left the Worker for one request: status, every header, the whole body. */
export interface WireOutput {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly text: string;
  /** Status line, headers and body as one text, to look for any piece of a secret. */
  readonly all: string;
}

/** How long a whole answer or stream may take before the test calls it a hang. */
const HANG_MS = 20_000;

/** Posts a body to a wire's route and reads all of the answer; a hang fails. */
export async function callWire(
  wire: WireName,
  body: unknown,
  env: HandlerConfig,
  headers: Record<string, string> = {},
): Promise<WireOutput> {
  const response = await createHandler().fetch(
    new Request(`http://127.0.0.1:8787${WIRE_PATH[wire]}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
    env,
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const text = await Promise.race([
    response.text(),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${wire}: no end after ${HANG_MS} ms`)), HANG_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  const all: Record<string, string> = {};
  response.headers.forEach((value, name) => (all[name] = value));
  return {
    status: response.status,
    headers: all,
    text,
    all: `${response.status}\n${JSON.stringify(all)}\n${text}`,
  };
}

/** The error a wire answered, in its own shape, whole or streamed; undefined when there is none. */
export function wireErrorOf(
  wire: WireName,
  stream: boolean,
  output: WireOutput,
): { code: string; message: string } | undefined {
  if (!stream) {
    if (output.status < 400) return undefined;
    const body = JSON.parse(output.text);
    if (wire === 'messages') {
      if (body.type !== 'error' || typeof body.error?.type !== 'string')
        throw new Error(output.text);
    } else if (!('type' in body.error) || !('param' in body.error)) throw new Error(output.text);
    return { code: body.error.code, message: body.error.message };
  }
  const events = sseEvents(output.text);
  if (wire === 'chat') {
    const frame = events.find((event) => event.data.error);
    return frame && { code: frame.data.error.code, message: frame.data.error.message };
  }
  if (wire === 'responses') {
    const error = events.find((event) => event.event === 'error');
    if (!error) return undefined;
    if (!events.some((event) => event.event === 'response.failed')) throw new Error(output.text);
    return { code: error.data.code, message: error.data.message };
  }
  const error = events.find((event) => event.event === 'error');
  return error && { code: error.data.error.code, message: error.data.error.message };
}

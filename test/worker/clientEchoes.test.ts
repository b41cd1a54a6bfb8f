import { describe, expect, it } from 'vitest';
import { createHandler } from '../../src/worker/index';
import { random } from '../leaks/ruleSamples';

// Issue 26, item 1: what the Worker quotes of a request back in its error (a tool call id, a block
// or item type, a tool type, a schema name, the path) is masked whole, then shortened; it used to
// be cut first (at 40, 64 or 100 characters), so a token crossing the cut left unmasked in part.
const token = `ghp_${random(36)}`;
// Pieces of 12 characters of the token past its prefix, all before the old cuts.
const pieces = [token.slice(4, 16), token.slice(14, 26)];
const handler = createHandler({ UPSTREAM_KIND: 'scripted' });
const base = 'http://127.0.0.1';

async function body(path: string, json?: unknown, headers: Record<string, string> = {}) {
  const response = await handler.fetch(
    new Request(`${base}${path}`, {
      method: json === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    }),
  );
  return { status: response.status, text: await response.text() };
}

// The token starts 30 characters before the old cut and ends after it: a cut kept 30 of its 40
// characters, too few for its rule, and they left unmasked.
const crossing = (cut: number) => `${'a'.repeat(cut - 31)} ${token}`;

describe('request text quoted back in an error', () => {
  it.each([
    [
      'a chat tool_call_id',
      '/v1/chat/completions',
      {
        model: 'm',
        messages: [
          { role: 'tool', tool_call_id: crossing(40), content: 'x' },
          { role: 'user', content: 'hi' },
        ],
      },
    ],
    [
      'a Messages tool_use_id',
      '/v1/messages',
      {
        model: 'm',
        max_tokens: 100,
        messages: [
          {
            role: 'user',
            content: [{ type: 'tool_result', tool_use_id: crossing(40), content: 'x' }],
          },
        ],
      },
    ],
    [
      'a Responses call_id',
      '/v1/responses',
      {
        model: 'm',
        input: [{ type: 'function_call_output', call_id: crossing(40), output: 'x' }],
      },
    ],
    [
      'a tool type',
      '/v1/chat/completions',
      {
        model: 'm',
        messages: [{ role: 'user', content: 'hi' }],
        tools: [{ type: crossing(40) }],
      },
    ],
  ])('%s: a 400 that masks the whole token', async (_name, path, json) => {
    const { status, text } = await body(path, json);
    expect(status).toBe(400);
    for (const piece of pieces) expect(text).not.toContain(piece);
  });

  it('an unknown path: a 404 that masks the whole token', async () => {
    const { status, text } = await body(`/v1/${'a'.repeat(60)}/${token}`);
    expect(status).toBe(404);
    expect(text).toContain('no route');
    for (const piece of pieces) expect(text).not.toContain(piece);
  });

  it('a content-length that is no number is not quoted back', async () => {
    const response = await handler.fetch(
      new Request(`${base}/v1/check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': `1${token}` },
        body: '{}',
      }),
    );
    const text = await response.text();
    expect(response.status).toBe(413);
    expect(text).not.toContain(token.slice(4, 12));
  });
});

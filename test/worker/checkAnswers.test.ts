import { describe, expect, it } from 'vitest';
import { createHandler } from '../../src/worker/index';

// The answers of POST /v1/check, byte for byte, as the Worker gave them before it read a JSON
// request body with JSON.parse first (4f93e10): an ordinary reply and a masked one, as text/plain
// and in the JSON form, and JSON forms the strict parser refuses. Only `durationMs` varies.
const ordinary =
  '{"segments":[{"type":"text","data":{"text":"Meet at 10:30, café ✓ 😀"}},{"type":"mention","data":{"target":"42"}}]}';
const token = `ghp_${'a1B2c3D4e5F6g7H8i9J0'}${'k1L2m3N4o5P6q7R8'}`;
const masked = `{"segments":[{"type":"text","data":{"text":"token ${token} here"}}]}`;

const ORDINARY_ANSWER =
  '{"status":"completed","value":{"segments":[{"type":"text","data":{"text":"Meet at 10:30, café ✓ 😀"}},{"type":"mention","data":{"target":"42"}}]},"issues":[],"findings":[],"usage":{"inputTokens":0,"outputTokens":0},"meta":{"attempts":1,"stage":"model","enforcement":"prompt_only","schemaName":"segment_reply","durationMs":0}}';
const MASKED_ANSWER =
  '{"status":"completed","value":{"segments":[{"type":"text","data":{"text":"token [REDACTED] here"}}]},"issues":[],"findings":[{"code":"LEAK_MASKED","rule":"github-token","path":"/segments/0/data/text","start":6,"end":46}],"usage":{"inputTokens":0,"outputTokens":0},"meta":{"attempts":1,"stage":"post_guardrail","enforcement":"prompt_only","schemaName":"segment_reply","durationMs":0}}';
const JSON_TYPE = 'content-type: application/json; charset=utf-8';

async function answer(type: string, body: string) {
  const response = await createHandler().fetch(
    new Request('http://127.0.0.1:8787/v1/check', {
      method: 'POST',
      headers: { 'content-type': type },
      body,
    }),
  );
  const headers = [...response.headers]
    .filter(([name]) => name !== 'x-replyguard-request-id')
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
  const text = await response.text();
  return {
    status: response.status,
    headers,
    body: text.replace(/"durationMs":[\d.]+/, '"durationMs":0'),
  };
}

describe('POST /v1/check answers', () => {
  it('an ordinary reply: the same bytes as text/plain and in the JSON form', async () => {
    const expected = { status: 200, headers: JSON_TYPE, body: ORDINARY_ANSWER };
    expect(await answer('text/plain', ordinary)).toEqual(expected);
    expect(await answer('application/json', JSON.stringify({ reply: ordinary }))).toEqual(expected);
  });

  it('a masked reply: the same bytes as text/plain and in the JSON form', async () => {
    const expected = { status: 200, headers: JSON_TYPE, body: MASKED_ANSWER };
    expect(await answer('text/plain', masked)).toEqual(expected);
    expect(await answer('application/json', JSON.stringify({ reply: masked }))).toEqual(expected);
  });

  it('a JSON form that JSON.parse takes and the strict parser refuses is still a 400', async () => {
    const refused = (body: string) => ({ status: 400, headers: JSON_TYPE, body });
    expect(await answer('application/json', '{"reply":"x","reply":"y"}')).toEqual(
      refused(
        '{"error":{"code":"BAD_REQUEST","message":"the request body is not strict JSON: DUPLICATE_KEY at /reply (line 1, column 14)"}}',
      ),
    );
    expect(await answer('application/json', '{"reply":"\\ud800"}')).toEqual(
      refused(
        '{"error":{"code":"BAD_REQUEST","message":"the request body is not strict JSON: LONE_SURROGATE at /reply (line 1, column 10)"}}',
      ),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { checkReply } from '../../src/reply/checkReply';
import { DEFAULT_FAILURE_NOTICE } from '../../src/reply/failureNotice';

const valid = JSON.stringify({
  segments: [
    { type: 'markdown', data: { content: '**Result**\n' } },
    { type: 'mention', data: { target: '123456789' } },
    { type: 'text', data: { text: ', please take a look.' } },
    { type: 'image', data: { media: { kind: 'url', value: 'https://example.com/r.png' } } },
  ],
});

describe('checkReply (IM preset)', () => {
  it('completes a valid reply, order preserved, with meta', async () => {
    const result = await checkReply(valid);
    expect(result.status).toBe('completed');
    expect(result.value).toEqual(JSON.parse(valid));
    expect(result.issues).toEqual([]);
    expect(result.notice).toBeUndefined();
    expect(result.meta).toMatchObject({ attempts: 1, stage: 'model', enforcement: 'prompt_only', schemaName: 'segment_reply' });
    expect(result.meta.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('completes the empty list: no reply is needed', async () => {
    const result = await checkReply('{"segments": []}');
    expect(result).toMatchObject({ status: 'completed', value: { segments: [] } });
  });

  const failures: [string, string, string, string][] = [
    ['a duplicate key', '{"segments":[{"type":"text","data":{"text":"a","text":"b"}}]}', 'DUPLICATE_KEY', '/segments/0/data/text'],
    ['trailing tokens', '{"segments":[]} {}', 'TRAILING_TOKENS', ''],
    ['a fence', '```json\n{"segments":[]}\n```', 'CODE_FENCE', ''],
    ['prose', 'Sure! {"segments":[]}', 'PROSE_AROUND_JSON', ''],
    ['an extra field', '{"segments":[{"type":"text","data":{"text":"a","bold":true}}]}', 'UNKNOWN_FIELD', '/segments/0/data/bold'],
    ['an unknown type', '{"segments":[{"type":"poll","data":{}}]}', 'UNKNOWN_SEGMENT_TYPE', '/segments/0/type'],
    ['a numeric id', '{"segments":[{"type":"mention","data":{"target":123}}]}', 'WRONG_TYPE', '/segments/0/data/target'],
    ['an unsafe integer id', '{"segments":[{"type":"face","data":{"id":123456789012345678}}]}', 'UNSAFE_NUMBER', '/segments/0/data/id'],
    ['a missing field', '{"segments":[{"type":"reply","data":{}}]}', 'MISSING_FIELD', '/segments/0/data/message_id'],
    ['a top-level array', '[{"type":"text","data":{"text":"a"}}]', 'NOT_AN_OBJECT', ''],
    ['deep nesting', '{"segments":' + '['.repeat(100) + ']'.repeat(100) + '}', 'TOO_DEEP', ''],
  ];

  it.each(failures)('refuses %s with the failure notice and no value', async (_name, text, code, path) => {
    const result = await checkReply(text);
    expect(result.status).toBe('validation_failed');
    expect(result.value).toBeUndefined();
    expect(result.notice).toEqual({ segments: [{ type: 'text', data: { text: DEFAULT_FAILURE_NOTICE } }] });
    expect(result.issues[0]).toMatchObject({ code });
    if (path) expect(result.issues[0]!.path).toBe(path);
  });

  it('never delivers the valid part of a partly invalid reply', async () => {
    const result = await checkReply('{"segments":[{"type":"text","data":{"text":"ok"}},{"type":"text","data":{"text":2}}]}');
    expect(result.status).toBe('validation_failed');
    expect(JSON.stringify(result)).not.toContain('"ok"');
  });

  it('keeps literal @name text as text', async () => {
    const result = await checkReply('{"segments":[{"type":"text","data":{"text":"@alice hello"}}]}');
    expect(result.value?.segments).toEqual([{ type: 'text', data: { text: '@alice hello' } }]);
  });

  it('uses the host notice text and refuses input over the limit before parsing', async () => {
    const result = await checkReply(' '.repeat(50) + '{}', { limits: { maxLength: 10 }, failureNotice: 'Try again later.' });
    expect(result.issues[0]!.code).toBe('TOO_LARGE');
    expect(result.notice?.segments[0]).toEqual({ type: 'text', data: { text: 'Try again later.' } });
  });

  it('quotes no more than a short excerpt of a huge bad reply', async () => {
    const huge = 'I think ' + 'blah '.repeat(20_000) + '{"segments":[]}';
    const result = await checkReply(huge);
    expect(JSON.stringify(result.issues).length).toBeLessThan(400);
  });
});

describe('checkReply (plain text)', () => {
  it('makes one text segment and parses nothing', async () => {
    const result = await checkReply('{"not": "parsed"} and prose', { schema: false });
    expect(result).toMatchObject({ status: 'completed', value: { segments: [{ type: 'text', data: { text: '{"not": "parsed"} and prose' } }] } });
    expect(result.meta.schemaName).toBe('text');
  });

  it('makes an empty reply from blank text', async () => {
    expect((await checkReply('  \n', { schema: false })).value).toEqual({ segments: [] });
  });
});

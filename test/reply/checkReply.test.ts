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
    expect(result.meta).toMatchObject({
      attempts: 1,
      stage: 'model',
      enforcement: 'prompt_only',
      schemaName: 'segment_reply',
    });
    expect(result.meta.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('completes the empty list: no reply is needed', async () => {
    const result = await checkReply('{"segments": []}');
    expect(result).toMatchObject({ status: 'completed', value: { segments: [] } });
  });

  const failures: [string, string, string, string][] = [
    [
      'a duplicate key',
      '{"segments":[{"type":"text","data":{"text":"a","text":"b"}}]}',
      'DUPLICATE_KEY',
      '/segments/0/data/text',
    ],
    ['trailing tokens', '{"segments":[]} {}', 'TRAILING_TOKENS', ''],
    ['a fence', '```json\n{"segments":[]}\n```', 'CODE_FENCE', ''],
    ['prose', 'Sure! {"segments":[]}', 'PROSE_AROUND_JSON', ''],
    [
      'an extra field',
      '{"segments":[{"type":"text","data":{"text":"a","bold":true}}]}',
      'UNKNOWN_FIELD',
      '/segments/0/data/bold',
    ],
    [
      'an unknown type',
      '{"segments":[{"type":"poll","data":{}}]}',
      'UNKNOWN_SEGMENT_TYPE',
      '/segments/0/type',
    ],
    [
      'a numeric id',
      '{"segments":[{"type":"mention","data":{"target":123}}]}',
      'WRONG_TYPE',
      '/segments/0/data/target',
    ],
    [
      'an unsafe integer id',
      '{"segments":[{"type":"face","data":{"id":123456789012345678}}]}',
      'UNSAFE_NUMBER',
      '/segments/0/data/id',
    ],
    [
      'a missing field',
      '{"segments":[{"type":"reply","data":{}}]}',
      'MISSING_FIELD',
      '/segments/0/data/message_id',
    ],
    ['a top-level array', '[{"type":"text","data":{"text":"a"}}]', 'NOT_AN_OBJECT', ''],
    ['deep nesting', '{"segments":' + '['.repeat(100) + ']'.repeat(100) + '}', 'TOO_DEEP', ''],
  ];

  it.each(failures)(
    'refuses %s with the failure notice and no value',
    async (_name, text, code, path) => {
      const result = await checkReply(text);
      expect(result.status).toBe('validation_failed');
      expect(result.value).toBeUndefined();
      expect(result.notice).toEqual({
        segments: [{ type: 'text', data: { text: DEFAULT_FAILURE_NOTICE } }],
      });
      expect(result.issues[0]).toMatchObject({ code });
      if (path) expect(result.issues[0]!.path).toBe(path);
    },
  );

  it('never delivers the valid part of a partly invalid reply', async () => {
    const result = await checkReply(
      '{"segments":[{"type":"text","data":{"text":"ok"}},{"type":"text","data":{"text":2}}]}',
    );
    expect(result.status).toBe('validation_failed');
    expect(JSON.stringify(result)).not.toContain('"ok"');
  });

  it('never throws for a reply that is not text (JavaScript callers)', async () => {
    expect((await checkReply(undefined as unknown as string)).issues[0]!.code).toBe('INVALID_JSON');
    expect((await checkReply(null as unknown as string, { schema: false })).status).toBe(
      'validation_failed',
    );
  });

  it('keeps literal @name text as text', async () => {
    const result = await checkReply(
      '{"segments":[{"type":"text","data":{"text":"@alice hello"}}]}',
    );
    expect(result.value?.segments).toEqual([{ type: 'text', data: { text: '@alice hello' } }]);
  });

  it('uses the host notice text and refuses input over the limit before parsing', async () => {
    const result = await checkReply(' '.repeat(50) + '{}', {
      limits: { maxLength: 10 },
      failureNotice: 'Try again later.',
    });
    expect(result.issues[0]!.code).toBe('TOO_LARGE');
    expect(result.notice?.segments[0]).toEqual({
      type: 'text',
      data: { text: 'Try again later.' },
    });
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
    expect(result).toMatchObject({
      status: 'completed',
      value: { segments: [{ type: 'text', data: { text: '{"not": "parsed"} and prose' } }] },
    });
    expect(result.meta.schemaName).toBe('text');
  });

  it('makes an empty reply from blank text', async () => {
    expect((await checkReply('  \n', { schema: false })).value).toEqual({ segments: [] });
  });
});

describe('checkReply policies', () => {
  const token = 'ghp_' + 'aB3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0eF3hJ6';
  const png = btoa(
    String.fromCharCode(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(24).fill(0)),
  );
  const mp3 = btoa('ID3' + '\u0000'.repeat(29));

  it('refuses a mention outside the conversation, with its pointer', async () => {
    const text =
      '{"segments":[{"type":"mention","data":{"target":"42"}},{"type":"mention","data":{"target":"7"}}]}';
    const result = await checkReply(text, { mentions: { allowed: ['42'] } });
    expect(result.status).toBe('validation_failed');
    expect(result.issues).toEqual([
      expect.objectContaining({ code: 'MENTION_NOT_ALLOWED', path: '/segments/1/data/target' }),
    ]);
    expect((await checkReply(text, { mentions: { allowed: ['42', '7'] } })).status).toBe(
      'completed',
    );
  });

  it('masks a leaked token, reports it, and delivers from stage post_guardrail', async () => {
    const result = await checkReply(
      JSON.stringify({ segments: [{ type: 'text', data: { text: `here: ${token}` } }] }),
    );
    expect(result.status).toBe('completed');
    expect(result.meta.stage).toBe('post_guardrail');
    expect(result.value?.segments[0]).toEqual({ type: 'text', data: { text: 'here: [REDACTED]' } });
    expect(result.findings).toEqual([
      {
        code: 'LEAK_MASKED',
        rule: 'github-token',
        path: '/segments/0/data/text',
        start: 6,
        end: 46,
      },
    ]);
    expect(JSON.stringify(result)).not.toContain(token);
  });

  it('masks leaks in plain-text mode too', async () => {
    const result = await checkReply(`the key is ${token}`, { schema: false });
    expect(result.value?.segments[0]).toEqual({
      type: 'text',
      data: { text: 'the key is [REDACTED]' },
    });
    expect(result.meta.stage).toBe('post_guardrail');
  });

  it('replaces mismatched media with the notice and keeps the rest', async () => {
    const reply = {
      segments: [
        { type: 'image', data: { media: { kind: 'base64', value: png } } },
        { type: 'image', data: { media: { kind: 'base64', value: mp3 } } },
      ],
    };
    const result = await checkReply(JSON.stringify(reply));
    expect(result.status).toBe('completed');
    expect(result.value?.segments).toEqual([
      reply.segments[0],
      { type: 'text', data: { text: '[attachment unavailable]' } },
    ]);
    expect(result.findings).toEqual([
      { code: 'MEDIA_UNAVAILABLE', rule: 'media-type-mismatch', path: '/segments/1' },
    ]);
  });

  it('turns policies off when asked', async () => {
    const text = JSON.stringify({
      segments: [
        { type: 'text', data: { text: token } },
        { type: 'audio', data: { media: { kind: 'base64', value: png } } },
      ],
    });
    const result = await checkReply(text, { leaks: false, media: false });
    expect(result).toMatchObject({ status: 'completed', findings: [], meta: { stage: 'model' } });
  });

  it('with nothing found in the text, still masks a host number literal and rewrites host paths', async () => {
    // The shared scan finds nothing here: findLeaks still looks for the literals in numbers.
    const text = JSON.stringify({
      segments: [
        { type: 'face', data: { id: 987654321 } },
        { type: 'text', data: { text: 'see /home/alice/notes.txt' } },
      ],
    });
    const result = await checkReply(text, {
      leaks: { literals: ['987654321'] },
      hostPaths: { roots: [{ root: '/home/alice', replacement: '~' }] },
    });
    expect(result.status).toBe('completed');
    expect(result.value?.segments).toEqual([
      { type: 'face', data: { id: '[REDACTED]' } },
      { type: 'text', data: { text: 'see ~/notes.txt' } },
    ]);
    expect(result.findings.map((finding) => finding.rule)).toEqual(['host-literal', 'host-path']);
  });

  it('with nothing found and no literals (findLeaks returns at once), still rewrites host paths', async () => {
    const text = JSON.stringify({
      segments: [{ type: 'text', data: { text: 'see /home/alice/notes.txt' } }],
    });
    const result = await checkReply(text, {
      hostPaths: { roots: [{ root: '/home/alice', replacement: '~' }] },
    });
    expect(result.value?.segments).toEqual([{ type: 'text', data: { text: 'see ~/notes.txt' } }]);
    expect(result.findings.map((finding) => finding.rule)).toEqual(['host-path']);
  });

  it('refuses an allow list that is not a list, with or without a finding (a host error)', async () => {
    const reply = (text: string) =>
      JSON.stringify({ segments: [{ type: 'text', data: { text } }] });
    const allow = 5 as unknown as string[];
    await expect(checkReply(reply('nothing here'), { leaks: { allow } })).rejects.toThrow(
      TypeError,
    );
    await expect(checkReply(reply(`key ${token}`), { leaks: { allow } })).rejects.toThrow(
      TypeError,
    );
  });

  it('never quotes a secret in a parse issue', async () => {
    const result = await checkReply(
      `{"segments":[{"type":"text","data":{"text":"${token}"}}]} trailing ${token}`,
    );
    expect(result.issues[0]!.code).toBe('TRAILING_TOKENS');
    expect(JSON.stringify(result)).not.toContain(token.slice(0, 20));
  });
});

describe('nothing that leaves carries a secret', () => {
  const token = `ghp_${'Zq8Xw2Lm4Nb6Vc8Kj1Hg3Fd5Sa7Pq9Ro0Tu2'.slice(0, 36)}`;

  it('masks a secret quoted in an issue message or named in a pointer, with the host literals too', async () => {
    const mention = await checkReply(
      '{"segments":[{"type":"mention","data":{"target":"mysql://root:hunter22secret@db.internal/prod"}}]}',
      { mentions: { allowed: ['u1'] } },
    );
    expect(mention.status).toBe('validation_failed');
    expect(JSON.stringify(mention)).not.toContain('hunter22secret');
    const pointer = await checkReply(
      `{"segments":[{"type":"text","data":{"text":"x","${token}":1}}]}`,
    );
    expect(pointer.issues[0]).toMatchObject({
      code: 'UNKNOWN_FIELD',
      path: '/segments/0/data/[REDACTED]',
    });
    expect(JSON.stringify(pointer)).not.toContain(token);
    const literal = await checkReply(
      '{"segments":[{"type":"text","data":{"text":"x","the-host-codeword":1}}]}',
      { leaks: { literals: ['the-host-codeword'] } },
    );
    expect(JSON.stringify(literal)).not.toContain('the-host-codeword');
  });

  it('leaves issues as they are when leak scanning is off', async () => {
    const result = await checkReply(
      `{"segments":[{"type":"text","data":{"text":"x","${token}":1}}]}`,
      { leaks: false },
    );
    expect(result.issues[0]!.path).toBe(`/segments/0/data/${token}`);
  });
});

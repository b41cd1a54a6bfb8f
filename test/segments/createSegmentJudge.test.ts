import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHAPES, shapedReply } from '../../bench/replies';
import { createSegmentJudge } from '../../src/segments/createSegmentJudge';
import { validateSegments } from '../../src/segments/validateSegments';
import { emitJsonEvents } from './emitJsonEvents';
import { mutatedReply, nearReply, validReply } from './segmentArbitraries';

const judge = (value: unknown) => emitJsonEvents(value, createSegmentJudge());
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
/** Every event of a value, counted by an observer that accepts all. */
const eventCount = (value: unknown) => {
  let count = 0;
  const all = () => {
    count++;
    return undefined;
  };
  emitJsonEvents(value, { member: all, value: all, close: all });
  return count;
};

const every = {
  segments: [
    { type: 'text', data: { text: 'hi' } },
    { type: 'markdown', data: { content: '**b**' } },
    { type: 'mention', data: { target: '123' } },
    { type: 'image', data: { media: { kind: 'url', value: 'https://example.com/a.png' } } },
    { type: 'audio', data: { media: { value: 'a.mp3', kind: 'path' } } },
    { type: 'video', data: { media: { kind: 'base64', value: 'AAAA' } } },
    { data: { media: { kind: 'file', value: 'f_1' } }, type: 'file' },
    { type: 'reply', data: { message_id: 'm1' } },
    { type: 'forward', data: { forward_id: 'f1' } },
    { type: 'face', data: { id: 14 } },
    { data: { id: 'smile' }, type: 'face' },
    { type: 'dice', data: {} },
    { data: {}, type: 'rps' },
    { data: { title: 'Example', url: 'https://example.com' }, type: 'share' },
  ],
};

describe('createSegmentJudge never refuses a valid reply', () => {
  it('accepts every segment type, fields in any order, and the empty list', () => {
    expect(judge(every)).toBeUndefined();
    expect(judge({ segments: [] })).toBeUndefined();
  });

  it('accepts every bench reply shape that is valid, at 32 KB', () => {
    for (const shape of SHAPES.filter((name) => name !== 'refused'))
      expect(judge(JSON.parse(shapedReply(shape, 32_768))), shape).toBeUndefined();
  });

  it('accepts random valid replies generated from the catalog', () => {
    fc.assert(
      fc.property(validReply, (reply) => {
        expect(validateSegments(reply).ok).toBe(true);
        expect(judge(reply)).toBeUndefined();
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('createSegmentJudge decides like validateSegments once it has seen everything', () => {
  it('refuses exactly the replies validateSegments refuses (random near-catalog values and mutations)', () => {
    fc.assert(
      // As JSON carries them: the judge reads a parser's events, where NaN or Infinity (which
      // the arbitraries make for host values) never occur; validateSegments refuses a face `id`
      // of NaN that the judge, reading numbers as JSON's, took (seed -1361572960).
      fc.property(fc.oneof(nearReply, mutatedReply).map(asJson), (value) => {
        const verdict = validateSegments(value);
        const rejection = judge(value);
        expect(rejection === undefined, JSON.stringify({ value, rejection })).toBe(verdict.ok);
      }),
      { numRuns: 20_000 },
    );
  });
});

describe('createSegmentJudge refuses as soon as it is provable', () => {
  const cases: [string, unknown, string, string][] = [
    ['a root array', [], 'NOT_AN_OBJECT', ''],
    ['a root string', 'hello', 'NOT_AN_OBJECT', ''],
    ['an unknown root member', { segments: [], extra: 1 }, 'UNKNOWN_FIELD', '/extra'],
    ['segments that is no array', { segments: { type: 'text' } }, 'WRONG_TYPE', '/segments'],
    ['a segment that is no object', { segments: ['hi'] }, 'WRONG_TYPE', '/segments/0'],
    ['a segment that is an array', { segments: [[]] }, 'WRONG_TYPE', '/segments/0'],
    [
      'an unknown segment member',
      { segments: [{ type: 'text', x: 1, data: { text: 'a' } }] },
      'UNKNOWN_FIELD',
      '/segments/0/x',
    ],
    [
      'an unknown type',
      { segments: [{ type: 'poll', data: {} }] },
      'UNKNOWN_SEGMENT_TYPE',
      '/segments/0/type',
    ],
    [
      'a numeric type',
      { segments: [{ type: 1, data: {} }] },
      'UNKNOWN_SEGMENT_TYPE',
      '/segments/0/type',
    ],
    [
      'a numeric mention target',
      { segments: [{ type: 'mention', data: { target: 123 } }] },
      'WRONG_TYPE',
      '/segments/0/data/target',
    ],
    [
      'a boolean face id',
      { segments: [{ type: 'face', data: { id: true } }] },
      'WRONG_TYPE',
      '/segments/0/data/id',
    ],
    [
      'data that is no object',
      { segments: [{ type: 'text', data: 'hi' }] },
      'WRONG_TYPE',
      '/segments/0/data',
    ],
    [
      'data that is an array',
      { segments: [{ type: 'dice', data: [] }] },
      'WRONG_TYPE',
      '/segments/0/data',
    ],
    [
      'a field of another type',
      { segments: [{ type: 'mention', data: { text: 'a' } }] },
      'UNKNOWN_FIELD',
      '/segments/0/data/text',
    ],
    [
      'a field in dice data',
      { segments: [{ type: 'dice', data: { n: 6 } }] },
      'UNKNOWN_FIELD',
      '/segments/0/data/n',
    ],
    [
      'a known field name in rps data',
      { segments: [{ type: 'rps', data: { id: 1 } }] },
      'UNKNOWN_FIELD',
      '/segments/0/data/id',
    ],
    [
      'a wrong media kind',
      { segments: [{ type: 'file', data: { media: { kind: 'ftp', value: 'x' } } }] },
      'INVALID_VALUE',
      '/segments/0/data/media/kind',
    ],
    [
      'a media kind that is no string',
      { segments: [{ type: 'file', data: { media: { kind: 1, value: 'x' } } }] },
      'WRONG_TYPE',
      '/segments/0/data/media/kind',
    ],
    [
      'an extra media field',
      { segments: [{ type: 'image', data: { media: { kind: 'url', alt: 'a', value: 'u' } } }] },
      'UNKNOWN_FIELD',
      '/segments/0/data/media/alt',
    ],
    [
      'media that is a string',
      { segments: [{ type: 'image', data: { media: 'https://x' } }] },
      'WRONG_TYPE',
      '/segments/0/data/media',
    ],
    [
      'a missing media field, when media closes',
      { segments: [{ type: 'image', data: { media: { kind: 'url' } } }] },
      'MISSING_FIELD',
      '/segments/0/data/media',
    ],
    [
      'a missing data field, when data closes',
      { segments: [{ type: 'share', data: { url: 'u' } }] },
      'MISSING_FIELD',
      '/segments/0/data',
    ],
    [
      'missing data, when the segment closes',
      { segments: [{ type: 'text' }] },
      'MISSING_FIELD',
      '/segments/0',
    ],
    [
      'a missing type, when the segment closes',
      { segments: [{ data: {} }] },
      'UNKNOWN_SEGMENT_TYPE',
      '/segments/0',
    ],
    ['no segments, when the reply closes', {}, 'MISSING_FIELD', ''],
    // data before type: judged against every type, then again when the type arrives
    [
      'data fields no type has together',
      { segments: [{ data: { text: 'a', url: 'u' }, type: 'text' }] },
      'UNKNOWN_FIELD',
      '/segments/0/data/url',
    ],
    [
      'a data field of another type, once the type arrives',
      { segments: [{ data: { text: 'a' }, type: 'mention' }] },
      'UNKNOWN_FIELD',
      '/segments/0/type',
    ],
    [
      'a missing data field, once the type arrives',
      { segments: [{ data: { url: 'u' }, type: 'share' }] },
      'MISSING_FIELD',
      '/segments/0/type',
    ],
    [
      'data for dice, once the type arrives',
      { segments: [{ data: { id: 1 }, type: 'dice' }] },
      'UNKNOWN_FIELD',
      '/segments/0/type',
    ],
    [
      'a numeric id before the type',
      { segments: [{ data: { target: 1 }, type: 'mention' }] },
      'WRONG_TYPE',
      '/segments/0/data/target',
    ],
  ];

  it.each(cases)('refuses %s', (_name, value, code, pointer) => {
    const rejection = judge(value);
    expect(rejection).toMatchObject({ code, pointer });
    expect(validateSegments(value).ok).toBe(false);
  });

  it('names what it refused, briefly', () => {
    expect(judge({ segments: [{ data: { text: 'a' }, type: 'mention' }] })!.message).toBe(
      'field "text" is not part of a "mention" segment\'s data',
    );
    expect(judge({ segments: [{ type: 'mention', data: { target: 123 } }] })!.message).toBe(
      'expected string, got 123',
    );
    expect(judge({ segments: [{ type: 'share', data: { url: 'u' } }] })!.message).toBe(
      'missing required field "title"',
    );
    expect(
      judge({ segments: [{ type: 'x'.repeat(5_000), data: {} }] })!.message.length,
    ).toBeLessThan(200);
    expect(judge({ segments: [], ['k'.repeat(5_000)]: 1 })!.message.length).toBeLessThan(80);
  });

  it('refuses a bad segment in the middle of a long reply where it stands, not at the end', () => {
    const good = JSON.parse(shapedReply('ordinary', 8_192)).segments as unknown[];
    const reply = { segments: [...good, { type: 'mention', data: { target: 7 } }, ...good] };
    const rejection = judge(reply)!;
    expect(rejection).toMatchObject({
      code: 'WRONG_TYPE',
      pointer: `/segments/${good.length}/data/target`,
    });
    const before = eventCount({ segments: good });
    expect(rejection.events).toBeGreaterThan(before - 2);
    expect(rejection.events).toBeLessThan(before + 8);
    expect(eventCount(reply)).toBeGreaterThan(2 * before);
  });

  it('keeps no state from one segment in the next', () => {
    // data seen in segment 0 (before its type) must not count for segment 1
    expect(
      judge({
        segments: [
          { data: { text: 'a' }, type: 'text' },
          { type: 'mention', data: { target: 'b' } },
        ],
      }),
    ).toBeUndefined();
    expect(
      judge({
        segments: [
          { type: 'share', data: { url: 'u', title: 't' } },
          { data: { url: 'u' }, type: 'share' },
        ],
      }),
    ).toMatchObject({ code: 'MISSING_FIELD', pointer: '/segments/1/type' });
    expect(
      judge({
        segments: [
          { type: 'image', data: { media: { kind: 'url', value: 'u' } } },
          { type: 'image', data: { media: { kind: 'url' } } },
        ],
      }),
    ).toMatchObject({ code: 'MISSING_FIELD', pointer: '/segments/1/data/media' });
  });
});

import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { catalogNode } from '../../src/segments/catalogNode';
import { compileIssueFinder, type IssueSink } from '../../src/segments/compileIssueFinder';
import { compileValidator } from '../../src/segments/compileValidator';
import { SegmentReplySchema } from '../../src/segments/segmentCatalog';
import { SEGMENT_TABLE } from '../../src/segments/segmentTable.generated';
import { arrayWhereObject, mutatedReply, nearReply } from './segmentArbitraries';

// What ships: the generated table, held to valibot's own verdict on the catalog.
const check = compileValidator(SEGMENT_TABLE);
const findIssues = compileIssueFinder(SEGMENT_TABLE);
const agrees = (value: unknown) =>
  expect(check(value)).toBe(v.safeParse(SegmentReplySchema, value).success);

describe('compileValidator', () => {
  it('agrees with valibot on random values near the catalog', () => {
    fc.assert(
      fc.property(fc.oneof(nearReply, mutatedReply), (value) => {
        fc.pre(!arrayWhereObject(value));
        agrees(value);
      }),
      { numRuns: 20_000 },
    );
  });

  it('accepts exactly what the issue finder finds nothing wrong with, arrays for objects too', () => {
    fc.assert(
      fc.property(fc.oneof(nearReply, mutatedReply), (value) => {
        const sink: IssueSink = { issues: [], max: 1 };
        findIssues(value, sink);
        expect(check(value)).toBe(sink.issues.length === 0);
      }),
      { numRuns: 10_000 },
    );
  });

  it('agrees on every valid segment type and on the classic refusals', () => {
    const valid = {
      segments: [
        { type: 'text', data: { text: 'a' } },
        { type: 'face', data: { id: 1 } },
        { type: 'dice', data: {} },
        { type: 'image', data: { media: { kind: 'url', value: 'u' } } },
      ],
    };
    expect(check(valid)).toBe(true);
    for (const value of [
      { segments: [{ type: 'dice', data: { n: 1 } }] },
      { segments: [{ type: 'mention', data: { target: 1 } }] },
      { segments: [{ type: 'text', data: { text: 'a' }, extra: 1 }] },
      { segments: [], more: [] },
      { segments: [{ type: 'text' }] },
      Object.defineProperty({ segments: [] }, '__proto__', { value: {}, enumerable: true }),
    ]) {
      agrees(value);
      expect(check(value)).toBe(false);
    }
  });

  it('refuses an array where an object belongs, even the empty one valibot takes for {}', () => {
    expect(
      v.safeParse(SegmentReplySchema, { segments: [{ type: 'dice', data: [] }] }).success,
    ).toBe(true);
    for (const value of [
      { segments: [{ type: 'dice', data: [] }] },
      { segments: [[]] },
      { segments: [{ type: 'image', data: { media: [] } }] },
    ]) {
      expect(check(value)).toBe(false);
    }
  });

  it('reads only the own names of the table and of the value, whatever Object.prototype holds', () => {
    const valid = { segments: [{ type: 'share', data: { url: 'u', title: 't' } }] };
    const sink: IssueSink = { issues: [], max: 10 };
    let accepted: boolean;
    // Synchronous and undone at once: a host whose prototype was polluted still gets the catalog's verdict.
    Object.defineProperty(Object.prototype, 'polluted', {
      value: 1,
      enumerable: true,
      configurable: true,
    });
    try {
      accepted = check(valid);
      findIssues(valid, sink);
    } finally {
      delete (Object.prototype as { polluted?: unknown }).polluted;
    }
    expect(accepted).toBe(true);
    expect(sink.issues).toEqual([]);
  });

  it('counts every own name, a non-enumerable one too, so no unknown field hides behind one', () => {
    // On the previous code a hidden `url` was counted in place of the unknown `extra`, and both
    // checks accepted an object whose JSON is { title, extra } (valibot refuses it for `extra`).
    const hidden = (object: Record<string, unknown>, name: string, value: unknown) =>
      Object.defineProperty(object, name, { value, enumerable: false });
    const data = hidden({ title: 't', extra: 'x' }, 'url', 'u');
    const hiddenField = { segments: [{ type: 'share', data }] };
    const hiddenTag = {
      segments: [hidden({ data: { url: 'u', title: 't' }, extra: 1 }, 'type', 'share')],
    };
    for (const value of [hiddenField, hiddenTag]) {
      expect(check(value)).toBe(false);
      const sink: IssueSink = { issues: [], max: 10 };
      findIssues(value, sink);
      expect(sink.issues).not.toEqual([]);
    }
    expect(v.safeParse(SegmentReplySchema, hiddenField).success).toBe(false);
    // Stricter than valibot, which reads only enumerable names: a hidden unknown name is refused.
    const beside = {
      segments: [{ type: 'share', data: hidden({ url: 'u', title: 't' }, 'note', 1) }],
    };
    expect(check(beside)).toBe(false);
    const sink: IssueSink = { issues: [], max: 10 };
    findIssues(beside, sink);
    expect(sink.issues.map(({ code, path }) => [code, path])).toEqual([
      ['UNKNOWN_FIELD', '/segments/0/data/note'],
    ]);
  });

  it('reads a hole in a sparse array as an undefined item, as valibot does', () => {
    // eslint-disable-next-line no-sparse-arrays -- the hole is the case under test
    const holey = { segments: [{ type: 'dice', data: {} }, , { type: 'rps', data: {} }] };
    expect(v.safeParse(SegmentReplySchema, holey).success).toBe(false);
    expect(check(holey)).toBe(false);
  });

  it('agrees with valibot on schemas of the subset other than the catalog', () => {
    const schema = v.strictObject({
      n: v.number(),
      l: v.array(v.union([v.literal('a'), v.picklist([1, 2])])),
      o: v.strictObject({ s: v.string() }),
    });
    const small = compileValidator(catalogNode(schema));
    const values = [
      { n: 1, l: ['a', 2], o: { s: '' } },
      { n: Number.NaN, l: [], o: { s: '' } },
      { n: 1, l: [3], o: { s: '' } },
      { n: 1, l: [], o: { s: 1 } },
      { n: 1, l: [], o: {}, x: 1 },
      { n: 1, l: [] },
    ];
    for (const value of values)
      expect(small(value), JSON.stringify(value)).toBe(v.safeParse(schema, value).success);
  });
});

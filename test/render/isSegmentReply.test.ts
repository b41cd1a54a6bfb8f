import fc from 'fast-check';
import { type GenericSchema, safeParse } from 'valibot';
import { describe, expect, it } from 'vitest';
import { isSegmentReply } from '../../src/render/isSegmentReply';
import { SegmentReplySchema, SegmentSchemas } from '../../src/segments/segmentCatalog';
import { validateSegments } from '../../src/segments/validateSegments';
import { arrayWhereObject } from '../segments/segmentArbitraries';

// The renderer's check must say exactly what the valibot catalog says (but for an array where an
// object belongs, which valibot takes for {} and replyguard never does). The catalog drives this
// test: every segment type, every field, every way to break one.
const catalog = (value: unknown) =>
  safeParse(SegmentReplySchema, value).success && !arrayWhereObject(value);
type Entries = Record<string, GenericSchema & { entries?: Entries; type: string }>;

/** A valid value for a field of the catalog, and values of every other JSON type. */
function sample(schema: GenericSchema & { type: string; entries?: Entries }): unknown {
  if (schema.type === 'string') return 'x';
  if (schema.type === 'union') return 7;
  if (schema.type === 'strict_object')
    return Object.fromEntries(
      Object.entries(schema.entries!).map(([key, inner]) => [
        key,
        inner.type === 'picklist' ? 'url' : sample(inner),
      ]),
    );
  throw new Error(`no sample for ${schema.type}`);
}
const WRONG = [
  'x',
  7,
  Number.NaN,
  true,
  null,
  [],
  {},
  { kind: 'url' },
  { kind: 'link', value: 'x' },
  { kind: 'url', value: 1 },
  { kind: 'url', value: 'x', extra: 1 },
];

const reply = (...segments: unknown[]) => ({ segments });
const agree = (value: unknown) => {
  expect(isSegmentReply(value), JSON.stringify(value)).toBe(catalog(value));
  if (isSegmentReply(value)) expect(validateSegments(value).ok).toBe(true);
};

describe('isSegmentReply', () => {
  it('accepts a valid segment of every catalog type and refuses every single break of it', () => {
    for (const schema of SegmentSchemas) {
      const type = schema.entries.type.literal;
      const dataEntries = schema.entries.data.entries as unknown as Entries;
      const data = Object.fromEntries(
        Object.entries(dataEntries).map(([key, inner]) => [key, sample(inner)]),
      );
      const valid = { type, data };
      expect(isSegmentReply(reply(valid)), type).toBe(true);
      agree(reply(valid));
      agree(reply({ ...valid, extra: 1 }));
      agree(reply({ type }));
      agree(reply({ ...valid, data: { ...data, extra: 'x' } }));
      agree(reply({ ...valid, type: type.toUpperCase() }));
      for (const field of Object.keys(data)) {
        const { [field]: _dropped, ...rest } = data;
        agree(reply({ type, data: rest }));
        for (const wrong of WRONG) agree(reply({ type, data: { ...data, [field]: wrong } }));
      }
    }
  });

  it('refuses what is not a reply object', () => {
    for (const value of [
      undefined,
      null,
      'x',
      [],
      { segments: {} },
      { segments: [], extra: 1 },
      { segments: [null] },
      { segments: [[]] },
      reply({ type: 'toString', data: {} }),
      reply({ type: '__proto__', data: {} }),
    ]) {
      expect(isSegmentReply(value)).toBe(false);
      agree(value);
    }
    expect(isSegmentReply({ segments: [] })).toBe(true);
  });

  it('agrees with the valibot catalog on random near-miss replies (property)', () => {
    const types = [
      ...SegmentSchemas.map((schema) => schema.entries.type.literal),
      'html',
      'constructor',
    ];
    const field = fc.constantFrom(
      'text',
      'content',
      'target',
      'media',
      'message_id',
      'forward_id',
      'id',
      'url',
      'title',
      'extra',
    );
    const leaf = fc.oneof(
      fc.string({ maxLength: 3 }),
      fc.integer(),
      fc.constant(Number.NaN),
      fc.boolean(),
      fc.constant(null),
      fc.constant([]),
      fc.record({
        kind: fc.constantFrom('url', 'path', 'base64', 'file', 'x'),
        value: fc.oneof(fc.string({ maxLength: 3 }), fc.integer()),
      }),
    );
    const segment = fc.record({
      type: fc.constantFrom(...types),
      data: fc.dictionary(field, leaf, { maxKeys: 3 }),
    });
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 3 }), (segments) => agree({ segments })),
      { numRuns: 3000, seed: 11 },
    );
  });
});

import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { compileValidator } from '../../src/segments/compileValidator';
import { MEDIA_KINDS, SEGMENT_TYPES, SegmentReplySchema } from '../../src/segments/segmentCatalog';

const check = compileValidator(SegmentReplySchema);
const agrees = (value: unknown) => expect(check(value)).toBe(v.safeParse(SegmentReplySchema, value).success);

// Values near the catalog: right and wrong types, known and unknown fields and tags.
const scalar = fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.boolean(), fc.constant(null), fc.double());
const media = fc.record({ kind: fc.oneof(fc.constantFrom(...MEDIA_KINDS), scalar), value: fc.oneof(fc.string(), scalar) }, { requiredKeys: [] });
const data = fc.dictionary(fc.constantFrom('text', 'content', 'target', 'media', 'message_id', 'forward_id', 'id', 'url', 'title', 'extra'), fc.oneof(scalar, media), { maxKeys: 3 });
const segment = fc.oneof(
  fc.record({ type: fc.oneof(fc.constantFrom(...SEGMENT_TYPES), fc.string({ maxLength: 5 })), data }, { requiredKeys: ['type'] }),
  scalar,
);
const reply = fc.oneof(fc.record({ segments: fc.array(segment, { maxLength: 4 }) }), fc.dictionary(fc.string({ maxLength: 8 }), fc.array(segment, { maxLength: 2 }), { maxKeys: 2 }), scalar);

describe('compileValidator', () => {
  it('agrees with valibot on random values near the catalog', () => {
    fc.assert(
      fc.property(reply, (value) => {
        agrees(value);
      }),
      { numRuns: 20_000 },
    );
  });

  it('agrees on every valid segment type and on the classic refusals', () => {
    const valid = { segments: [{ type: 'text', data: { text: 'a' } }, { type: 'face', data: { id: 1 } }, { type: 'dice', data: {} }, { type: 'image', data: { media: { kind: 'url', value: 'u' } } }] };
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

  it('refuses to compile what it does not understand', () => {
    expect(() => compileValidator(v.pipe(v.string(), v.minLength(2)))).toThrow(/pipes/);
    expect(() => compileValidator(v.object({ a: v.string() }))).toThrow(/not supported/);
  });
});

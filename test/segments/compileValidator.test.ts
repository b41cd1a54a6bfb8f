import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { compileValidator } from '../../src/segments/compileValidator';
import { SegmentReplySchema } from '../../src/segments/segmentCatalog';
import { arrayWhereObject, mutatedReply, nearReply } from './segmentArbitraries';

const check = compileValidator(SegmentReplySchema);
const agrees = (value: unknown) => expect(check(value)).toBe(v.safeParse(SegmentReplySchema, value).success);

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

  it('refuses an array where an object belongs, even the empty one valibot takes for {}', () => {
    expect(v.safeParse(SegmentReplySchema, { segments: [{ type: 'dice', data: [] }] }).success).toBe(true);
    for (const value of [{ segments: [{ type: 'dice', data: [] }] }, { segments: [[]] }, { segments: [{ type: 'image', data: { media: [] } }] }]) {
      expect(check(value)).toBe(false);
    }
  });

  it('refuses to compile what it does not understand', () => {
    expect(() => compileValidator(v.pipe(v.string(), v.minLength(2)))).toThrow(/pipes/);
    expect(() => compileValidator(v.object({ a: v.string() }))).toThrow(/not supported/);
  });
});

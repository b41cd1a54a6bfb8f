import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { catalogNode } from '../../src/segments/catalogNode';
import { SegmentReplySchema } from '../../src/segments/segmentCatalog';
import { SEGMENT_TABLE } from '../../src/segments/segmentTable.generated';

describe('catalogNode', () => {
  it("writes the subset the catalog uses as plain data, with valibot's words for leaves", () => {
    const schema = v.strictObject({
      s: v.string(),
      n: v.array(v.number()),
      l: v.literal('x'),
      p: v.picklist(['a', 1]),
      u: v.union([v.string(), v.number()]),
      o: v.strictObject({}),
      t: v.variant('k', [
        v.strictObject({ k: v.literal('one'), a: v.string() }),
        v.strictObject({ b: v.string(), k: v.literal('two') }),
      ]),
    });
    expect(catalogNode(schema)).toEqual({
      s: 'string',
      n: ['array', 'number'],
      l: ['literal', 'x', '"x"'],
      p: ['picklist', ['a', 1], '("a" | 1)'],
      u: ['union', ['string', 'number'], '(string | number)'],
      o: {},
      t: ['variant', 'k', { one: { a: 'string' }, two: { b: 'string' } }],
    });
  });

  it('makes plain JSON data of the segment catalog (the generated table; drift: generatedSchema.test.ts)', () => {
    const table = catalogNode(SegmentReplySchema);
    expect(JSON.parse(JSON.stringify(table))).toEqual(table);
    expect(table).toEqual(SEGMENT_TABLE);
  });

  it('refuses what the run-time checks could not follow exactly as valibot does', () => {
    expect(() => catalogNode(v.pipe(v.string(), v.minLength(2)))).toThrow(/pipes/);
    expect(() => catalogNode(v.object({ a: v.string() }))).toThrow(/not supported/);
    expect(() => catalogNode(v.strictObject({ a: v.optional(v.string()) }))).toThrow(
      /not supported/,
    );
    expect(() => catalogNode(v.union([v.string(), v.strictObject({})]))).toThrow(
      /union of containers/,
    );
    expect(() => catalogNode(v.union([v.string(), v.union([v.number()])]))).toThrow(
      /union of containers/,
    );
    expect(() => catalogNode(v.variant('t', [v.strictObject({ t: v.string() })]))).toThrow(
      /literal tag/,
    );
    expect(() => catalogNode(v.variant('t', [v.strictObject({ t: v.literal(1) })]))).toThrow(
      /literal tag/,
    );
    expect(() =>
      catalogNode(
        v.variant('t', [
          v.strictObject({ t: v.literal('a') }),
          v.strictObject({ t: v.literal('a'), b: v.string() }),
        ]),
      ),
    ).toThrow(/used twice/);
    expect(() => catalogNode(v.literal(true))).toThrow(/string or a number/);
    expect(() => catalogNode(v.picklist([1n]))).toThrow(/strings or numbers/);
    expect(() => catalogNode(v.strictObject({ ['__proto__']: v.string() }))).toThrow(/__proto__/);
  });
});

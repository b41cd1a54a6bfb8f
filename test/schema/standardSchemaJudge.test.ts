import { toStandardJsonSchema } from '@valibot/to-json-schema';
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { checkCustomReply } from '../../src/reply/checkCustomReply';
import { type PreparedSchema, prepareSchema } from '../../src/schema/customSchema';
import { faithfulJsonSchema } from '../../src/schema/faithfulJsonSchema';
import type { StandardSchemaV1 } from '../../src/schema/standardSchema';
import { judgeRun } from './judgeRun';

async function prepared(schema: unknown): Promise<PreparedSchema> {
  const result = await prepareSchema(schema);
  if (!result.ok) throw new Error('not prepared');
  return result.schema;
}

const zodOrder = z.strictObject({
  status: z.enum(['open', 'closed']),
  count: z.int().min(0),
  note: z.string().max(20).optional(),
  kind: z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('a'), n: z.number() }),
    z.strictObject({ type: z.literal('b'), s: z.string() }),
  ]),
});
const valibotOrder = toStandardJsonSchema(
  v.strictObject({
    status: v.picklist(['open', 'closed']),
    count: v.pipe(v.number(), v.integer(), v.minValue(0)),
    note: v.optional(v.pipe(v.string(), v.maxLength(20))),
    kind: v.variant('type', [
      v.strictObject({ type: v.literal('a'), n: v.number() }),
      v.strictObject({ type: v.literal('b'), s: v.string() }),
    ]),
  }),
);

describe('Standard Schemas get the judge through a faithful JSON Schema', () => {
  it.each([
    ['zod 4', zodOrder],
    ['valibot with toStandardJsonSchema', valibotOrder],
  ])('%s: refused at the first wrong member, accepted when valid', async (_name, schema) => {
    const ready = await prepared(schema);
    expect(ready.judge).toBeDefined();
    const bad = '{"status": "opem", "count": 1, "kind": {"type": "a", "n": 1}}';
    expect(judgeRun(ready.judge!(), bad)).toMatchObject({
      early: true,
      issue: { path: '/status' },
    });
    expect(judgeRun(ready.judge!(), '{"count": -1')).toMatchObject({ issue: { path: '/count' } });
    expect(judgeRun(ready.judge!(), '{"kind": {"type": "b", "n"')).toMatchObject({
      issue: { path: '/kind' },
    });
    const good = '{"status": "open", "count": 2, "kind": {"type": "b", "s": "x"}}';
    expect(judgeRun(ready.judge!(), good).issue).toBeUndefined();
    expect((await checkCustomReply(good, ready)).ok).toBe(true);
  });

  it('does not judge patterns (flags are lost in conversion), and counts lengths either way', async () => {
    const zod = await prepared(
      z.object({ code: z.string().regex(/^abc$/i), emoji: z.string().min(3).max(3) }),
    );
    const zodText = '{"code": "ABC", "emoji": "😀😀😀"}';
    expect((await checkCustomReply(zodText, zod)).ok).toBe(true);
    expect(judgeRun(zod.judge!(), zodText).issue).toBeUndefined();
    // valibot counts UTF-16 units: two emoji are four.
    const valibot = await prepared(
      toStandardJsonSchema(v.object({ emoji: v.pipe(v.string(), v.minLength(4)) })),
    );
    const valibotText = '{"emoji": "😀😀"}';
    expect((await checkCustomReply(valibotText, valibot)).ok).toBe(true);
    expect(judgeRun(valibot.judge!(), valibotText).issue).toBeUndefined();
  });

  it('judges a library union as "at least one", whatever its JSON Schema says', async () => {
    const ready = await prepared(z.xor([z.number(), z.int()]));
    // zod refuses 1 (both match); the judge only refuses what matches none.
    expect(judgeRun(ready.judge!(), '1').issue).toBeUndefined();
    expect(judgeRun(ready.judge!(), '"x"').issue).toBeDefined();
  });
});

describe('a conversion that widens what the library accepts gets no judge', () => {
  const unfaithful: [string, StandardSchemaV1, string][] = [
    ['zod catch', z.object({ n: z.number().catch(0) }), '{"n": "x"}'],
    ['zod coerce', z.object({ n: z.coerce.number() }), '{"n": "42"}'],
    ['zod preprocess', z.object({ n: z.preprocess((x) => Number(x), z.number()) }), '{"n": "42"}'],
    ['zod trim', z.object({ s: z.string().trim().max(3) }), '{"s": "  abc  "}'],
    [
      'zod toLowerCase',
      z.object({ s: z.enum(['abc']).or(z.string().toLowerCase().max(3)) }),
      '{"s": "ABC"}',
    ],
    [
      'valibot fallback',
      toStandardJsonSchema(v.object({ n: v.fallback(v.number(), 0) })),
      '{"n": "x"}',
    ],
  ];
  it.each(unfaithful)('%s', async (_name, schema, accepted) => {
    const ready = await prepared(schema);
    expect(faithfulJsonSchema(schema)).toBeUndefined();
    expect(ready.judge).toBeUndefined();
    // The providers still get the plain conversion.
    expect(ready.jsonSchema).toBeDefined();
    expect((await checkCustomReply(accepted, ready)).ok).toBe(true);
  });

  it('nor a library whose parts cannot be seen, nor one without a JSON Schema', async () => {
    const other: StandardSchemaV1 = {
      '~standard': {
        version: 1,
        vendor: 'other',
        validate: (value) => ({ value }),
        jsonSchema: { input: () => ({ type: 'object' }) },
      } as StandardSchemaV1['~standard'],
    };
    expect((await prepared(other)).judge).toBeUndefined();
    expect((await prepared(v.object({ n: v.number() }))).judge).toBeUndefined();
  });
});

describe('a faithful conversion never refuses what the library accepts', () => {
  // Mostly right, sometimes not: a wrong value is rare enough for many to be accepted.
  const often = <T, U>(right: fc.Arbitrary<T>, wrong: fc.Arbitrary<U>) =>
    fc.oneof({ arbitrary: right, weight: 6 }, { arbitrary: wrong, weight: 1 });
  const nearOrder = fc.record(
    {
      status: often(fc.constantFrom('open', 'closed'), fc.constantFrom('opened', 1)),
      count: often(fc.nat({ max: 5 }), fc.constantFrom(-1, 1.5, '1')),
      note: often(
        fc.string({ maxLength: 20 }),
        fc.oneof(fc.string({ minLength: 21 }), fc.constant(null)),
      ),
      kind: fc.oneof(
        fc.record({
          type: often(fc.constant('a'), fc.constant('b')),
          n: often(fc.integer(), fc.string()),
        }),
        fc.record({
          type: often(fc.constant('b'), fc.constant('c')),
          s: often(fc.string(), fc.integer()),
        }),
      ),
      extra: fc.integer(),
    },
    { requiredKeys: ['status', 'count', 'kind'] },
  );
  it.each([
    ['zod 4', zodOrder],
    ['valibot', valibotOrder],
  ])('%s', async (_name, schema) => {
    const ready = await prepared(schema);
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(nearOrder, fc.integer({ min: 1, max: 24 }), async (value, size) => {
        const text = JSON.stringify(value);
        const verdict = await schema['~standard'].validate(JSON.parse(text));
        if (verdict.issues !== undefined) return;
        accepted++;
        expect(judgeRun(ready.judge!(), text, size).issue, text).toBeUndefined();
      }),
      { numRuns: 3_000 },
    );
    expect(accepted).toBeGreaterThan(20);
  });
});

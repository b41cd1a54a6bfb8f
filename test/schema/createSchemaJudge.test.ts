import { describe, expect, it } from 'vitest';
import { createSchemaJudge } from '../../src/schema/createSchemaJudge';
import { prepareSchema } from '../../src/schema/customSchema';
import { checkCustomReply } from '../../src/reply/checkCustomReply';
import { judgeRun } from './judgeRun';

/** A schema, a text that breaks it, where the break is provable (the end of `proof`), the pointer. */
type Case = readonly [name: string, schema: object, text: string, proof: string, path: string];

const defs = { $defs: { pos: { type: 'integer', minimum: 0 } } };
const tree = {
  type: 'object',
  properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#' } } },
};
const branches = {
  anyOf: [
    { properties: { k: { const: 'a' }, v: { type: 'string' } }, required: ['k'] },
    { properties: { k: { const: 'b' }, v: { type: 'number' } }, required: ['k'] },
  ],
};

const manyNames = Object.fromEntries(
  Array.from({ length: 12 }, (_, k) => [`k${k}`, { type: 'string' }]),
);
const longName = 'n'.repeat(80);

const refused: readonly Case[] = [
  [
    'type, when the number ends',
    { properties: { status: { type: 'string' } } },
    '{"status": 42, "x": 1}',
    '42,',
    '/status',
  ],
  [
    'type, when a string opens',
    { properties: { n: { type: 'number' } } },
    '{"n": "12"}',
    '{"n": "',
    '/n',
  ],
  [
    'const, by prefix',
    { properties: { kind: { const: 'order' } } },
    '{"kind": "ordex"}',
    '"ordex',
    '/kind',
  ],
  [
    'enum, by prefix',
    { properties: { s: { enum: ['open', 'closed'] } } },
    '{"s": "opex"}',
    '"opex',
    '/s',
  ],
  ['enum, a number', { properties: { s: { enum: ['open', 1] } } }, '{"s": 2}', '2}', '/s'],
  [
    'additionalProperties: false, by name prefix',
    { properties: { name: {} }, additionalProperties: false },
    '{"nax": 1}',
    '{"nax',
    '',
  ],
  [
    'additionalProperties: false beside patternProperties',
    { patternProperties: { '^x-': {} }, additionalProperties: false },
    '{"x-a": 1, "y": 2}',
    '"y"',
    '/y',
  ],
  [
    'additionalProperties: a schema',
    { additionalProperties: { type: 'string' } },
    '{"a": true}',
    'true',
    '/a',
  ],
  [
    'unevaluatedProperties: false',
    { allOf: [{ properties: { a: {} } }], unevaluatedProperties: false },
    '{"a": 1, "b": 2}',
    '"b"',
    '/b',
  ],
  ['propertyNames, by prefix', { propertyNames: { maxLength: 3 } }, '{"abcd": 1}', '{"abcd', ''],
  [
    'propertyNames, a whole name',
    { propertyNames: { pattern: '^[a-z]+$' } },
    '{"a1": 1}',
    '"a1"',
    '/a1',
  ],
  [
    'maxLength, while the string streams',
    { properties: { t: { type: 'string', maxLength: 5 } } },
    '{"t": "abcdefgh"}',
    '"abcdef',
    '/t',
  ],
  ['maxItems, when one more item begins', { maxItems: 2 }, '["a", "b", "c"]', '"b", "', '/2'],
  ['maxProperties, when one more name begins', { maxProperties: 1 }, '{"a": 1, "b": 2}', ', "', ''],
  [
    'minimum, when the number ends',
    { properties: { n: { minimum: 0 } } },
    '{"n": -5}',
    '-5}',
    '/n',
  ],
  ['maximum', { properties: { n: { maximum: 10 } } }, '{"n": 11, "m": 0}', '11,', '/n'],
  ['exclusiveMinimum', { properties: { n: { exclusiveMinimum: 0 } } }, '{"n": 0}', '0}', '/n'],
  [
    'multipleOf (decimal)',
    { properties: { n: { multipleOf: 0.01 } } },
    '{"n": 1.005}',
    '1.005}',
    '/n',
  ],
  ['required, when the object closes', { required: ['id'] }, '{"a": 1}', '}', ''],
  [
    'minItems, when the array closes',
    { properties: { l: { minItems: 2 } } },
    '{"l": [1], "m": 0}',
    '[1]',
    '/l',
  ],
  ['minProperties', { minProperties: 2 }, '{"a": 1}', '}', ''],
  ['dependentRequired', { dependentRequired: { a: ['b'] } }, '{"a": 1, "c": 2}', '}', ''],
  ['prefixItems', { prefixItems: [{ type: 'number' }] }, '["x"]', '["', '/0'],
  ['items: false after prefixItems', { prefixItems: [{}], items: false }, '[1, "x"]', ', "', '/1'],
  ['items', { items: { type: 'integer' } }, '[1, 2.5, 3]', '2.5,', '/1'],
  [
    'anyOf, no branch takes the kind',
    { anyOf: [{ type: 'string' }, { type: 'number' }] },
    '{"a": 1}',
    '{',
    '',
  ],
  ['anyOf, the last live branch dies', branches, '{"k": "a", "v": 1}', '1}', '/v'],
  [
    'oneOf, two matches when the number ends',
    { properties: { x: { oneOf: [{ type: 'integer' }, { minimum: 0 }] } } },
    '{"x": 5}',
    '5}',
    '/x',
  ],
  [
    'not, when the string ends',
    { properties: { x: { not: { type: 'string' } } } },
    '{"x": "a"}',
    '"a"',
    '/x',
  ],
  [
    'if / then',
    {
      if: { properties: { k: { const: 'a' } } },
      then: { required: ['a'] },
      else: { required: ['b'] },
    },
    '{"k": "a", "b": 1}',
    '}',
    '',
  ],
  [
    'a local $ref into $defs',
    { ...defs, properties: { n: { $ref: '#/$defs/pos' } } },
    '{"n": -1}',
    '-1}',
    '/n',
  ],
  [
    'a recursive $ref',
    tree,
    '{"children": [{"children": [{"name": 3}]}]}',
    '3}',
    '/children/0/children/0/name',
  ],
  [
    'a string where no container can be repaired in',
    { properties: { s: { type: 'number' } } },
    '{"s": "[1]"}',
    '{"s": "',
    '/s',
  ],
  // Names are looked up by length among a few, else in a map; values among a few, else in a set.
  [
    'a property among many names of one length',
    { properties: manyNames, required: ['k7'], additionalProperties: false },
    '{"k3": "a", "k7": 7}',
    '7}',
    '/k7',
  ],
  [
    'a required name among many of one length',
    { properties: manyNames, required: ['k7'] },
    '{"k3": "a", "k70": 1}',
    '}',
    '',
  ],
  [
    'a property with a long name',
    { properties: { [longName]: { type: 'string' }, b: {} }, required: [longName] },
    `{"b": 1, "${longName}": false}`,
    'false',
    `/${longName}`,
  ],
  [
    'an enum of many numbers',
    { properties: { n: { enum: Array.from({ length: 12 }, (_, k) => k) } } },
    '{"n": 12}',
    '12}',
    '/n',
  ],
];

describe('createSchemaJudge refuses as soon as a keyword is provably broken', () => {
  it.each(refused)('%s', async (_name, schema, text, proof, path) => {
    const prepared = await prepareSchema(schema);
    if (!prepared.ok) throw new Error('the schema does not compile');
    // The validator refuses it too.
    expect((await checkCustomReply(text, prepared.schema)).ok).toBe(false);
    const expected = text.indexOf(proof) + proof.length;
    // createSchemaJudge runs no pattern (the linear-time engine loads with prepareSchema, whose
    // judge runs them): a schema with one is judged here by prepareSchema's judge only.
    const judges = /pattern/i.test(JSON.stringify(schema))
      ? [() => prepared.schema.judge!()]
      : [() => prepared.schema.judge!(), () => createSchemaJudge(schema)];
    for (const judge of judges) {
      const run = judgeRun(judge(), text);
      expect(run.issue, text).toMatchObject({ code: 'SCHEMA_MISMATCH', path });
      expect(run.offset).toBe(expected);
      // In 16-character chunks it is refused within the chunk that proves it.
      const chunked = judgeRun(judge(), text, 16);
      expect(chunked.offset).toBeGreaterThanOrEqual(expected);
      expect(chunked.offset).toBeLessThanOrEqual(Math.ceil(expected / 16) * 16);
    }
  });
});

/** Schemas and texts the validator refuses that the judge leaves to it (never a wrong early reject). */
const leftToTheValidator: readonly (readonly [string, object, string])[] = [
  ['a format', { format: 'email' }, '"nope"'],
  ['not over a format', { not: { format: 'email' } }, '"a@b.co"'],
  ['uniqueItems', { uniqueItems: true }, '[1, 1]'],
  ['contains', { contains: { type: 'string' } }, '[1, 2]'],
  ['an enum of objects', { enum: [{ a: 1 }] }, '{"a": 2}'],
  ['dependentSchemas', { dependentSchemas: { a: { required: ['b'] } } }, '{"a": 1}'],
  ['a huge enum', { enum: Array.from({ length: 20_000 }, (_, k) => `v${k}`) }, '"zzz"'],
];

describe('createSchemaJudge leaves what it does not model to the full validator', () => {
  it.each(leftToTheValidator)('%s', async (_name, schema, text) => {
    const prepared = await prepareSchema(schema);
    if (!prepared.ok) throw new Error('the schema does not compile');
    expect((await checkCustomReply(text, prepared.schema)).ok).toBe(false);
    expect(judgeRun(prepared.schema.judge!(), text).issue).toBeUndefined();
  });

  it('ignores unknown keywords, and still judges the ones it knows beside them', () => {
    const schema = {
      'x-extension': { deep: 1 },
      properties: { a: { madeUp: true, type: 'string' } },
    };
    expect(judgeRun(createSchemaJudge(schema), '{"a": "x"}').issue).toBeUndefined();
    expect(judgeRun(createSchemaJudge(schema), '{"a": 1}').issue?.path).toBe('/a');
  });

  it('leaves a remote or dynamic reference to the validator', () => {
    for (const inner of [
      { $ref: 'https://example.com/schemas/a.json' },
      { $ref: '#anchor' },
      { $dynamicRef: '#node' },
    ])
      expect(
        judgeRun(createSchemaJudge({ properties: { a: inner } }), '{"a": 1}').issue,
      ).toBeUndefined();
    // Its own resolution declines a schema with nested $ids; the validator's resolves them.
    const nested = {
      $defs: { a: { $id: 'https://example.com/a', type: 'string' } },
      properties: { a: { $ref: '#/$defs/a' } },
    };
    expect(judgeRun(createSchemaJudge(nested), '{"a": 1}').issue).toBeUndefined();
  });

  it('stays bounded on a nest of anyOf that doubles at every level (2^40 paths)', () => {
    const $defs: Record<string, object> = {
      d40: { type: 'object', properties: { a: { type: 'string' } } },
    };
    for (let i = 0; i < 40; i++)
      $defs[`d${i}`] = {
        anyOf: [{ $ref: `#/$defs/d${i + 1}` }, { allOf: [{ $ref: `#/$defs/d${i + 1}` }] }],
      };
    const judge = createSchemaJudge({ $defs, $ref: '#/$defs/d0' });
    expect(judgeRun(judge, '{"a": "x", "b": [1, {"c": null}]}').issue).toBeUndefined();
  });

  it('never refuses a branch past its budget of live schemas', () => {
    const anyOf = Array.from({ length: 200 }, (_, k) => ({
      properties: { k: { const: `v${k}` } },
      required: ['k'],
    }));
    expect(judgeRun(createSchemaJudge({ anyOf }), '{"k": "v199"}').issue).toBeUndefined();
    expect(judgeRun(createSchemaJudge({ anyOf }), '{"k": "v3"}').issue).toBeUndefined();
  });

  it('never refuses a string the full check repairs into a container', async () => {
    const schema = { properties: { items: { type: 'array', items: { type: 'integer' } } } };
    const text = '{"items": "[1, 2]"}';
    const prepared = await prepareSchema(schema);
    if (!prepared.ok) throw new Error('the schema does not compile');
    expect((await checkCustomReply(text, prepared.schema)).ok).toBe(true);
    expect(judgeRun(prepared.schema.judge!(), text).issue).toBeUndefined();
    // Without that repair (repairedContainers: false) the judge refuses the string at once.
    const strict = createSchemaJudge(schema, { repairedContainers: false });
    expect(judgeRun(strict, text).issue?.path).toBe('/items');
  });
});

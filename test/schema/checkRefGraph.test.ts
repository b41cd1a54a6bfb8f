import { describe, expect, it } from 'vitest';
import { enforceReply } from '../../src/reply/enforceReply';
import { MAX_IN_PLACE_CHAIN, MAX_IN_PLACE_SCHEMAS } from '../../src/schema/checkRefGraph';
import { prepareSchema } from '../../src/schema/customSchema';
import { MAX_SCHEMA_DEPTH, MAX_SCHEMA_NODES } from '../../src/schema/schemaOutline';
import type { JsonSchema } from '../../src/segments/segmentJsonSchema';
import { scripted } from '../reply/scriptedProvider';

// A client schema's $ref graph is checked before any model call: a reference to nothing, to
// another document, or a loop that applies a schema to itself without reading deeper into the
// value is SCHEMA_MALFORMED, naming the pointer — never a stack overflow at validation time.

/** A schema, the pointer its issue names, and words its message must hold. */
const BROKEN: readonly (readonly [string, object, string, string])[] = [
  ['a $ref to itself', { $ref: '#' }, '/$ref', 'loop'],
  [
    'a→b→a',
    { $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } }, $ref: '#/$defs/a' },
    '/$defs/a/$ref',
    '#/$defs/a → #/$defs/b → #/$defs/a',
  ],
  ['a loop through allOf', { allOf: [{ $ref: '#' }] }, '/allOf/0/$ref', 'loop'],
  ['a loop through anyOf', { anyOf: [{ type: 'string' }, { $ref: '#' }] }, '/anyOf/1/$ref', 'loop'],
  ['a loop through not', { not: { $ref: '#' } }, '/not/$ref', 'loop'],
  ['a loop through if/then', { if: { type: 'object' }, then: { $ref: '#' } }, '/then/$ref', 'loop'],
  [
    'a loop through dependentSchemas',
    { dependentSchemas: { a: { $ref: '#' } } },
    '/dependentSchemas/a/$ref',
    'loop',
  ],
  [
    'a loop in an unused definition',
    { type: 'string', $defs: { a: { $ref: '#/$defs/a' } } },
    '/$defs/a/$ref',
    'loop',
  ],
  [
    'a $recursiveRef loop',
    { $recursiveAnchor: true, anyOf: [{ $recursiveRef: '#' }] },
    '/anyOf/0/$recursiveRef',
    'loop',
  ],
  ['a missing pointer', { $ref: '#/$defs/missing' }, '/$ref', 'points to nothing in the schema'],
  [
    'a missing pointer, deep',
    { properties: { a: { items: { $ref: '#/$defs/nope' } } } },
    '/properties/a/items/$ref',
    'points to nothing',
  ],
  ['a missing anchor', { $ref: '#nowhere' }, '/$ref', 'points to nothing'],
  ['a pointer into a value', { $ref: '#/enum/0', enum: [{}] }, '/$ref', 'points to nothing'],
  [
    'a remote URL',
    { $ref: 'https://example.com/schemas/a.json' },
    '/$ref',
    'remote schemas are not fetched',
  ],
  ['a relative remote', { $ref: 'other.json#/a' }, '/$ref', 'remote schemas are not fetched'],
  [
    'a remote under an $id',
    { $id: 'https://example.com/root.json', properties: { a: { $ref: 'b.json' } } },
    '/properties/a/$ref',
    'remote schemas are not fetched',
  ],
];

describe('a broken $ref graph is refused before any model call', () => {
  it.each(BROKEN)('%s', async (_name, schema, path, words) => {
    const prepared = await prepareSchema(schema);
    expect(prepared.ok).toBe(false);
    if (prepared.ok) return;
    expect(prepared.issues[0]).toMatchObject({ code: 'SCHEMA_MALFORMED', path });
    expect(prepared.issues[0]!.message).toContain(path);
    expect(prepared.issues[0]!.message).toContain(words);
    expect(JSON.stringify(prepared.issues)).not.toMatch(/call stack/i);
  });

  it.each(BROKEN)('%s: enforceReply calls no model', async (_name, schema, path) => {
    const { provider, requests } = scripted(['{}', '{}', '{}']);
    const result = await enforceReply({
      provider,
      messages: [{ role: 'user', content: 'hi' }],
      schema: schema as JsonSchema,
    });
    expect(requests).toHaveLength(0);
    expect(result).toMatchObject({
      status: 'error',
      issues: [{ code: 'SCHEMA_MALFORMED', path }],
    });
  });

  it('refuses a chain of schemas applied in place too long for the validator’s stack', async () => {
    const $defs: Record<string, object> = {};
    for (let i = 0; i < 600; i++) $defs[`d${i}`] = { $ref: `#/$defs/d${i + 1}` };
    $defs.d600 = { type: 'string' };
    const prepared = await prepareSchema({ $defs, $ref: '#/$defs/d0' });
    expect(prepared).toMatchObject({ ok: false, issues: [{ code: 'SCHEMA_MALFORMED' }] });
    expect(JSON.stringify(prepared)).toContain(`more than ${MAX_IN_PLACE_CHAIN} schemas in place`);
    // Within the bound it is kept.
    const short: Record<string, object> = { d20: { type: 'string' } };
    for (let i = 0; i < 20; i++) short[`d${i}`] = { $ref: `#/$defs/d${i + 1}` };
    const kept = await prepareSchema({ $defs: short, $ref: '#/$defs/d0' });
    if (!kept.ok) throw new Error(JSON.stringify(kept.issues));
    expect(await kept.schema.validate('x')).toEqual([]);
    expect(await kept.schema.validate(1)).not.toEqual([]);
  });

  it('refuses a nest that doubles the schemas applied to one value at every level', async () => {
    const $defs: Record<string, object> = { d30: { type: 'string' } };
    for (let i = 0; i < 30; i++)
      $defs[`d${i}`] = { allOf: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] };
    const prepared = await prepareSchema({ $defs, $ref: '#/$defs/d0' });
    expect(JSON.stringify(prepared)).toContain(
      `more than ${MAX_IN_PLACE_SCHEMAS} schemas in place`,
    );
  });

  it('refuses a schema too deep or too large to walk, without recursion', async () => {
    let deep: object = { type: 'string' };
    for (let i = 0; i < 20_000; i++) deep = { not: deep };
    const tooDeep = await prepareSchema(deep);
    expect(tooDeep).toMatchObject({ ok: false, issues: [{ code: 'SCHEMA_MALFORMED' }] });
    expect(JSON.stringify(tooDeep)).toContain(`deeper than ${MAX_SCHEMA_DEPTH} levels`);
    const wide = { anyOf: Array.from({ length: MAX_SCHEMA_NODES + 1 }, () => ({})) };
    expect(JSON.stringify(await prepareSchema(wide))).toContain(`more than ${MAX_SCHEMA_NODES}`);
    // Shared objects count each time they are reached: a small object graph cannot hide 2^40.
    let shared: object = { type: 'string' };
    for (let i = 0; i < 40; i++) shared = { allOf: [shared, shared] };
    expect(JSON.stringify(await prepareSchema(shared))).toContain(`more than ${MAX_SCHEMA_NODES}`);
  });

  it('refuses an object that contains itself (a core caller’s object graph, not JSON)', async () => {
    const schema: Record<string, unknown> = { type: 'object' };
    schema.properties = { self: schema };
    expect(await prepareSchema(schema)).toMatchObject({
      ok: false,
      issues: [
        {
          code: 'SCHEMA_MALFORMED',
          path: '/properties/self',
          message: expect.stringContaining('contains itself'),
        },
      ],
    });
  });
});

describe('a recursion with a base case keeps working', () => {
  const tree = {
    type: 'object',
    properties: {
      name: { type: 'string' },
      children: { type: 'array', items: { $ref: '#' } },
    },
    required: ['name'],
  };
  it.each([
    [
      'a tree',
      tree,
      { name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }] },
      { name: 'a', children: [{}] },
    ],
    [
      'a linked list through $defs',
      {
        $defs: { node: { type: 'object', properties: { next: { $ref: '#/$defs/node' } } } },
        $ref: '#/$defs/node',
      },
      { next: { next: {} } },
      { next: { next: 1 } },
    ],
    [
      'an anchor',
      { $defs: { n: { $anchor: 'num', type: 'number' } }, properties: { a: { $ref: '#num' } } },
      { a: 1 },
      { a: 'x' },
    ],
    [
      'a nested $id with a relative $ref',
      {
        $id: 'https://example.com/root.json',
        $defs: { b: { $id: 'b.json', type: 'integer' } },
        properties: { a: { $ref: 'b.json' } },
      },
      { a: 1 },
      { a: 1.5 },
    ],
    [
      'a $recursiveRef under properties',
      { $recursiveAnchor: true, type: 'object', properties: { x: { $recursiveRef: '#' } } },
      { x: { x: {} } },
      { x: { x: 1 } },
    ],
    [
      'a $ref to a boolean schema',
      { $defs: { f: false }, properties: { a: { $ref: '#/$defs/f' } } },
      {},
      { a: 1 },
    ],
    [
      'the same definition twice in place (no loop)',
      { $defs: { s: { type: 'string' } }, allOf: [{ $ref: '#/$defs/s' }, { $ref: '#/$defs/s' }] },
      'x',
      1,
    ],
  ] as const)('%s', async (_name, schema, valid, invalid) => {
    const prepared = await prepareSchema(schema);
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.issues));
    expect(await prepared.schema.validate(valid)).toEqual([]);
    expect((await prepared.schema.validate(invalid)).length).toBeGreaterThan(0);
  });

  it('refuses a reply too deep for the validator’s recursion as TOO_DEEP, never by throwing', async () => {
    const prepared = await prepareSchema({
      $defs: { n: { anyOf: [{ type: 'null' }, { properties: { a: { $ref: '#/$defs/n' } } }] } },
      $ref: '#/$defs/n',
    });
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.issues));
    let value: unknown = null;
    for (let i = 0; i < 5_000; i++) value = { a: value };
    expect(await prepared.schema.validate(value)).toMatchObject([{ code: 'TOO_DEEP' }]);
  });
});

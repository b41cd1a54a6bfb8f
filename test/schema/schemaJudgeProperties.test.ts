import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJson } from '../../src/json/parseJson';
import { type PreparedSchema, prepareSchema } from '../../src/schema/customSchema';
import { createSchemaJudge } from '../../src/schema/createSchemaJudge';
import { cutAt, judgeRun } from './judgeRun';
import { SUITE_CASES, suiteRemotes } from './suiteCases';

// Generated instances: random values, random mutations of the suite's valid instances, and
// values generated from a realistic schema, each split at random places. Whatever the validator
// accepts, the judge never refuses; and where a mutation breaks a keyword the judge models, it
// refuses before the text ends.

const remotes = suiteRemotes();
const groups = [...new Set(SUITE_CASES.map((c) => c.group))];
const prepared = new Map<unknown, PreparedSchema>();
for (const group of groups) {
  const result = await prepareSchema(group.schema, { remotes });
  if (result.ok && result.schema.judge) prepared.set(group.schema, result.schema);
}
const judged = groups.filter((group) => prepared.has(group.schema));
const validOnes = SUITE_CASES.filter((c) => c.test.valid && prepared.has(c.group.schema));

/** One random change somewhere in a JSON value: a value replaced, a member or item added or dropped. */
function mutate(value: unknown, choice: number, replacement: unknown, name: string): unknown {
  const nodes: unknown[] = [];
  const walk = (node: unknown) => {
    nodes.push(node);
    if (Array.isArray(node)) node.forEach(walk);
    else if (typeof node === 'object' && node !== null) Object.values(node).forEach(walk);
  };
  walk(value);
  const target = nodes[choice % nodes.length];
  const copy = (node: unknown): unknown => {
    if (node === target) {
      if (Array.isArray(node))
        return choice % 3 === 0 ? node.slice(1) : [...node.map(copy), replacement];
      if (typeof node === 'object' && node !== null) {
        const entries = Object.entries(node).map(([key, inner]) => [key, copy(inner)] as const);
        return Object.fromEntries(
          choice % 3 === 0 ? entries.slice(1) : [...entries, [name, replacement]],
        );
      }
      return replacement;
    }
    if (Array.isArray(node)) return node.map(copy);
    if (typeof node === 'object' && node !== null)
      return Object.fromEntries(Object.entries(node).map(([key, inner]) => [key, copy(inner)]));
    return node;
  };
  return copy(value);
}

/** The judge never refuses what the validator accepts, however the text is cut. */
async function neverRefusesValid(
  schema: PreparedSchema,
  raw: unknown,
  value: unknown,
  cuts: number[],
): Promise<void> {
  const text = JSON.stringify(value);
  const parsed = parseJson(text);
  if (!parsed.ok) return;
  if ((await schema.validate(parsed.value)).length > 0) return;
  const pieces = cutAt(
    text,
    cuts.map((cut) => cut % text.length).sort((a, b) => a - b),
  );
  expect(
    judgeRun(schema.judge!(), text, pieces).issue,
    `${text} in ${JSON.stringify(pieces)}`,
  ).toBeUndefined();
  expect(judgeRun(createSchemaJudge(raw), text, pieces).issue).toBeUndefined();
}

const cuts = fc.array(fc.nat({ max: 10_000 }), { maxLength: 8 });

describe('the schema judge on generated instances', () => {
  it('never refuses a random value the validator accepts (every suite schema)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...judged),
        fc.jsonValue({ maxDepth: 3 }),
        cuts,
        (group, value, at) =>
          neverRefusesValid(prepared.get(group.schema)!, group.schema, value, at),
      ),
      { numRuns: 3_000 },
    );
  });

  it('never refuses a mutation of a valid suite instance the validator still accepts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...validOnes),
        fc.nat(),
        fc.jsonValue({ maxDepth: 2 }),
        fc.constantFrom('a', 'b', 'foo', 'bar', 'x-y', '0', 'length'),
        cuts,
        (c, choice, replacement, name, at) =>
          neverRefusesValid(
            prepared.get(c.group.schema)!,
            c.group.schema,
            mutate(c.test.data, choice, replacement, name),
            at,
          ),
      ),
      { numRuns: 4_000 },
    );
  });
});

// A realistic reply contract: what an agent runtime asks of a structured answer.
const ticket = {
  $defs: {
    money: {
      type: 'object',
      properties: {
        amount: { type: 'number', minimum: 0, multipleOf: 0.01 },
        currency: { enum: ['EUR', 'USD', 'JPY'] },
      },
      required: ['amount', 'currency'],
      additionalProperties: false,
    },
  },
  type: 'object',
  properties: {
    status: { enum: ['open', 'pending', 'closed'] },
    title: { type: 'string', minLength: 1, maxLength: 80 },
    tags: { type: 'array', items: { type: 'string', maxLength: 12 }, maxItems: 4 },
    total: { $ref: '#/$defs/money' },
    lines: {
      type: 'array',
      items: {
        anyOf: [
          {
            type: 'object',
            properties: {
              kind: { const: 'item' },
              sku: { type: 'string' },
              qty: { type: 'integer', minimum: 1 },
            },
            required: ['kind', 'sku', 'qty'],
            additionalProperties: false,
          },
          {
            type: 'object',
            properties: { kind: { const: 'note' }, text: { type: 'string' } },
            required: ['kind', 'text'],
            additionalProperties: false,
          },
        ],
      },
    },
    point: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: false },
  },
  required: ['status', 'title', 'lines'],
  additionalProperties: false,
};

const money = fc.record({
  amount: fc.integer({ min: 0, max: 100_000 }).map((cents) => cents / 100),
  currency: fc.constantFrom('EUR', 'USD', 'JPY'),
});
const line = fc.oneof(
  fc.record({ kind: fc.constant('item'), sku: fc.string(), qty: fc.integer({ min: 1, max: 99 }) }),
  fc.record({ kind: fc.constant('note'), text: fc.string() }),
);
const validTicket = fc.record(
  {
    status: fc.constantFrom('open', 'pending', 'closed'),
    title: fc.string({ minLength: 1, maxLength: 80 }),
    tags: fc.array(fc.string({ maxLength: 12 }), { maxLength: 4 }),
    total: money,
    lines: fc.array(line, { maxLength: 4 }),
    point: fc.tuple(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.integer()),
  },
  { requiredKeys: ['status', 'title', 'lines'] },
);

describe('the schema judge on a realistic contract', async () => {
  const result = await prepareSchema(ticket);
  if (!result.ok) throw new Error('the ticket schema does not compile');
  const schema = result.schema;

  it('never refuses a generated valid ticket, however it is cut', async () => {
    await fc.assert(
      fc.asyncProperty(validTicket, cuts, async (value, at) => {
        const text = JSON.stringify(value);
        expect(await schema.validate(JSON.parse(text))).toEqual([]);
        await neverRefusesValid(schema, ticket, value, at);
      }),
      { numRuns: 2_000 },
    );
  });

  it('refuses a ticket with one leaf of the wrong type, at that leaf, before its text ends', async () => {
    await fc.assert(
      fc.asyncProperty(
        validTicket,
        fc.nat(),
        fc.nat({ max: 31 }),
        async (generated, choice, size) => {
          // A copy: fast-check reuses generated values while it shrinks.
          const value = structuredClone(generated);
          // A string leaf becomes a number, or a number leaf a string.
          const leaves: [Record<string | number, unknown>, string | number, string][] = [];
          const walk = (node: unknown, pointer: string) => {
            if (typeof node !== 'object' || node === null) return;
            for (const [key, inner] of Object.entries(node)) {
              const at = `${pointer}/${key}`;
              if (typeof inner === 'object' && inner !== null) walk(inner, at);
              else
                leaves.push([
                  node as Record<string, unknown>,
                  Array.isArray(node) ? Number(key) : key,
                  at,
                ]);
            }
          };
          walk(value, '');
          const [holder, key, pointer] = leaves[choice % leaves.length]!;
          holder[key] = typeof holder[key] === 'string' ? 7 : 'seven';
          const text = JSON.stringify(value);
          expect((await schema.validate(JSON.parse(text))).length).toBeGreaterThan(0);
          const run = judgeRun(schema.judge!(), text, size + 1);
          expect(run.issue, text).toMatchObject({ code: 'SCHEMA_MISMATCH', path: pointer });
          expect(run.early, text).toBe(true);
        },
      ),
      { numRuns: 1_000 },
    );
  });
});

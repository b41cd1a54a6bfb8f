import { Validator } from '@cfworker/json-schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSchemaJudge } from '../../src/schema/createSchemaJudge';
import { judgeRun } from './judgeRun';

// Generated schemas that mix the keywords reading an object's members — properties, required,
// dependentRequired, dependentSchemas, propertyNames, min/maxProperties, additionalProperties,
// unevaluatedProperties, if/then/else, anyOf/allOf/oneOf/not — over a few shared names, and
// generated objects over the same names. Whatever @cfworker/json-schema (the final validator)
// accepts, the judge never refuses: fed whole, a character at a time, or cut in two anywhere.

const NAMES = ['a', 'b', 'c', 'd'] as const;
const name = fc.constantFrom(...NAMES);
const names = fc.uniqueArray(name, { maxLength: 3 });

const leaf = fc.constantFrom<unknown>(
  true,
  false,
  {},
  { type: 'string' },
  { type: 'integer' },
  { type: ['string', 'null'] },
  { const: 1 },
  { enum: ['x', 1, null] },
  { maxLength: 1 },
  { minimum: 1 },
);

/** An object schema (or a leaf) down to `depth` levels of subschemas. */
function schemaOf(depth: number): fc.Arbitrary<unknown> {
  if (depth === 0) return leaf;
  const inner = schemaOf(depth - 1);
  const keywords = {
    type: fc.constantFrom<unknown>('object', ['object', 'string']),
    properties: fc.dictionary(name, inner, { maxKeys: 3 }),
    required: names,
    dependentRequired: fc.dictionary(name, names, { maxKeys: 2 }),
    dependentSchemas: fc.dictionary(name, inner, { maxKeys: 2 }),
    propertyNames: fc.constantFrom<unknown>(
      { maxLength: 1 },
      { enum: ['a', 'b', 'c'] },
      { not: { const: 'd' } },
      { minLength: 1 },
    ),
    minProperties: fc.nat(3),
    maxProperties: fc.nat(4),
    additionalProperties: inner,
    unevaluatedProperties: inner,
    if: inner,
    then: inner,
    else: inner,
    allOf: fc.array(inner, { minLength: 1, maxLength: 2 }),
    anyOf: fc.array(inner, { minLength: 1, maxLength: 2 }),
    oneOf: fc.array(inner, { minLength: 1, maxLength: 2 }),
    not: inner,
  };
  const keys = Object.keys(keywords) as (keyof typeof keywords)[];
  // A few keywords at once (each object schema picks 1 to 4), `required` with
  // `dependentRequired` often.
  const object = fc
    .tuple(
      fc.record(keywords),
      fc.uniqueArray(fc.constantFrom(...keys), { minLength: 1, maxLength: 4 }),
      fc.boolean(),
    )
    .map(([all, picked, pair]) => {
      const chosen = new Set<string>(picked);
      if (pair) chosen.add('required').add('dependentRequired');
      return Object.fromEntries(Object.entries(all).filter(([key]) => chosen.has(key)));
    });
  return fc.oneof({ weight: 1, arbitrary: leaf }, { weight: 4, arbitrary: object });
}

const scalar = fc.constantFrom<unknown>(1, 2, 'x', 'yy', null, true);
/** An object over the shared names (and one more), its values scalars or such objects. */
const instance: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  object: fc.dictionary(fc.constantFrom(...NAMES, 'e'), fc.oneof(scalar, tie('nested')), {
    maxKeys: 5,
  }),
  nested: fc.oneof({ depthSize: 'small' }, scalar, tie('object')),
})).object;

/** The same JSON with the letters of every name and string written as `\u` escapes. */
const escaped = (text: string) =>
  text.replace(/"(?:[^"\\]|\\.)*"/g, (token) =>
    token.replace(/[a-z]/g, (char) => `\\u00${char.charCodeAt(0).toString(16)}`),
  );

/** Each way the judge can be fed `text`: the runs, each with where it was cut. */
function everyCut(schema: unknown, text: string) {
  const runs = [
    { cut: 'whole', run: judgeRun(createSchemaJudge(schema), text, text.length) },
    { cut: 'by character', run: judgeRun(createSchemaJudge(schema), text, 1) },
  ];
  for (let at = 1; at < text.length; at++)
    runs.push({
      cut: `at ${at}`,
      run: judgeRun(createSchemaJudge(schema), text, [text.slice(0, at), text.slice(at)]),
    });
  return runs;
}

describe('generated schemas that read one member with several keywords', () => {
  it('never refuses an object the validator accepts, at any split point', () => {
    let accepted = 0;
    let refusedEarly = 0;
    fc.assert(
      fc.property(schemaOf(2), instance, (raw, value) => {
        const wrapped = typeof raw === 'object' && raw !== null ? raw : { allOf: [raw] };
        const valid = new Validator(wrapped, '2020-12', false).validate(value).valid;
        const text = JSON.stringify(value);
        if (!valid) {
          if (judgeRun(createSchemaJudge(wrapped), text).issue !== undefined) refusedEarly++;
          return;
        }
        accepted++;
        for (const { cut, run } of everyCut(wrapped, text))
          expect(run.issue, `${JSON.stringify(wrapped)} ${text} (${cut})`).toBeUndefined();
        // Escaped names and strings are the same value (a name read in pieces included).
        const written = escaped(text);
        expect(JSON.parse(written)).toEqual(value);
        for (let at = 1; at < written.length; at += 3)
          expect(
            judgeRun(createSchemaJudge(wrapped), written, [written.slice(0, at), written.slice(at)])
              .issue,
            `${JSON.stringify(wrapped)} ${written} (at ${at})`,
          ).toBeUndefined();
      }),
      { numRuns: 1_500 },
    );
    // The property has teeth: many generated objects are valid, and the judge refuses others.
    expect(accepted).toBeGreaterThan(150);
    expect(refusedEarly).toBeGreaterThan(150);
  });
});

import { Validator } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import { createSchemaJudge } from '../../src/schema/createSchemaJudge';
import { judgeRun } from './judgeRun';

// Keywords that read the same member (`required` and `dependentRequired` on one name) never
// make the judge refuse what the validator accepts, at any split point; and its bookkeeping of
// required names holds past the 30 it keeps as bits.

/** The judge's verdict on `text` fed whole, a character at a time, and cut in two at each place. */
function verdicts(schema: object, text: string) {
  const runs = [judgeRun(createSchemaJudge(schema), text, text.length)];
  runs.push(judgeRun(createSchemaJudge(schema), text, 1));
  for (let at = 1; at < text.length; at++)
    runs.push(judgeRun(createSchemaJudge(schema), text, [text.slice(0, at), text.slice(at)]));
  return runs;
}

const valid = (schema: object, value: unknown) =>
  new Validator(schema, '2020-12', false).validate(value).valid;

function accepted(schema: object, value: unknown): void {
  expect(valid(schema, value), 'the validator accepts it').toBe(true);
  const text = JSON.stringify(value);
  for (const run of verdicts(schema, text))
    expect(run.issue, `${text} at ${run.offset}`).toBeUndefined();
}

function refused(schema: object, value: unknown): void {
  expect(valid(schema, value), 'the validator refuses it').toBe(false);
  const text = JSON.stringify(value);
  for (const run of verdicts(schema, text)) expect(run.issue, text).toBeDefined();
}

const pair = { required: ['country'], dependentRequired: { state: ['country'] } };

describe('required and dependentRequired on one member', () => {
  it('accepts the object that has both (the reported case)', () => {
    accepted(pair, { country: 'US', state: 'CA' });
    accepted(pair, { state: 'CA', country: 'US' });
    accepted(pair, { country: 'US' });
    refused(pair, { state: 'CA' });
    refused(pair, {});
  });

  const places: readonly (readonly [string, object, (inner: unknown) => unknown])[] = [
    ['nested', { properties: { address: pair } }, (inner) => ({ address: inner })],
    ['in an array', { items: pair }, (inner) => [inner, inner]],
    ['under anyOf', { anyOf: [pair, { type: 'string' }] }, (inner) => inner],
    ['under oneOf', { oneOf: [pair, { type: 'string' }] }, (inner) => inner],
    ['under allOf', { allOf: [{ type: 'object' }, pair] }, (inner) => inner],
    ['as then', { if: { type: 'object' }, then: pair }, (inner) => inner],
    ['as else', { if: { type: 'string' }, else: pair }, (inner) => inner],
    ['as if', { if: pair, then: { minProperties: 2 }, else: false }, (inner) => inner],
    ['through $ref', { $defs: { p: pair }, $ref: '#/$defs/p' }, (inner) => inner],
    ['under not', { not: { not: pair } }, (inner) => inner],
  ];
  for (const [name, schema, place] of places)
    it(`accepts it ${name}`, () => {
      accepted(schema, place({ country: 'US', state: 'CA' }));
      refused(schema, place({ state: 'CA' }));
    });

  it('with dependentRequired naming a required name the other way round', () => {
    const schema = { required: ['state'], dependentRequired: { state: ['country'] } };
    accepted(schema, { country: 'US', state: 'CA' });
    refused(schema, { state: 'CA' });
  });

  it('with a dependent that is required too, and a required name past the bits', () => {
    const names = Array.from({ length: 34 }, (_, k) => `p${k}`);
    const schema = {
      required: names,
      dependentRequired: { p33: ['p0', 'extra'], extra: ['p31'] },
    };
    const all = Object.fromEntries(names.map((name) => [name, 1]));
    accepted(schema, { ...all, extra: 1 });
    refused(schema, all);
  });
});

describe('the 31st required property and beyond', () => {
  for (const count of [29, 30, 31, 32, 33, 64])
    it(`${count} required properties: the whole object is accepted, each one missing refused`, () => {
      const names = Array.from({ length: count }, (_, k) => `f${k}`);
      // A strict-mode schema: every property required, none other allowed.
      const schema = {
        type: 'object',
        properties: Object.fromEntries(names.map((name) => [name, { type: 'integer' }])),
        required: names,
        additionalProperties: false,
      };
      const whole = Object.fromEntries(names.map((name, k) => [name, k]));
      const text = JSON.stringify(whole);
      expect(judgeRun(createSchemaJudge(schema), text, 7).issue).toBeUndefined();
      expect(judgeRun(createSchemaJudge(schema), text).issue).toBeUndefined();
      for (const missing of [0, 29, 30, 31, 32, count - 1].filter((k) => k < count)) {
        const less = { ...whole };
        delete less[names[missing]!];
        const run = judgeRun(createSchemaJudge(schema), JSON.stringify(less), 5);
        expect(run.issue?.message, `without ${names[missing]}`).toBe(
          `required: missing property "${names[missing]}"`,
        );
      }
    });
});

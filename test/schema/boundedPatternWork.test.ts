import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createJsonStream } from '../../src/json/createJsonStream';
import { PATTERN_WORK } from '../../src/schema/boundedPattern';
import { prepareSchema } from '../../src/schema/customSchema';
import { withBoundedPatterns } from '../../src/schema/withBoundedPatterns';
import { SUITE_CASES, SUITE_SKIPS, suiteRemotes } from './suiteCases';

// Client patterns run in bounded time, in the streaming judge and in the final validator: the
// classic catastrophic patterns on inputs a backtracking engine would take years over (2^40
// paths) are decided here by the linear-time engine, and the native engine never runs them.
// Work is counted, not time: each native RegExp execution of a schema's pattern is counted.

/** A pattern, an input, whether it matches, and whether the name "z" does. */
const EVIL: readonly (readonly [string, string, boolean, boolean])[] = [
  ['^(a+)+$', `${'a'.repeat(40)}!`, false, false],
  ['(a|a)*$', `${'a'.repeat(40)}!`, true, true],
  ['^(a|a)*$', `${'a'.repeat(40)}!`, false, false],
  ['(a*)*b', 'a'.repeat(40), false, false],
  ['^(\\w+\\s?)*$', `${'ab '.repeat(20)}!`, false, true],
  ['(.*a){20}', `${'a'.repeat(19)}${'b'.repeat(40)}`, false, false],
];

let nativeRuns = 0;
const nativeExec = RegExp.prototype.exec;
const sources = new Set(EVIL.map(([pattern]) => pattern));
beforeEach(() => {
  nativeRuns = 0;
  RegExp.prototype.exec = function exec(this: RegExp, text: string) {
    if (sources.has(this.source)) nativeRuns++;
    return nativeExec.call(this, text);
  };
});
afterEach(() => {
  RegExp.prototype.exec = nativeExec;
});

describe('a catastrophic pattern runs in linear time', () => {
  it.each(EVIL)('%s in the final validator', async (pattern, text, matches) => {
    const prepared = await prepareSchema({ pattern });
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.issues));
    const issues = await prepared.schema.validate(text);
    expect(issues.length === 0).toBe(matches);
    if (!matches) expect(issues[0]).toMatchObject({ code: 'SCHEMA_MISMATCH' });
    expect(nativeRuns).toBe(0);
  });

  it.each(EVIL)(
    '%s as a patternProperties name, beside additionalProperties',
    async (pattern, text, matches) => {
      const prepared = await prepareSchema({
        patternProperties: { [pattern]: { type: 'integer' } },
        additionalProperties: false,
      });
      if (!prepared.ok) throw new Error(JSON.stringify(prepared.issues));
      expect((await prepared.schema.validate({ [text]: 1 })).length === 0).toBe(matches);
      expect(nativeRuns).toBe(0);
    },
  );

  it.each(EVIL)('%s in the streaming judge', async (pattern, text, matches) => {
    const prepared = await prepareSchema({ properties: { s: { pattern } } });
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.issues));
    const stream = createJsonStream({}, prepared.schema.judge!());
    const pushed = stream.push(JSON.stringify({ s: text, t: 1 }));
    if (matches) expect(pushed).toBeUndefined();
    else expect(pushed).toMatchObject({ code: 'SCHEMA_MISMATCH', path: '/s' });
    expect(nativeRuns).toBe(0);
  });

  it.each(EVIL)('%s in the judge, as a member name', async (pattern, text, matches, z) => {
    const prepared = await prepareSchema({
      patternProperties: { [pattern]: true },
      additionalProperties: false,
    });
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.issues));
    const stream = createJsonStream({}, prepared.schema.judge!());
    const pushed = stream.push(`{${JSON.stringify(text)}: 1, "z": 2`);
    // The evil name is refused when it does not match, else "z" when it does not.
    expect(pushed?.path).toBe(!matches ? `/${text}` : z ? undefined : '/z');
    expect(nativeRuns).toBe(0);
  });

  it('runs the suite patterns (patternProperties with additionalProperties, unevaluatedProperties) on the bounded engine only', async () => {
    const remotes = suiteRemotes();
    const cases = SUITE_CASES.filter((c) => JSON.stringify(c.group.schema).includes('pattern'));
    expect(cases.length).toBeGreaterThan(30);
    let counted = 0;
    const seen = new Set<string>();
    RegExp.prototype.exec = function exec(this: RegExp, text: string) {
      if (seen.has(this.source)) counted++;
      return nativeExec.call(this, text);
    };
    for (const { id, group, test } of cases) {
      const text = JSON.stringify(group.schema);
      for (const [, source] of text.matchAll(/"pattern":"((?:[^"\\]|\\.)*)"/g))
        seen.add(JSON.parse(`"${source!}"`) as string);
      const prepared = await prepareSchema(group.schema, { remotes });
      if (!prepared.ok) throw new Error(`${id}: ${JSON.stringify(prepared.issues)}`);
      const valid = (await prepared.schema.validate(test.data)).length === 0;
      if (!(id in SUITE_SKIPS)) expect(valid, id).toBe(test.valid);
    }
    expect(seen.size).toBeGreaterThan(3);
    expect(counted).toBe(0);
  });
});

describe('the pattern work of one answer is bounded', () => {
  // `^a*$` compiles to a few instructions; the bound is on (length + 1) × instructions.
  it('refuses, as TOO_LARGE, a reply whose strings would cost more than the bound', async () => {
    const prepared = await prepareSchema({ type: 'array', items: { pattern: '^a*$' } });
    if (!prepared.ok) throw new Error('does not compile');
    const long = 'a'.repeat(100_000);
    const within = Array.from({ length: 2 }, () => long);
    expect(await prepared.schema.validate(within)).toEqual([]);
    const past = Array.from({ length: 100 }, () => long);
    expect(await prepared.schema.validate(past)).toMatchObject([
      { code: 'TOO_LARGE', path: '', message: expect.stringContaining(`${PATTERN_WORK}`) },
    ]);
  });

  it('leaves a string past the judge’s work to the validator, never refusing it early', async () => {
    const prepared = await prepareSchema({ type: 'array', items: { pattern: '^b' } });
    if (!prepared.ok) throw new Error('does not compile');
    const stream = createJsonStream({ maxLength: 1 << 24 }, prepared.schema.judge!());
    // Each string fails the pattern; the first ones are refused by the judge at once, so a
    // fresh judge per string shows the bound: past it, the judge says nothing.
    expect(stream.push(`["${'a'.repeat(10)}"`)).toMatchObject({ code: 'SCHEMA_MISMATCH' });
    const big = createJsonStream({ maxLength: 1 << 24 }, prepared.schema.judge!());
    expect(big.push(`["${'a'.repeat(PATTERN_WORK)}"`)).toBeUndefined();
  });
});

describe('the validator runs with the bounded patterns for one synchronous call only', () => {
  it('restores the global RegExp, also when the validation throws', () => {
    const Native = globalThis.RegExp;
    expect(() =>
      withBoundedPatterns(new Map(), { patternWork: 1 }, () => {
        expect(globalThis.RegExp).not.toBe(Native);
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(globalThis.RegExp).toBe(Native);
  });

  it('never runs a pattern it was not given, but builds it as RegExp would (the regex format)', () => {
    const result = withBoundedPatterns(new Map(), { patternWork: 1 }, () => {
      const unclosed = '(';
      expect(() => new RegExp(unclosed, 'u')).toThrow(SyntaxError);
      const built = new RegExp('^(a+)+$', 'u');
      return () => built.test('aaaa!');
    });
    expect(result).toThrow('a pattern outside the schema');
  });

  it('refuses to validate where the global RegExp cannot be replaced', async () => {
    const prepared = await prepareSchema({ pattern: '^(a+)+$' });
    if (!prepared.ok) throw new Error('does not compile');
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'RegExp')!;
    Object.defineProperty(globalThis, 'RegExp', { ...descriptor, writable: false });
    try {
      const issues = await prepared.schema.validate(`${'a'.repeat(40)}!`);
      expect(issues).toMatchObject([
        { code: 'INTERNAL', message: expect.stringContaining('frozen') },
      ]);
      expect(nativeRuns).toBe(0);
    } finally {
      Object.defineProperty(globalThis, 'RegExp', descriptor);
    }
  });
});

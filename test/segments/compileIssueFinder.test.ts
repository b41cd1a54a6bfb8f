import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { compileIssueFinder, type IssueSink } from '../../src/segments/compileIssueFinder';

const find = (schema: v.GenericSchema, value: unknown, max = 100) => {
  const sink: IssueSink = { issues: [], max };
  compileIssueFinder(schema)(value, sink);
  return sink;
};

describe('compileIssueFinder', () => {
  it('stops at the first issue past the bound and keeps its pointer', () => {
    const sink = find(v.array(v.strictObject({ a: v.string() })), [{ a: 1 }, { a: 2 }, { a: 'ok' }, { b: 3 }], 2);
    expect(sink.issues.map((issue) => issue.path)).toEqual(['/0/a', '/1/a']);
    expect(sink.overflow).toBe('/3/a');
  });

  it('names one unknown field per object, after the known ones', () => {
    const sink = find(v.strictObject({ a: v.string() }), { x: 1, a: 2, y: 3 });
    expect(sink.issues.map(({ code, path }) => `${code} ${path}`)).toEqual(['WRONG_TYPE /a', 'UNKNOWN_FIELD /x']);
  });

  it('encodes pointers (RFC 6901) and quotes names as excerpts', () => {
    const name = `a/b~${'c'.repeat(100)}`;
    const [issue] = find(v.strictObject({}), { [name]: 1 }).issues;
    expect(issue!.path).toBe(`/a~1b~0${'c'.repeat(100)}`);
    expect(issue!.message.length).toBeLessThan(80);
  });

  it('refuses to compile what it cannot name issues for', () => {
    expect(() => compileIssueFinder(v.pipe(v.string(), v.minLength(2)))).toThrow(/pipes/);
    expect(() => compileIssueFinder(v.object({ a: v.string() }))).toThrow(/not supported/);
    expect(() => compileIssueFinder(v.union([v.string(), v.strictObject({})]))).toThrow(/union of containers/);
    expect(() => compileIssueFinder(v.variant('t', [v.strictObject({ t: v.string() })]))).toThrow(/literal tag/);
  });
});

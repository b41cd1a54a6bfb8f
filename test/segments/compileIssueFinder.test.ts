import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { catalogNode } from '../../src/segments/catalogNode';
import { compileIssueFinder, type IssueSink } from '../../src/segments/compileIssueFinder';
import { valibotIssues } from './valibotIssues';

const find = (schema: v.GenericSchema, value: unknown, max = 100) => {
  const sink: IssueSink = { issues: [], max };
  compileIssueFinder(catalogNode(schema))(value, sink);
  return sink;
};

describe('compileIssueFinder', () => {
  it('stops at the first issue past the bound and keeps its pointer', () => {
    const sink = find(
      v.array(v.strictObject({ a: v.string() })),
      [{ a: 1 }, { a: 2 }, { a: 'ok' }, { b: 3 }],
      2,
    );
    expect(sink.issues.map((issue) => issue.path)).toEqual(['/0/a', '/1/a']);
    expect(sink.overflow).toBe('/3/a');
  });

  it('names one unknown field per object, after the known ones', () => {
    const sink = find(v.strictObject({ a: v.string() }), { x: 1, a: 2, y: 3 });
    expect(sink.issues.map(({ code, path }) => `${code} ${path}`)).toEqual([
      'WRONG_TYPE /a',
      'UNKNOWN_FIELD /x',
    ]);
  });

  it('encodes pointers (RFC 6901) and quotes names as excerpts', () => {
    const name = `a/b~${'c'.repeat(100)}`;
    const [issue] = find(v.strictObject({}), { [name]: 1 }).issues;
    expect(issue!.path).toBe(`/a~1b~0${'c'.repeat(100)}`);
    expect(issue!.message.length).toBeLessThan(80);
  });

  it("counts a variant's tag as a known field of its option, wherever it stands", () => {
    // The tag is `type`, as in the catalog (the valibot oracle maps a variant issue on `type`).
    const schema = v.variant('type', [
      v.strictObject({ a: v.string(), type: v.literal('x') }),
      v.strictObject({ type: v.literal('y') }),
    ]);
    expect(find(schema, { a: 's', type: 'x' }).issues).toEqual([]);
    expect(find(schema, { type: 'y' }).issues).toEqual([]);
    expect(
      find(schema, { type: 'y', a: 's' }).issues.map(({ code, path }) => `${code} ${path}`),
    ).toEqual(['UNKNOWN_FIELD /a']);
    expect(
      find(schema, { type: 'z' }).issues.map(
        ({ code, path, message }) => `${code} ${path} ${message}`,
      ),
    ).toEqual(['UNKNOWN_SEGMENT_TYPE /type unknown segment type; use one of x, y']);
    for (const value of [
      { a: 's', type: 'x' },
      { type: 'x', a: 1, b: 2 },
      { type: 'x' },
      { b: 1, type: 'y' },
      { type: 'z' },
      {},
    ]) {
      expect(find(schema, value).issues.map(({ code, path }) => ({ code, path }))).toEqual(
        valibotIssues(schema, value),
      );
    }
  });

  it("uses valibot's words for what a leaf expects", () => {
    const schema = v.strictObject({
      n: v.number(),
      l: v.literal(3),
      p: v.picklist(['a', 'b']),
      u: v.union([v.string(), v.literal(1)]),
    });
    expect(
      find(schema, { n: Number.NaN, l: 4, p: 'c', u: true }).issues.map((issue) => issue.message),
    ).toEqual([
      'expected number, got NaN',
      'expected 3',
      'expected ("a" | "b")',
      'expected (string | 1), got true',
    ]);
  });
});

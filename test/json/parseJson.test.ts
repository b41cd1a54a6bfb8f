import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJson } from '../../src/json/parseJson';

const issueOf = (text: string, limits?: Parameters<typeof parseJson>[1]) => {
  const result = parseJson(text, limits);
  if (result.ok) throw new Error(`expected a rejection of ${text}`);
  return result.issue;
};

describe('parseJson', () => {
  it('parses a segment reply to the same value as JSON.parse', () => {
    const text =
      '{"segments":[{"type":"text","data":{"text":"hi \\u00e9\\n"}},{"type":"face","data":{"id":14}}]}';
    expect(parseJson(text)).toEqual({ ok: true, value: JSON.parse(text) });
  });

  it('refuses duplicate names after unescaping, with the pointer and position', () => {
    const found = issueOf('{"a":1,\n "\\u0061":2}');
    expect(found).toMatchObject({
      code: 'DUPLICATE_KEY',
      path: '/a',
      offset: 9,
      line: 2,
      column: 2,
    });
  });

  it('points into nested arrays and objects', () => {
    const found = issueOf('{"segments":[{"type":"text"},{"type":"text","data":{"x":1,"x":2}}]}');
    expect(found).toMatchObject({ code: 'DUPLICATE_KEY', path: '/segments/1/data/x' });
    expect(issueOf('{"a":[1,2,tru]}')).toMatchObject({ code: 'INVALID_JSON', path: '/a/2' });
  });

  it('points at the enclosing object while a member name is read', () => {
    expect(issueOf('{"a":{"b":1,"c\u0001":2}}')).toMatchObject({
      code: 'INVALID_JSON',
      path: '/a',
    });
    expect(issueOf('{"a":{"b":1, c:2}}')).toMatchObject({ code: 'INVALID_JSON', path: '/a' });
  });

  it('encodes ~ and / in pointers', () => {
    expect(issueOf('{"a/b":{"~":1,"~":2}}').path).toBe('/a~1b/~0');
  });

  it('answers input that is not text with an issue instead of throwing', () => {
    expect(parseJson(null as unknown as string)).toEqual({
      ok: false,
      issue: {
        code: 'INVALID_JSON',
        path: '',
        message: 'the input is null, not text',
        offset: 0,
        line: 1,
        column: 1,
      },
    });
    const result = parseJson(42 as unknown as string);
    expect(!result.ok && result.issue.message).toBe('the input is number, not text');
  });

  it('refuses trailing tokens but allows trailing whitespace', () => {
    expect(issueOf('{} {}').code).toBe('TRAILING_TOKENS');
    expect(issueOf('{}x').code).toBe('TRAILING_TOKENS');
    expect(parseJson('{} \n\t\r ').ok).toBe(true);
  });

  it('refuses code fences and prose without extracting anything', () => {
    expect(issueOf('```json\n{"segments":[]}\n```').code).toBe('CODE_FENCE');
    expect(issueOf('{"segments":[]}\n```').code).toBe('CODE_FENCE');
    expect(issueOf('Here is the reply: {"segments":[]}').code).toBe('PROSE_AROUND_JSON');
    expect(issueOf('Sorry, I cannot help.').code).toBe('INVALID_JSON');
    expect(issueOf('').code).toBe('INVALID_JSON');
    expect(issueOf('\ufeff{}').code).toBe('INVALID_JSON');
  });

  it('refuses lone surrogates, raw or escaped, and accepts pairs', () => {
    expect(issueOf('["\\ud800"]')).toMatchObject({ code: 'LONE_SURROGATE', path: '/0' });
    expect(issueOf('["\ud800x"]').code).toBe('LONE_SURROGATE');
    expect(issueOf('{"\\udc00":1}').code).toBe('LONE_SURROGATE');
    expect(parseJson('["\\ud83d\\ude00", "\ud83d\ude00"]')).toEqual({
      ok: true,
      value: ['😀', '😀'],
    });
  });

  it('limits nesting depth and input length', () => {
    expect(parseJson('['.repeat(64) + ']'.repeat(64)).ok).toBe(true);
    expect(issueOf('['.repeat(65) + ']'.repeat(65)).code).toBe('TOO_DEEP');
    expect(issueOf('[[[1]]]', { maxDepth: 2 })).toMatchObject({ code: 'TOO_DEEP', path: '/0/0' });
    expect(issueOf('"abcdef"', { maxLength: 4 }).code).toBe('TOO_LARGE');
  });

  it('never throws, even when a huge depth limit exhausts the stack', () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    expect(issueOf(deep, { maxDepth: 1e9 }).code).toBe('TOO_DEEP');
  });

  it('flags integers beyond ±(2^53−1) and overflowing doubles; keeps safe ones exact', () => {
    expect(issueOf('{"target":12345678901234567890}')).toMatchObject({
      code: 'UNSAFE_NUMBER',
      path: '/target',
    });
    expect(issueOf('[-9007199254740992]').code).toBe('UNSAFE_NUMBER');
    expect(issueOf('[1e400]').code).toBe('UNSAFE_NUMBER');
    expect(parseJson('[9007199254740991,-9007199254740991,123456789012345,-0,1.5e3]')).toEqual({
      ok: true,
      value: [9007199254740991, -9007199254740991, 123456789012345, -0, 1500],
    });
  });

  it('refuses __proto__ by default and never changes a prototype when asked to keep it', () => {
    expect(issueOf('{"__proto__":{"polluted":true}}')).toMatchObject({
      code: 'PROTO_KEY',
      path: '/__proto__',
    });
    const kept = parseJson('{"__proto__":{"polluted":true}}', { protoKey: 'keep' });
    expect(kept.ok).toBe(true);
    if (!kept.ok) return;
    const value = kept.value as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(issueOf('{"__proto__":1,"__proto__":2}', { protoKey: 'keep' }).code).toBe(
      'DUPLICATE_KEY',
    );
  });

  it('treats names of Object.prototype as ordinary names', () => {
    expect(parseJson('{"toString":1,"constructor":2,"hasOwnProperty":3}')).toEqual({
      ok: true,
      value: JSON.parse('{"toString":1,"constructor":2,"hasOwnProperty":3}'),
    });
  });

  it('answers non-text input with an issue instead of throwing', () => {
    for (const input of [undefined, null, 42, {}, ['{}']]) {
      expect(parseJson(input as string)).toMatchObject({
        ok: false,
        issue: { code: 'INVALID_JSON', offset: 0 },
      });
    }
  });

  it('honours no depth beyond 1,000, which recursive readers of the value could not walk', () => {
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    expect(parseJson(deep(1000), { maxDepth: 5000 }).ok).toBe(true);
    expect(issueOf(deep(1001), { maxDepth: 5000 })).toMatchObject({
      code: 'TOO_DEEP',
      offset: 1000,
      message: 'nesting is deeper than 1000',
    });
  });

  it('quotes only a short excerpt in messages', () => {
    const long = 'x'.repeat(10_000);
    expect(issueOf(`{"a":1} ${long}`).message.length).toBeLessThan(100);
    expect(issueOf(`prose ${long} {}`).message.length).toBeLessThan(100);
  });
});

const jsonValue = fc.jsonValue({ maxDepth: 6 }).filter((value) => {
  // Our parser refuses what JSON.parse silently accepts: __proto__ names and unsafe integers.
  const text = JSON.stringify(value);
  return !text.includes('"__proto__"');
});

describe('parseJson against JSON.parse (properties)', () => {
  it('agrees with JSON.parse on random JSON without duplicates', () => {
    fc.assert(
      fc.property(jsonValue, fc.boolean(), (value, pretty) => {
        const text = pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value);
        const result = parseJson(text);
        const hasUnsafe = /(?<![\d.eE+-])-?\d{16,}(?![\d.eE])/.test(text) && !result.ok;
        if (hasUnsafe) return result.ok === false && result.issue.code === 'UNSAFE_NUMBER';
        expect(result).toEqual({ ok: true, value: JSON.parse(text) });
        return true;
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws and never accepts what JSON.parse rejects, on random mutations', () => {
    const mutated = fc
      .tuple(
        fc.jsonValue({ maxDepth: 4 }),
        fc.nat(),
        fc.string({ maxLength: 3, unit: 'binary' }),
        fc.nat(4),
      )
      .map(([value, at, insert, remove]) => {
        const text = JSON.stringify(value);
        const cut = at % (text.length + 1);
        return text.slice(0, cut) + insert + text.slice(cut + remove);
      });
    fc.assert(
      fc.property(mutated, (text) => {
        const result = parseJson(text);
        let reference: { ok: boolean } = { ok: true };
        try {
          JSON.parse(text);
        } catch {
          reference = { ok: false };
        }
        if (!reference.ok) expect(result.ok).toBe(false);
        if (!result.ok) {
          expect(result.issue.offset).toBeGreaterThanOrEqual(0);
          expect(result.issue.offset).toBeLessThanOrEqual(text.length);
        }
      }),
      { numRuns: 5000 },
    );
  });
});

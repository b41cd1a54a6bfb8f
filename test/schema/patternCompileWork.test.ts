import { RegExpParser } from '@eslint-community/regexpp';
import fc from 'fast-check';
import { RE2JS } from 're2js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MAX_PATTERNS_SIZE,
  MAX_PATTERN_ESTIMATE,
  MAX_PATTERN_SIZE,
  compileBoundedPatterns,
} from '../../src/schema/compileBoundedPatterns';
import { prepareSchema } from '../../src/schema/customSchema';
import { patternSize } from '../../src/schema/patternSize';
import { translatePattern } from '../../src/schema/translatePattern';

// RE2JS's compile works in proportion to the instructions it builds, up to its own limit of
// 1,398,101 (`a{1000}` written 1000 times, 7 KB of a client's schema, took 8 s and 736 MB of RSS
// on a loaded machine): so a pattern is measured before it is compiled, and a schema's compiles
// are bounded together.

const sizeOf = (source: string) =>
  patternSize(
    new RegExpParser({ ecmaVersion: 2025 }).parsePattern(source, 0, source.length, {
      unicode: true,
    }).alternatives,
  );

afterEach(() => vi.restoreAllMocks());

/** Every compile of the engine, with the instructions it built. */
function spyCompiles(): number[] {
  const sizes: number[] = [];
  const compile = RE2JS.compile.bind(RE2JS);
  vi.spyOn(RE2JS, 'compile').mockImplementation((source, flags) => {
    const engine = compile(source, flags);
    sizes.push(engine.programSize());
    return engine;
  });
  return sizes;
}

describe('a pattern too large to compile is refused before the compile', () => {
  it.each([
    { name: 'a{1000} written 300 times', source: 'a{1000}'.repeat(300), size: 300_000 },
    { name: 'merged alternatives', source: '(?:[a-z]|[0-9]){1000}'.repeat(20), size: 20_000 },
    { name: '100,000 dots', source: '.'.repeat(100_000), size: 100_000 },
  ])('$name', ({ source, size }) => {
    expect(sizeOf(source)).toBeGreaterThanOrEqual(size);
    const compiles = spyCompiles();
    const { patterns, issues } = compileBoundedPatterns([{ source, path: '/pattern' }]);
    expect(patterns.size).toBe(0);
    expect(issues).toMatchObject([{ code: 'SCHEMA_MALFORMED', path: '/pattern' }]);
    expect(issues[0]!.message).toContain(`before compiling, more than the ${MAX_PATTERN_ESTIMATE}`);
    expect(compiles).toEqual([]);
  });

  it('keeps what compiles small though counted larger (alternatives RE2 factors)', () => {
    const source = '(?:abc|abd){600}';
    expect(sizeOf(source)).toBeGreaterThan(MAX_PATTERN_SIZE);
    const { patterns, issues } = compileBoundedPatterns([{ source, path: '/pattern' }]);
    expect(issues).toEqual([]);
    expect(patterns.get(source)!.size).toBeLessThanOrEqual(MAX_PATTERN_SIZE);
  });

  it('counts at least half of what the engine compiles, on random patterns', () => {
    const atom = fc.constantFrom(
      'a',
      '.',
      '\\d',
      '[ab]',
      '\\b',
      '😀',
      '^',
      '$',
      '\\p{L}',
      '(?:ab|ac)',
      '(?:a|b|c)',
      '(a|bc|d)',
      '(?:)',
      '(?:x|)',
    );
    const count = fc.constantFrom(
      '',
      '*',
      '+',
      '?',
      '{2}',
      '{0,2}',
      '{1,}',
      '{3,7}',
      '{10}',
      '{0}',
    );
    const piece = fc.tuple(atom, count).map(([a, q]) => (/^[\^$]|\\b$/.test(a) ? a : a + q));
    const pattern = fc
      .array(
        fc.array(piece, { maxLength: 6 }).map((pieces) => pieces.join('')),
        { minLength: 1, maxLength: 4 },
      )
      .map((alternatives) => alternatives.join('|'))
      .chain((body) => fc.constantFrom(body, `(?:${body}){3}`, `(${body})*`, `(?:${body}){2,5}`));
    fc.assert(
      fc.property(pattern, (source) => {
        const translated = translatePattern(source);
        if (!translated.ok) return;
        const compiled = RE2JS.compile(translated.re2).programSize();
        expect(translated.size).toBe(sizeOf(source));
        expect(compiled, source).toBeLessThanOrEqual(2 * translated.size + 8);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("a schema's compiles are bounded together", () => {
  it('counts the instructions of refused patterns too, and stops past the total', () => {
    // Forty distinct patterns that compile to 10,000 instructions each, all refused.
    const sites = Array.from({ length: 40 }, (_, i) => ({
      source: `${'a{1000}'.repeat(10)}${i}`,
      path: `/properties/p${i}/pattern`,
    }));
    const compiles = spyCompiles();
    const { issues } = compileBoundedPatterns(sites);
    const work = compiles.reduce((sum, size) => sum + size, 0);
    expect(work).toBeGreaterThan(MAX_PATTERNS_SIZE);
    expect(work).toBeLessThanOrEqual(MAX_PATTERNS_SIZE + 2 * MAX_PATTERN_ESTIMATE);
    expect(compiles.length).toBeLessThan(sites.length);
    expect(issues.at(-1)!.message).toContain(
      `more than ${MAX_PATTERNS_SIZE} instructions together`,
    );
  });
});

describe('the bound at its edge', () => {
  // Sixteen alternatives RE2 factors to `a{1000}[b-q]`: counted at 16,031, compiled to about 1,000;
  // `z`s fill the count up to the bound exactly, and one more `z` passes it.
  const group = `(?:${Array.from({ length: 16 }, (_, i) => `a{1000}${String.fromCharCode(98 + i)}`).join('|')})`;
  const under = group + 'z'.repeat(MAX_PATTERN_ESTIMATE - sizeOf(group));
  const over = `${under}z`;

  it('compiles a pattern counted at the bound, and refuses one more unbuilt', () => {
    expect(sizeOf(under)).toBe(MAX_PATTERN_ESTIMATE);
    expect(sizeOf(over)).toBe(MAX_PATTERN_ESTIMATE + 1);
    const compiles = spyCompiles();
    const kept = compileBoundedPatterns([{ source: under, path: '/pattern' }]);
    expect(kept.issues).toEqual([]);
    expect(kept.patterns.get(under)!.size).toBeLessThanOrEqual(MAX_PATTERN_SIZE);
    expect(compiles).toHaveLength(1);
    const refused = compileBoundedPatterns([{ source: over, path: '/pattern' }]);
    expect(refused.patterns.size).toBe(0);
    expect(refused.issues[0]!.message).toContain(
      `it counts ${MAX_PATTERN_ESTIMATE + 1} instructions before compiling`,
    );
    expect(compiles).toHaveLength(1);
  });

  it('through prepareSchema: the one at the bound validates, the one past it is refused by pointer', async () => {
    const prepared = await prepareSchema({ properties: { a: { pattern: under } } });
    expect(prepared.ok).toBe(true);
    if (!prepared.ok) return;
    const match = `${'a'.repeat(1000)}q${'z'.repeat(MAX_PATTERN_ESTIMATE - sizeOf(group))}`;
    expect(await prepared.schema.validate({ a: match })).toEqual([]);
    expect(await prepared.schema.validate({ a: match.slice(1) })).not.toEqual([]);

    const compiles = spyCompiles();
    for (const [schema, path] of [
      [{ properties: { a: { pattern: over } } }, '/properties/a/pattern'],
      [{ patternProperties: { [over]: {} } }, `/patternProperties/${over}`],
    ] as const) {
      const refused = await prepareSchema(schema);
      expect(refused).toMatchObject({ ok: false, issues: [{ code: 'SCHEMA_MALFORMED', path }] });
      const message = (refused as { issues: { message: string }[] }).issues[0]!.message;
      expect(message).toContain(`the pattern at ${path.slice(0, 20)}`);
      expect(message).toContain(`before compiling, more than the ${MAX_PATTERN_ESTIMATE}`);
    }
    expect(compiles).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BoundedPattern } from '../../src/schema/boundedPattern';
import {
  MAX_PATTERNS_SIZE,
  MAX_PATTERN_SIZE,
  compileBoundedPatterns,
} from '../../src/schema/compileBoundedPatterns';
import { prepareSchema } from '../../src/schema/customSchema';
import { translatePattern } from '../../src/schema/translatePattern';

// The linear-time engine must answer as ECMAScript's RegExp (Unicode mode, as JSON Schema reads a
// pattern) answers: compared here with the native engine on strings short enough for it.

/** A pattern compiled for the bounded engine (the test fails if it is refused). */
function bounded(source: string): BoundedPattern {
  const { patterns, issues } = compileBoundedPatterns([{ source, path: '/pattern' }]);
  expect(issues, source).toEqual([]);
  return patterns.get(source)!;
}

const STRINGS = [
  '',
  'a',
  'abc',
  'abc\n',
  '\nabc',
  'ABC',
  'a b',
  'a\tb',
  'a\u00a0b',
  'a\u2028b',
  'a\rb',
  '\u000b',
  '\ufeff',
  '\u3000',
  '\u180e',
  '0',
  '٣',
  '0123456789',
  '_',
  'é',
  'École',
  'ß',
  'Ω',
  '😀',
  '🐲🐲',
  '\ud83d',
  '\ude00',
  'x\ud83dy',
  '\u0000',
  '\u0003',
  '-',
  ']',
  '^',
  '$',
  '\\',
  '/',
  'a.b',
  'aaaaaaaaaa',
  'abababab',
  'foo bar baz',
  '2024-05-01',
  'user@example.com',
];

const PATTERNS = [
  '^abc$',
  'abc',
  '^a.c$',
  '^.$',
  '^..$',
  '.',
  '^\\s$',
  '^\\S$',
  '\\s',
  '^\\d+$',
  '^\\D$',
  '^\\w+$',
  '^\\W$',
  '\\bfoo\\b',
  '\\Bar',
  '^[a-z]+$',
  '^[^a-z]+$',
  '^[\\s\\d]+$',
  '^[\\S]$',
  '^[\\D\\W]$',
  '^[^\\s]$',
  '^[^]$',
  '^[]$',
  '[]',
  '^[\\-\\]\\\\^$]$',
  '^[\\b]$',
  '^\\cC$',
  '^\\cc$',
  '^\\0$',
  '^\\x41$',
  '^\\u0041$',
  '^\\u{1F600}$',
  '^\\ud83d\\ude00$',
  '^\\ud83d$',
  '^[\\ud800-\\udbff]$',
  '^[😀-😂]$',
  '^\\/$',
  '^\\t$',
  '^\\n$',
  '^\\v$',
  '^\\f$',
  '^\\r$',
  '^(a|b)*$',
  '^(?:ab)+$',
  '^(?<word>[a-z]+) (?<second>[a-z]+)',
  '^a{3}$',
  '^a{2,}$',
  '^a{2,4}$',
  '^a{0,1}b?c*?d+?$',
  '^(a+)+$',
  '(a|a)*',
  '(a*)*b',
  '^(\\w+\\s?)*$',
  '(.*a){3}',
  '^\\p{L}+$',
  '^\\p{Lu}',
  '^\\P{L}+$',
  '\\p{Letter}cole',
  '^\\p{digit}+$',
  '^\\p{Script=Greek}+$',
  '^[\\p{L}\\p{Nd}_-]+$',
  '^[^\\p{L}]+$',
  '^\\p{Any}$',
  '^\\p{ASCII}+$',
  '^\\P{ASCII}$',
  '^\\p{Assigned}$',
  '^\\p{Emoji}',
  '^\\p{White_Space}$',
  '^\\d{4}-\\d{2}-\\d{2}$',
  '^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\\.[a-zA-Z]{2,}$',
  '^$',
  '',
  '|',
  'a|',
  '^(|a)$',
];

describe('the bounded engine answers as ECMAScript (Unicode mode)', () => {
  it.each(PATTERNS)('%s', (source) => {
    const native = new RegExp(source, 'u');
    const pattern = bounded(source);
    for (const text of STRINGS)
      expect(pattern.test(text), JSON.stringify(text)).toBe(native.test(text));
  });

  it('agrees on random patterns of the supported syntax and random strings', () => {
    const atom = fc.oneof(
      fc.constantFrom(
        'a',
        'b',
        '.',
        '\\d',
        '\\w',
        '\\s',
        '\\S',
        '[ab]',
        '[^a]',
        '\\b',
        '😀',
        '\\n',
      ),
      fc.constantFrom('^', '$', '[\\s\\w]', '[^\\d]', '\\p{L}', '\\u00e9', '[a-c]'),
    );
    const piece = fc
      .tuple(atom, fc.constantFrom('', '*', '+', '?', '{2}', '{0,2}', '{1,}', '*?'))
      .map(([a, q]) => (/^[\^$]|\\b$/.test(a) ? a : a + q));
    const pattern = fc
      .array(fc.array(piece, { maxLength: 5 }), { minLength: 1, maxLength: 3 })
      .map((alternatives) => alternatives.map((pieces) => pieces.join('')).join('|'))
      .chain((body) => fc.constantFrom(body, `(?:${body})+`, `^(${body})$`, `(${body})*x`));
    const text = fc
      .array(fc.constantFrom('a', 'b', 'c', 'x', ' ', '\n', '\u00a0', 'é', '😀', '1', '_', '\r'), {
        maxLength: 12,
      })
      .map((chars) => chars.join(''));
    fc.assert(
      fc.property(pattern, fc.array(text, { minLength: 1, maxLength: 8 }), (source, texts) => {
        const native = new RegExp(source, 'u');
        const engine = bounded(source);
        for (const t of texts)
          expect(engine.test(t), `${source} on ${JSON.stringify(t)}`).toBe(native.test(t));
      }),
      { numRuns: 400 },
    );
  });

  it('reads every General_Category, Script and binary property as ECMAScript does', () => {
    // Every code point of the BMP in steps of 7 and the rest in steps of 61, with every boundary
    // of the sets compared passing at least once across the properties.
    const points: string[] = [];
    for (let cp = 0; cp <= 0xffff; cp += 7) points.push(String.fromCodePoint(cp));
    for (let cp = 0x10000; cp <= 0x10ffff; cp += 61) points.push(String.fromCodePoint(cp));
    const properties = [
      ...'L LC Lu Ll Lt Lm Lo M Mn Mc Me N Nd Nl No P Pc Pd Ps Pe Pi Pf Po S Sm Sc Sk So Z Zs Zl Zp C Cc Cf Cs Co Cn'.split(
        ' ',
      ),
      'Letter',
      'Other',
      'Unassigned',
      'punct',
      'gc=Lu',
      'General_Category=Decimal_Number',
      'Script=Latin',
      'sc=Cyrillic',
      'Script=Han',
      'Script=Common',
      'Script=Inherited',
      'Any',
      'ASCII',
      'Assigned',
      'Alphabetic',
      'Alpha',
      'ASCII_Hex_Digit',
      'Dash',
      'Emoji',
      'Emoji_Component',
      'Emoji_Modifier',
      'Emoji_Modifier_Base',
      'Emoji_Presentation',
      'Extended_Pictographic',
      'Hex_Digit',
      'Lowercase',
      'Math',
      'Quotation_Mark',
      'Terminal_Punctuation',
      'Uppercase',
      'White_Space',
      'space',
    ];
    for (const property of properties)
      for (const source of [`^\\p{${property}}$`, `^[^\\P{${property}}x]$`]) {
        const native = new RegExp(source, 'u');
        const engine = bounded(source);
        const differ = points.filter((text) => engine.test(text) !== native.test(text));
        expect(
          differ.map((text) => text.codePointAt(0)!.toString(16)),
          source,
        ).toEqual([]);
      }
  });
});

describe('the JSON-Schema-Test-Suite pattern semantics (optional files)', () => {
  const root = new URL(
    '../fixtures/JSON-Schema-Test-Suite/tests/draft2020-12/optional/',
    import.meta.url,
  );
  const groups = ['ecmascript-regex.json', 'non-bmp-regex.json'].flatMap(
    (file) =>
      JSON.parse(readFileSync(new URL(file, root), 'utf8')) as {
        description: string;
        schema: unknown;
        tests: { description: string; data: unknown; valid: boolean }[];
      }[],
  );
  it.each(groups.map((group) => [group.description, group] as const))(
    '%s',
    async (_name, group) => {
      const prepared = await prepareSchema(group.schema);
      if (!prepared.ok) throw new Error(JSON.stringify(prepared.issues));
      for (const test of group.tests)
        expect((await prepared.schema.validate(test.data)).length === 0, test.description).toBe(
          test.valid,
        );
    },
  );
});

describe('patterns the linear-time engine cannot run are refused, by pointer', () => {
  it.each([
    ['(?=a)b', 'a lookahead'],
    ['(?!a)b', 'a lookahead'],
    ['(?<=a)b', 'a lookbehind'],
    ['(?<!a)b', 'a lookbehind'],
    ['(a)\\1', 'a backreference'],
    ['(?<x>a)\\k<x>', 'a backreference'],
    ['a{1001}', 'a count over 1000'],
    ['a{2,5000}', 'a count over 1000'],
    ['(?:a{100}){100}', 'the linear-time engine cannot run it'],
    ['\\p{Script_Extensions=Greek}', 'the Unicode property'],
    ['\\p{Bidi_Control}', 'the Unicode property'],
    ['\\p{sc=Grek}', 'the linear-time engine cannot run it'],
    ['[a-z]{1,1000}[0-9]{1,1000}[A-Z]{1,100}', `more than the ${MAX_PATTERN_SIZE} allowed`],
  ])('%s (%s)', async (source, reason) => {
    const prepared = await prepareSchema({ properties: { a: { pattern: source } } });
    expect(prepared).toMatchObject({
      ok: false,
      issues: [{ code: 'SCHEMA_MALFORMED', path: '/properties/a/pattern' }],
    });
    const message = (prepared as { issues: { message: string }[] }).issues[0]!.message;
    expect(message).toContain('the pattern at /properties/a/pattern');
    expect(message).toContain(reason);
  });

  it('names a patternProperties name by its pointer, escaped', async () => {
    const prepared = await prepareSchema({ patternProperties: { 'a/(?=b)~': {} } });
    expect(prepared).toMatchObject({
      ok: false,
      issues: [{ code: 'SCHEMA_MALFORMED', path: '/patternProperties/a~1(?=b)~0' }],
    });
  });

  it('refuses modifiers, which the translation does not read', () => {
    expect(translatePattern('(?i:a)')).toEqual({
      ok: false,
      reason: 'modifiers such as (?i:…) are not supported',
    });
  });

  it('refuses a schema whose patterns are too large together', async () => {
    const properties = Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [`p${i}`, { pattern: `^[a-z]{${i},1000}$` }]),
    );
    const prepared = await prepareSchema({ properties });
    expect(prepared.ok).toBe(false);
    expect(JSON.stringify(prepared)).toContain(`more than ${MAX_PATTERNS_SIZE} instructions`);
  });

  it('refuses a non-string pattern even under a keyword the checks do not know', async () => {
    const prepared = await prepareSchema({ $ref: '#/x-lib/a', 'x-lib': { a: { pattern: 5 } } });
    expect(prepared).toMatchObject({
      ok: false,
      issues: [{ code: 'SCHEMA_MALFORMED', path: '/x-lib/a/pattern' }],
    });
  });

  it('compiles a pattern under an unknown keyword that a $ref makes the validator run', async () => {
    const prepared = await prepareSchema({
      $ref: '#/x-lib/a',
      'x-lib': { a: { pattern: '(?=a)' } },
    });
    expect(prepared).toMatchObject({ ok: false, issues: [{ path: '/x-lib/a/pattern' }] });
  });
});

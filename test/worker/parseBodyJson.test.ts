import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { parseJson } from '../../src/json/parseJson';
import { parseBodyJson } from '../../src/worker/http/parseBodyJson';

// The Worker's strict parser, counted: the fast path is only a fast path if it is taken.
const strictParser = vi.hoisted(() => ({ calls: 0 }));
vi.mock('../../src/worker/core', async (importOriginal) => {
  const core = await importOriginal<typeof import('../../src/worker/core')>();
  return {
    ...core,
    parseJson: (...args: Parameters<typeof core.parseJson>) => {
      strictParser.calls++;
      return core.parseJson(...args);
    },
  };
});

/** The same verdict: the same issue, or a value equal member by member and in member order. */
function expectSame(text: string): void {
  const fast = parseBodyJson(text);
  const strict = parseJson(text);
  expect(fast).toStrictEqual(strict);
  if (fast.ok && strict.ok) expect(JSON.stringify(fast.value)).toBe(JSON.stringify(strict.value));
}

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

// Pieces that split the two parsers if the fast path were wrong: colons written plainly and as
// escapes, quotes, surrogates (paired, lone, escaped, raw), `__proto__`, numbers near the bounds.
const STRING_PARTS = [
  'a',
  'b',
  ':',
  '\\u003a',
  '\\u003A',
  '\\"',
  '\\\\',
  '\\\\u003a',
  '\\ud83d\\ude00',
  '\\ud800',
  '\\udc00',
  '\ud83d\ude00',
  '\ud800',
  'é',
  '__proto__',
  '\\n',
  '\\u0000',
];
const NUMBERS = [
  '0',
  '-0',
  '1.5',
  '1e-400',
  '1e400',
  '-1e309',
  '9007199254740991',
  '9007199254740992',
  '-9007199254740993',
  '9007199254740993.5',
  '1E2',
  '01',
  '1.',
];
const NAMES = [
  '"a"',
  '"b"',
  '"\\u0061"',
  '"__proto__"',
  '"__pro\\u0074o__"',
  '"a:b"',
  '"1"',
  '"0"',
];

function generate(next: () => number, depth: number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const roll = next();
  if (depth > 4 || roll < 0.35) {
    if (roll < 0.15) {
      let text = '"';
      const parts = Math.floor(next() * 5);
      for (let i = 0; i < parts; i++) text += pick(STRING_PARTS);
      return `${text}"`;
    }
    if (roll < 0.3) return pick(NUMBERS);
    return pick(['true', 'false', 'null']);
  }
  const count = Math.floor(next() * 4);
  const items: string[] = [];
  if (roll < 0.65) {
    for (let i = 0; i < count; i++) items.push(generate(next, depth + 1));
    return `[${items.join(',')}]`;
  }
  for (let i = 0; i < count; i++) items.push(`${pick(NAMES)}:${generate(next, depth + 1)}`);
  return `{${items.join(pick([',', ' , ']))}}`;
}

function mutate(text: string, next: () => number): string {
  const at = Math.floor(next() * (text.length + 1));
  const roll = next();
  if (roll < 0.3) return text.slice(0, at) + text.slice(at + 1);
  if (roll < 0.6)
    return text.slice(0, at) + ['"', ':', ',', '}', ']', '\\', ' '][at % 7] + text.slice(at);
  return text;
}

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const nestedObjects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

describe('parseBodyJson', () => {
  it('reads an ordinary body with JSON.parse alone, and what it cannot vouch for strictly', () => {
    const reads = (text: string) => {
      strictParser.calls = 0;
      const verdict = parseBodyJson(text);
      return { ok: verdict.ok, strict: strictParser.calls };
    };
    const reply = JSON.stringify({ segments: [{ type: 'text', data: { text: 'at 10:30' } }] });
    expect(reads(JSON.stringify({ reply, schema: { type: 'object' } }))).toEqual({
      ok: true,
      strict: 0,
    });
    expect(reads('{"a":1,"a":2}')).toEqual({ ok: false, strict: 1 });
    expect(reads('{"a":"\\u003a"}')).toEqual({ ok: true, strict: 1 });
    expect(reads('{"a":1,}')).toEqual({ ok: false, strict: 1 });
  });

  it('gives the strict parser’s verdict on what JSON.parse takes and it refuses', () => {
    for (const text of [
      '{"a":1,"a":2}',
      '{"a":1,"\\u0061":2}',
      '{"a":"x:y","a":"z"}',
      '{"a":1,"a":"\\u003a"}',
      '{"a":1,"a":"\\u003A"}',
      '{"__proto__":1}',
      '{"a":{"__proto__":[]}}',
      '"\\ud800"',
      '"\ud800"',
      '{"\\udc00":1}',
      '"\\ud83d\\ude00"',
      '"\ud83d\ude00"',
      '9007199254740991',
      '9007199254740992',
      '-9007199254740992',
      '9007199254740993.5',
      '1e400',
      '-1e400',
      '1e-400',
      '-0',
      '{"2":1,"b":2,"1":3}',
      '\ufeff{}',
      ' {"a" : "b"} ',
      '{"a":1} x',
      '```json\n{}\n```',
      '',
      '{"a":[1,2,{"b":null}],"c":"d:e"}',
      nested(32),
      nested(33),
      nested(64),
      nested(65),
      nestedObjects(32),
      nestedObjects(33),
      nestedObjects(65),
      `"${'x'.repeat(1_048_574)}"`,
      `"${'x'.repeat(1_048_575)}"`,
    ])
      expectSame(text);
  });

  it('gives the strict parser’s verdict on the JSONTestSuite corpus', () => {
    const dir = fileURLToPath(new URL('../fixtures/JSONTestSuite/test_parsing/', import.meta.url));
    const names = readdirSync(dir).filter((name) => name.endsWith('.json'));
    expect(names.length).toBeGreaterThan(300);
    for (const name of names) expectSame(new TextDecoder().decode(readFileSync(join(dir, name))));
  });

  it('gives the strict parser’s verdict on 20,000 random texts, whole and cut', () => {
    const next = random(32);
    for (let i = 0; i < 10_000; i++) {
      const text = generate(next, 0);
      expectSame(text);
      expectSame(mutate(text, next));
    }
  });
});

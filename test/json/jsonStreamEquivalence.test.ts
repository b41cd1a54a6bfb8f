import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonLimits } from '../../src/json/jsonLimits';
import { parseJson } from '../../src/json/parseJson';
import {
  canonical,
  charChunks,
  randomChunks,
  runStream,
  seededRandom,
  splitAt,
} from './streamHelpers';

const fixtures = fileURLToPath(new URL('../fixtures/JSONTestSuite/', import.meta.url));
const corpus = ['test_parsing', 'test_transform'].flatMap((dir) =>
  readdirSync(join(fixtures, dir))
    .filter((name) => name.endsWith('.json'))
    .sort()
    // The stream reads text: bytes that are not UTF-8 become U+FFFD, still a fair input.
    .map(
      (name) =>
        [
          `${dir}/${name}`,
          new TextDecoder().decode(readFileSync(join(fixtures, dir, name))),
        ] as const,
    ),
);

/**
 * The contract, checked for one way of cutting `text`: `end()` gives exactly what `parseJson`
 * gives; a violation a push returned is the final one, returned by the push that brought the
 * character proving it (`offset` is one past that character), and a violation only `end()` found
 * was proved by the end of input.
 */
function agrees(text: string, chunks: readonly string[], limits?: Partial<JsonLimits>): void {
  const whole = parseJson(text, limits);
  const run = runStream(chunks, limits);
  expect(canonical(run.result)).toEqual(canonical(whole));
  if (run.result.ok) {
    expect(run.pushed).toBeUndefined();
    return;
  }
  if (run.pushed === undefined) {
    expect(run.offset).toBe(text.length);
    return;
  }
  expect(run.pushed).toEqual(run.result.issue);
  let seen = 0;
  let index = 0;
  while (seen + chunks[index]!.length < run.offset) seen += chunks[index++]!.length;
  expect(run.pushIndex).toBe(index);
}

/** Every cut for short texts; for long ones every cut near the start and a spread of the rest. */
function cuts(length: number): number[] {
  const all: number[] = [];
  for (let at = 0; at <= length; at++)
    if (at <= 2_000 || at % 4_999 === 0 || at === length) all.push(at);
  return all;
}

describe('createJsonStream agrees with parseJson for every way of cutting the text', () => {
  it('has the JSONTestSuite parsing and transform files', () => {
    expect(corpus.length).toBe(318 + 22);
  });

  it('on every JSONTestSuite file cut into two at every position', () => {
    for (const [name, text] of corpus) {
      for (const at of cuts(text.length)) {
        try {
          agrees(text, splitAt(text, [at]));
        } catch (error) {
          throw new Error(`${name} cut at ${at}: ${(error as Error).message}`, { cause: error });
        }
      }
    }
  });

  it('on every JSONTestSuite file in chunks of random sizes 1..64 and one character at a time', () => {
    const random = seededRandom(0x5eed);
    for (const [name, text] of corpus) {
      const chunkings = [
        charChunks(text),
        ...Array.from({ length: 8 }, () => randomChunks(text, random)),
      ];
      for (const chunks of chunkings) {
        try {
          agrees(text, chunks);
        } catch (error) {
          throw new Error(
            `${name} in ${chunks.length} chunks (${chunks
              .slice(0, 8)
              .map((c) => c.length)
              .join(',')}…): ${(error as Error).message}`,
            { cause: error },
          );
        }
      }
    }
  });

  // Texts that put every resumable state at a chunk boundary: escapes, surrogates, numbers,
  // literals, names, prose and the limits.
  const corners: [string, Partial<JsonLimits>?][] = [
    ['{"a":"x\\"y\\\\z\\/\\b\\f\\n\\r\\t","b":"\\u00e9\\u65e5\\uD83D\\uDE00\\ud83d\\ude00"}'],
    ['["\ud83d\ude00", "a\ud83d\ude00b", "\\ud83d\ude00", "\ud83d\\ude00"]'],
    ['["\\ud83d"]'],
    ['["\\ud83dx"]'],
    ['["\\ude00"]'],
    ['["\ud83d"]'],
    ['["\ud83d\\n"]'],
    ['["\\ud83d\\ud83d"]'],
    ['["\\ud83d\u0001"]'],
    ['["\\u12G4"]'],
    ['["\\x"]'],
    ['["abc\\'],
    ['["abc\\u12'],
    ['["abc'],
    ['[-0, 0.5e-3, 1E+2, -12.75, 123456789012345, 9007199254740991, -9007199254740991]'],
    ['[12345678901234567890]'],
    ['12345678901234567890'],
    ['1e999'],
    ['[1.]'],
    ['[1.e5]'],
    ['[1e]'],
    ['[1e+]'],
    ['[-]'],
    ['[01]'],
    ['-'],
    ['[true, false, null]'],
    ['[tru]'],
    ['[nul'],
    ['truex'],
    ['{"a":1,"b":{"c":[1,2,{"a":1}]},"\\u0061":2}'],
    ['{"__proto__":{"x":1}}', { protoKey: 'keep' }],
    ['{"a":1,"__proto__":[tru]}'],
    ['{"a":1,"__proto__":2,"__proto__":3}', { protoKey: 'keep' }],
    ['{"a" 1}'],
    ['{"a":1,}'],
    ['[1,]'],
    ['[1 2]'],
    ['{"a":1 "b":2}'],
    ['{a:1}'],
    ['{}\n\n   {}'],
    ['{} ```'],
    ['```json\n{}\n```'],
    ['\ufeff{}'],
    ['   '],
    [''],
    ['Here is the reply: {"segments":[]}'],
    ['Sorry, I cannot help with that.'],
    ['Sorry, this is a long refusal that goes on and on without any JSON in it at all, really.'],
    [`${'x'.repeat(70)} {"a":1}`],
    ['\n\n  \r\n\tprose before {}'],
    ['[[[[1]]]]', { maxDepth: 3 }],
    ['[[[[1]]]]', { maxDepth: 4 }],
    ['{"a":"abcdefghij"}', { maxLength: 12 }],
    ['{"a":"abcdefghij"}', { maxLength: 18 }],
    ['[1,2,x,4,5,6,7,8]', { maxLength: 10 }],
    ['prose, then more prose {}', { maxLength: 10 }],
    ['{"a":\n[1,\r\n2,\r3,\n\n  x]}'],
  ];

  it('on corner cases cut at every position, at random and one character at a time', () => {
    const random = seededRandom(7);
    for (const [text, limits] of corners) {
      for (let at = 0; at <= text.length; at++) agrees(text, splitAt(text, [at]), limits);
      for (let i = 0; i < 20; i++) agrees(text, randomChunks(text, random, 8), limits);
      agrees(text, charChunks(text), limits);
    }
  });
});

const jsonText = fc
  .tuple(fc.jsonValue({ maxDepth: 5 }), fc.boolean())
  .map(([value, pretty]) => (pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value)));
const mutated = fc
  .tuple(jsonText, fc.nat(), fc.string({ maxLength: 3, unit: 'binary' }), fc.nat(4))
  .map(([text, at, insert, remove]) => {
    const cut = at % (text.length + 1);
    return text.slice(0, cut) + insert + text.slice(cut + remove);
  });
const cutPoints = fc.array(fc.nat(), { maxLength: 12 });

describe('createJsonStream agrees with parseJson on generated text (properties)', () => {
  it('on random JSON cut at random positions', () => {
    fc.assert(
      fc.property(jsonText, cutPoints, (text, points) => {
        const positions = [...new Set(points.map((p) => p % (text.length + 1)))].sort(
          (a, b) => a - b,
        );
        agrees(text, splitAt(text, positions));
      }),
      { numRuns: 1500 },
    );
  });

  it('on randomly mutated JSON cut at random positions and one character at a time', () => {
    fc.assert(
      fc.property(mutated, cutPoints, (text, points) => {
        const positions = [...new Set(points.map((p) => p % (text.length + 1)))].sort(
          (a, b) => a - b,
        );
        agrees(text, splitAt(text, positions));
        agrees(text, charChunks(text));
      }),
      { numRuns: 3000 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJson } from '../../src/json/parseJson';

// Member names as written in the text, with what they decode to: escaped and plain spellings of
// the same name, `__proto__`, numeric-like names and names that share a length and first letter.
const NAMES: readonly (readonly [raw: string, name: string])[] = [
  ['a', 'a'],
  ['\\u0061', 'a'],
  ['b', 'b'],
  ['ab', 'ab'],
  ['a\\u0062', 'ab'],
  ['ba', 'ba'],
  ['__proto__', '__proto__'],
  ['\\u005f_proto__', '__proto__'],
  ['1', '1'],
  ['01', '01'],
  ['\\u0031', '1'],
  ['', ''],
  ['type', 'type'],
  ['text', 'text'],
  ['tex\\u0074', 'text'],
];

type Member = readonly [index: number, value: number | readonly Member[]];
const member: fc.Memo<Member> = fc.memo((depth) =>
  fc.tuple(
    fc.nat(NAMES.length - 1),
    depth <= 1 ? fc.nat(9) : fc.oneof(fc.nat(9), fc.array(member(depth - 1), { maxLength: 5 })),
  ),
);

interface Expected {
  readonly text: string;
  /** The first violation in the text (with protoKey 'reject', and with 'keep'). */
  readonly reject?: { code: string; offset: number; path: string };
  readonly keep?: { code: string; offset: number; path: string };
}

/** Writes the objects as JSON and finds, independently of the parser, the first refused name. */
function write(objects: readonly (readonly Member[])[]): Expected {
  let text = '[';
  let reject: Expected['reject'];
  let keep: Expected['keep'];
  const object = (members: readonly Member[], path: string) => {
    const seen = new Set<string>();
    text += '{';
    members.forEach(([index, value], i) => {
      const [raw, name] = NAMES[index]!;
      if (i > 0) text += ',';
      const offset = text.length;
      if (seen.has(name)) {
        reject ??= { code: 'DUPLICATE_KEY', offset, path: `${path}/${name}` };
        keep ??= { code: 'DUPLICATE_KEY', offset, path: `${path}/${name}` };
      } else if (name === '__proto__') {
        reject ??= { code: 'PROTO_KEY', offset, path: `${path}/${name}` };
      }
      seen.add(name);
      text += `"${raw}":`;
      if (typeof value === 'number') text += String(value);
      else object(value, `${path}/${name}`);
    });
    text += '}';
  };
  objects.forEach((members, i) => {
    if (i > 0) text += ',';
    object(members, `/${i}`);
  });
  text += ']';
  return { text, reject, keep };
}

/** Every object in the value has the plain prototype (a `__proto__` name never changes it). */
function plainObjects(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(plainObjects);
  if (typeof value !== 'object' || value === null) return true;
  return (
    Object.getPrototypeOf(value) === Object.prototype && Object.values(value).every(plainObjects)
  );
}

describe('member names', () => {
  it('are compared after unescaping, whichever spelling came first, in every object', () => {
    fc.assert(
      fc.property(fc.array(fc.array(member(3), { maxLength: 6 }), { maxLength: 8 }), (objects) => {
        const { text, reject, keep } = write(objects);
        for (const [protoKey, first] of [
          ['reject', reject],
          ['keep', keep],
        ] as const) {
          const result = parseJson(text, { protoKey });
          if (first === undefined) {
            // The same value as JSON.parse, which keeps `__proto__` as an own property too.
            expect(result.ok).toBe(true);
            if (!result.ok) continue;
            expect(JSON.stringify(result.value)).toBe(JSON.stringify(JSON.parse(text)));
            expect(plainObjects(result.value)).toBe(true);
          } else {
            expect(result.ok).toBe(false);
            if (result.ok) continue;
            expect(result.issue).toMatchObject({ ...first, line: 1, column: first.offset + 1 });
          }
        }
      }),
      { numRuns: 2000 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textStream } from '../../src/leaks/textStream';

// What the scanners read of a value: pieces with their pointers (spelled out only when read),
// visible strings first, the seams a token could run across.
const pieces = (value: unknown, names = true) =>
  textStream(value, names)
    .pieces()
    .map((piece) => [piece.pointer, piece.start, piece.length]);

describe('textStream', () => {
  it('spells each piece and number pointer as RFC 6901 does, escapes and indices included', () => {
    const value = { 'a/b': ['x', { '~k': 'y' }], n: 7, '': 'z' };
    const stream = textStream(value);
    // Strings first (every string of a value that is no reply is visible), names after.
    expect(stream.pieces().map((piece) => [piece.pointer, piece.name ?? false])).toEqual([
      ['/a~1b/0', false],
      ['/a~1b/1/~0k', false],
      ['/', false],
      ['/a~1b', true],
      ['/a~1b/1/~0k', true],
      ['/n', true],
      ['/', true],
    ]);
    expect(stream.numbers(() => true).map((number) => [number.pointer, number.value])).toEqual([
      ['/n', 7],
    ]);
    expect(
      textStream('alone')
        .pieces()
        .map((piece) => piece.pointer),
    ).toEqual(['']);
    expect(
      textStream([1, [2]])
        .numbers(() => true)
        .map((number) => number.pointer),
    ).toEqual(['/0', '/1/0']);
  });

  it('lays out the visible strings of a segment reply first, joined as the reader sees them', () => {
    const reply = {
      segments: [
        { type: 'text', data: { text: 'ab' } },
        { type: 'mention', data: { target: 'cd' } },
        { type: 'image', data: { media: { kind: 'url', value: 'https://e.x/f' } } },
        { type: 'share', data: { url: 'https://e.x', title: 'gh' } },
      ],
    };
    const stream = textStream(reply, false);
    expect(stream.text).toBe(
      'ab@cd\u2029\u2029gh\u2029\u2029text\u2029\u2029mention\u2029\u2029image\u2029\u2029url' +
        '\u2029\u2029https://e.x/f\u2029\u2029share\u2029\u2029https://e.x',
    );
    expect(pieces(reply, false).slice(0, 3)).toEqual([
      ['/segments/0/data/text', 0, 2],
      ['/segments/1/data/target', 3, 2],
      ['/segments/3/data/title', 7, 2],
    ]);
    // Text and mention are consecutive segments (joined by `@`, no token seam: `@` is no token
    // character); the share title follows an image, so a barrier keeps it apart.
    expect(stream.joins).toEqual([]);
    const joined = textStream({
      segments: [
        { type: 'text', data: { text: 'sk-ab' } },
        { type: 'markdown', data: { content: '*cd*' } },
      ],
    });
    expect(joined.text.startsWith('sk-ab\n*cd*')).toBe(true);
    expect(joined.joins).toEqual([5, 6]);
  });

  it('reads a segment whose type is no catalog name (or no string) as invisible, never throwing', () => {
    const odd = Object.create(null) as object;
    for (const type of [odd, 'toString', 'constructor', 7, null]) {
      const stream = textStream({ segments: [{ type, data: { text: 'hi', target: 'x' } }] });
      expect(
        stream
          .pieces()
          .filter((piece) => !piece.name)
          .map((piece) => piece.pointer),
      ).toEqual(
        typeof type === 'string'
          ? ['/segments/0/type', '/segments/0/data/text', '/segments/0/data/target']
          : ['/segments/0/data/text', '/segments/0/data/target'],
      );
      expect(stream.joins).toEqual([]);
    }
  });

  it('lays the text out in one walk, and walks again only for the pieces and numbers asked for', () => {
    let reads = 0;
    const value = {
      get a() {
        reads++;
        return 'sk-ab';
      },
      n: [7, 'cd', 8],
      m: 'ef',
    };
    const stream = textStream(value);
    // The text and seams need one walk; no piece or pointer is made for them.
    expect(reads).toBe(1);
    expect(stream.text).toBe('sk-ab\ncd\nef\u2029\u2029a\u2029\u2029n\u2029\u2029m');
    expect(stream.joins).toEqual([5, 6, 8, 9]);
    expect(reads).toBe(1);
    // No span asked for: no walk.
    expect(stream.pieces([])).toEqual([]);
    expect(reads).toBe(1);
    // Every piece, or those a span overlaps (spans by start; an end is never in the piece), each a walk.
    const all = [
      ['/a', 0, 5],
      ['/n/1', 6, 2],
      ['/m', 9, 2],
      ['/a', 13, 1],
      ['/n', 16, 1],
      ['/m', 19, 1],
    ];
    const at = (spans?: { start: number; end: number }[]) =>
      stream.pieces(spans).map((piece) => [piece.pointer, piece.start, piece.length]);
    expect(at()).toEqual(all);
    expect(at([{ start: 6, end: 7 }])).toEqual([all[1]]);
    expect(at([{ start: 4, end: 7 }])).toEqual(all.slice(0, 2));
    // A span overlapping a name: the names follow the visible strings, each in its own order.
    expect(
      at([
        { start: 0, end: 30 },
        { start: 1, end: 2 },
      ]),
    ).toEqual(all);
    expect(
      at([
        { start: 5, end: 6 },
        { start: 7, end: 14 },
      ]),
    ).toEqual(all.slice(1, 4));
    expect(
      at([
        { start: 11, end: 13 },
        { start: 17, end: 19 },
      ]),
    ).toEqual([]);
    expect(reads).toBe(7);
    // The numbers the test holds for.
    expect(stream.numbers((number) => number > 7)).toEqual([{ pointer: '/n/2', value: 8 }]);
    expect(reads).toBe(8);
    // Laid out as the text was: a leading mention, and a value of other strings only.
    const mention = textStream({ segments: [{ type: 'mention', data: { target: 'x' } }] }, false);
    expect(mention.text).toBe('\u2029\u2029@x\u2029\u2029mention');
    expect(mention.pieces().map((piece) => [piece.pointer, piece.start])).toEqual([
      ['/segments/0/data/target', 3],
      ['/segments/0/type', 6],
    ]);
    const hidden = textStream({ segments: [{ type: 'image', data: {} }], id: 'q' }, false);
    expect(hidden.text).toBe('image\u2029\u2029id\u2029\u2029q');
    expect(
      hidden.pieces().map((piece) => [piece.pointer, piece.start, piece.name ?? false]),
    ).toEqual([
      ['/segments/0/type', 0, false],
      ['/id', 7, true],
      ['/id', 11, false],
    ]);
  });

  it('gives every piece the string at its pointer, in walk order, and only those a span overlaps', () => {
    // Names and strings with the characters a pointer escapes and the separators the stream uses.
    const text = fc.string({ unit: fc.constantFrom('a', '~', '/', '@', '*', '\n', '\u2029', 'é') });
    const name = fc.oneof(text, fc.constantFrom('text', 'type', 'data', 'target', 'segments'));
    const { tree } = fc.letrec((node) => ({
      tree: fc.oneof({ depthSize: 'small' }, text, fc.integer(), node('array'), node('object')),
      array: fc.array(node('tree'), { maxLength: 4 }),
      object: fc.dictionary(name, node('tree'), { maxKeys: 4 }),
    }));
    const type = fc.constantFrom('text', 'markdown', 'mention', 'share', 'image', 'toString');
    const segment = fc.record({ type, data: fc.dictionary(name, tree, { maxKeys: 3 }) });
    const values = fc.oneof(
      tree,
      fc.record({ segments: fc.array(segment, { maxLength: 5 }), id: tree }),
    );
    const at = (root: unknown, pointer: string) =>
      pointer
        .split('/')
        .slice(1)
        .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce((node: unknown, token) => (node as Record<string, unknown>)[token], root);
    // Every string and member name in document order (a name before its value).
    const walk = (node: unknown, pointer: string, into: string[]): string[] => {
      if (typeof node === 'string') into.push(`${pointer} ${node}`);
      else if (Array.isArray(node)) node.forEach((item, k) => walk(item, `${pointer}/${k}`, into));
      else if (typeof node === 'object' && node !== null)
        for (const [key, item] of Object.entries(node)) {
          const inner = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
          into.push(`${inner} name ${key}`);
          walk(item, inner, into);
        }
      return into;
    };
    fc.assert(
      fc.property(
        values,
        fc.array(fc.nat(300), { maxLength: 6 }),
        fc.boolean(),
        (value, cuts, names) => {
          const stream = textStream(value, names);
          const all = stream.pieces();
          const read = all.map((piece) => {
            const found = stream.text.slice(piece.start, piece.start + piece.length);
            // A name is the last token of its pointer; a string is the string there.
            if (piece.name) {
              expect(at(value, piece.pointer.replace(/\/[^/]*$/, ''))).toHaveProperty([found]);
              expect(
                piece.pointer.endsWith(`/${found.replace(/~/g, '~0').replace(/\//g, '~1')}`),
              ).toBe(true);
            } else expect(at(value, piece.pointer)).toBe(found);
            return `${piece.pointer}${piece.name ? ' name' : ''} ${found}`;
          });
          // By start, none overlapping; by order, the walk's order (every string of a value that is
          // no reply; in a reply, catalog names may be left out).
          all.forEach(
            (piece, k) =>
              k > 0 &&
              expect(piece.start).toBeGreaterThanOrEqual(all[k - 1]!.start + all[k - 1]!.length),
          );
          const byOrder = all
            .map((piece, k) => [piece.order, read[k]!] as const)
            .sort((a, b) => a[0] - b[0]);
          const walked = walk(value, '', []);
          const kept = walked.filter((item) => byOrder.some(([, line]) => line === item));
          expect(byOrder.map(([, line]) => line)).toEqual(
            Array.isArray((value as { segments?: unknown } | null)?.segments) ? kept : walked,
          );
          expect(new Set(byOrder.map(([order]) => order)).size).toBe(all.length);
          // Asked for spans (by start), the pieces they overlap: the same objects' fields.
          const spans = cuts
            .map((start, k) => ({ start, end: start + ((cuts[k + 1] ?? 7) % 40) }))
            .sort((a, b) => a.start - b.start);
          const overlap = all.filter((piece) =>
            spans.some(({ start, end }) => piece.start < end && start < piece.start + piece.length),
          );
          expect(stream.pieces(spans)).toEqual(overlap);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("reads an object's own enumerable string keys as Object.keys lists them, never as for…in does", () => {
    // The text of a value that is no reply: its strings in document order, then its names.
    const expected = (node: unknown) => {
      const strings: string[] = [];
      const keys: string[] = [];
      const walk = (item: unknown): void => {
        if (typeof item === 'string') strings.push(item);
        else if (Array.isArray(item)) item.forEach(walk);
        else if (typeof item === 'object' && item !== null)
          for (const key of Object.keys(item)) {
            keys.push(key);
            walk((item as Record<string, unknown>)[key]);
          }
      };
      walk(node);
      return [strings.join('\n'), ...keys].join('\u2029\u2029').replace(/^\u2029\u2029/, '');
    };
    const tricky: (() => unknown)[] = [
      // A getter that deletes a later member: for…in skips it, Object.keys listed it already.
      () => ({
        get a() {
          delete (this as { b?: string }).b;
          return 'x';
        },
        b: 'y',
        c: 'z',
      }),
      // A getter that adds a member: for…in may visit it, Object.keys does not.
      () => ({
        get a() {
          (this as { d?: string }).d = 'w';
          return 'x';
        },
        b: 'y',
      }),
      // Enumerable keys on the prototype; a key not enumerable; a symbol key.
      () => Object.create({ inherited: 'p' }, { own: { value: 'o', enumerable: true } }) as object,
      () => Object.defineProperty({ v: 'v' }, 'hidden', { value: 'h', enumerable: false }),
      () => ({ [Symbol('s')]: 'v', t: 't' }),
      // Integer keys first, in ascending order, then the others in insertion order.
      () => ({ b: '1', 2: '2', a: '3', 1: '4' }),
      () => Object.assign(Object.create(null), { x: 'y', z: 'w' }),
      // A proxy lists its own keys in its own order; an array only its items; a String its indices.
      () =>
        new Proxy(
          { a: '1' },
          {
            ownKeys: () => ['b', 'a'],
            getOwnPropertyDescriptor: (_, key) => ({
              value: key,
              enumerable: true,
              configurable: true,
            }),
            get: (_, key) => `${String(key)}!`,
          },
        ),
      () => Object.assign(['x', ['y']], { extra: 'e' }),
      () => new String('ab'),
    ];
    for (const make of tricky) expect(textStream(make()).text).toBe(expected(make()));
    expect(expected(tricky[0]!())).toBe('x\nz\u2029\u2029a\u2029\u2029b\u2029\u2029c');
  });
});

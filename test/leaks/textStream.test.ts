import { describe, expect, it } from 'vitest';
import { textStream } from '../../src/leaks/textStream';

// What the scanners read of a value: pieces with their pointers (spelled out only when read),
// visible strings first, the seams a token could run across.
const pieces = (value: unknown, names = true) =>
  textStream(value, names).pieces.map((piece) => [piece.pointer, piece.start, piece.length]);

describe('textStream', () => {
  it('spells each piece and number pointer as RFC 6901 does, escapes and indices included', () => {
    const value = { 'a/b': ['x', { '~k': 'y' }], n: 7, '': 'z' };
    const stream = textStream(value);
    // Strings first (every string of a value that is no reply is visible), names after.
    expect(stream.pieces.map((piece) => [piece.pointer, piece.name ?? false])).toEqual([
      ['/a~1b/0', false],
      ['/a~1b/1/~0k', false],
      ['/', false],
      ['/a~1b', true],
      ['/a~1b/1/~0k', true],
      ['/n', true],
      ['/', true],
    ]);
    expect(stream.numbers.map((number) => [number.pointer, number.value])).toEqual([['/n', 7]]);
    expect(textStream('alone').pieces.map((piece) => piece.pointer)).toEqual(['']);
    expect(textStream([1, [2]]).numbers.map((number) => number.pointer)).toEqual(['/0', '/1/0']);
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
      expect(stream.pieces.filter((piece) => !piece.name).map((piece) => piece.pointer)).toEqual(
        typeof type === 'string'
          ? ['/segments/0/type', '/segments/0/data/text', '/segments/0/data/target']
          : ['/segments/0/data/text', '/segments/0/data/target'],
      );
      expect(stream.joins).toEqual([]);
    }
  });

  it('lays the text out in one walk, and walks again for pieces and numbers only when read (once)', () => {
    let reads = 0;
    const value = {
      get a() {
        reads++;
        return 'sk-ab';
      },
      n: [7, 'cd'],
    };
    const stream = textStream(value);
    // The text and seams need one walk; no piece, place or pointer is made for them.
    expect(reads).toBe(1);
    expect(stream.text).toBe('sk-ab\ncd\u2029\u2029a\u2029\u2029n');
    expect(stream.joins).toEqual([5, 6]);
    expect(reads).toBe(1);
    // The pieces (and the numbers with them) come from a second walk, made when first read.
    expect(stream.pieces.map((piece) => [piece.pointer, piece.start, piece.length])).toEqual([
      ['/a', 0, 5],
      ['/n/1', 6, 2],
      ['/a', 10, 1],
      ['/n', 13, 1],
    ]);
    expect(stream.numbers.map((number) => [number.pointer, number.value])).toEqual([['/n/0', 7]]);
    expect(reads).toBe(2);
    // Laid out as the text was: a leading mention, and a value of other strings only.
    const mention = textStream({ segments: [{ type: 'mention', data: { target: 'x' } }] }, false);
    expect(mention.text).toBe('\u2029\u2029@x\u2029\u2029mention');
    expect(mention.pieces.map((piece) => [piece.pointer, piece.start])).toEqual([
      ['/segments/0/data/target', 3],
      ['/segments/0/type', 6],
    ]);
    const hidden = textStream({ segments: [{ type: 'image', data: {} }], id: 'q' }, false);
    expect(hidden.text).toBe('image\u2029\u2029id\u2029\u2029q');
    expect(hidden.pieces.map((piece) => [piece.pointer, piece.start, piece.name ?? false])).toEqual(
      [
        ['/segments/0/type', 0, false],
        ['/id', 7, true],
        ['/id', 11, false],
      ],
    );
  });
});

import { describe, expect, it } from 'vitest';
import { cutsSecret, randomLooking } from '../../src/leaks/cutsSecret';
import { lineBreaks } from '../../src/leaks/lineBreaks';
import { offsets, toArray } from '../../src/leaks/passOutput';

// Issue 32, round 15: `cutsSecret` reads the first side's run back with the class table's bits
// (a small letter before a capital is a sign, read backwards too) up to 64 units, and
// `lineBreaks` reads a line's content start and end apart. Same answers as before: pinned here
// where a reading in the other direction or an off-by-one would show.

/** The seam between `<tail>` and the next line `<head>`, not in a hard-wrapped block. */
function cut(tail: string, head: string): boolean {
  const text = `${tail}\n${head}`;
  return cutsSecret(text, 0, tail.length, tail.length + 1, text.length, false);
}

/** The breaks `lineBreaks` keeps in `text` (line feeds only). */
function breaks(text: string): number[] {
  const out = offsets();
  lineBreaks(text, out, offsets());
  return toArray(out);
}

describe('cutsSecret reads the first side back', () => {
  it('a small letter before a capital is a sign, a capital before a small letter is not', () => {
    expect(cut('kkkkkkkB', 'QWZKRXWT')).toBe(true);
    expect(cut('kkkkkkkk', 'QWZKRXWT')).toBe(false);
    expect(cut('KKKKKKKb', 'QWZKRXWT')).toBe(false);
  });

  it('reads 64 units back, not 65', () => {
    const signAt = (depth: number) => `${'k'.repeat(70 - depth)}1${'b'.repeat(depth - 1)}`;
    expect(cut(signAt(64), 'XYZQ')).toBe(true);
    expect(cut(signAt(65), 'XYZQ')).toBe(false);
  });

  it('randomLooking: a sign, and with `letter` a letter too', () => {
    expect(randomLooking('abC', 0, 3, false)).toBe(true);
    expect(randomLooking('ABc', 0, 3, false)).toBe(false);
    expect(randomLooking('123', 0, 3, true)).toBe(false);
    expect(randomLooking('a1', 0, 2, true)).toBe(true);
    expect(randomLooking('x:y', 0, 3, false)).toBe(true);
  });
});

describe('lineBreaks on the bench text', () => {
  it('keeps the break after a URL before `Article N`, not after `mention` before an id', () => {
    const text = 'share\nhttps://example.com/a/12\nArticle 12\nmention\n100000012\ntext';
    expect(breaks(text)).toEqual([text.indexOf('\nArticle'), text.indexOf('Article')]);
  });

  it('a line narrower than 6 units is no secret end; one of 6 is', () => {
    expect(breaks('ab1Z5\nQ9zK8xW7')).toEqual([]);
    expect(breaks('ab1Z5x\nQ9zK8xW7')).toEqual([6, 7]);
  });
});

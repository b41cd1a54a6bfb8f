import { describe, expect, it } from 'vitest';
import { splitText } from '../../src/text/splitText';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('splitText', () => {
  it('cuts at the size, never inside a surrogate pair, and joins back to the text', () => {
    const text = 'ab👋cd🏳️‍🌈e'.repeat(7);
    for (let size = 1; size <= 9; size++) {
      const pieces = splitText(text, size);
      expect(pieces.join(''), `size ${size}`).toBe(text);
      for (const piece of pieces) {
        expect(piece.length).toBeLessThanOrEqual(Math.max(size, 2));
        expect(piece, `size ${size}`).not.toMatch(LONE_SURROGATE);
      }
    }
    expect(splitText('a👋b', 2)).toEqual(['a', '👋', 'b']);
    expect(splitText('👋👋', 1)).toEqual(['👋', '👋']);
  });

  it('keeps an empty text as one empty piece and a short one whole', () => {
    expect(splitText('', 4)).toEqual(['']);
    expect(splitText('abc', 4)).toEqual(['abc']);
  });
});

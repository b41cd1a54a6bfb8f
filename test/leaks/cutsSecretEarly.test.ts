import { describe, expect, it } from 'vitest';
import { cutsSecret } from '../../src/leaks/cutsSecret';

// Issue 32, round 13: `cutsSecret` answers yes while it reads the first side's run back, as soon
// as the part read is long enough for both length tests (6 before the seam, 12 in all) and looks
// random. One character short of that, the whole run decides, and a run that short is no cut.
const FIRST = 'a1B2c3D4e5F6g7H8'; // random-looking at every length from 2 on (a digit)

/** The seam between `see <tail>` and the next line `<head>`, not in a hard-wrapped block. */
function cut(tail: string, head: string): boolean {
  const text = `see ${tail}\n${head}`;
  const lastTo = 4 + tail.length;
  return cutsSecret(text, 0, lastTo, lastTo + 1, text.length, false);
}

describe('cutsSecret read back', () => {
  for (const head of ['Q9zK8xW7', 'Q9zK8x', 'Q9zK8', 'Q9z', 'Q9']) {
    // 12 in all, 6 at least before the seam; a line of two characters without a vowel (`Q9`) is
    // a key's lone last piece, for which 6 before the seam are enough.
    const lone = head.length <= 2;
    const need = lone ? 6 : Math.max(6, 12 - head.length);
    it(`after ${head}: a run of ${need} before the seam cuts it, ${need - 1} does not`, () => {
      expect(cut(FIRST.slice(0, need), head)).toBe(true);
      expect(cut(FIRST.slice(0, need - 1), head)).toBe(false);
      expect(cut(FIRST.slice(0, need + 3), head)).toBe(true);
    });
  }

  it('a run that looks random only past the part read early is still read whole', () => {
    // `1` is the run's only random sign, 7 back: the early answer (6 back) cannot say yes.
    expect(cut('1abcdefg', 'Q9zK8xW7')).toBe(true);
    expect(cut('abcdefg', 'QWZKRXWT')).toBe(false);
    expect(cut('1abcdefg', 'QWZKRXWT')).toBe(true);
  });
});

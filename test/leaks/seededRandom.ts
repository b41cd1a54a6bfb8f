/** Letters and digits: the default alphabet of a {@link seededRandom} generator. */
export const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A generator of pseudo-random strings from `alphabet` (mulberry32 from `seed`: the same strings on
 * every run). Each generator keeps its own state, so adding draws to one shifts no other's.
 */
export function seededRandom(seed: number): (length: number, alphabet?: string) => string {
  let state = seed;
  return (length, alphabet = ALNUM) => {
    let out = '';
    for (let i = 0; i < length; i++) {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      out += alphabet[((t ^ (t >>> 14)) >>> 0) % alphabet.length];
    }
    return out;
  };
}

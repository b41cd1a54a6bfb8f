import { describe, expect, it } from 'vitest';
import { LEAK_MASK, maskLeaks } from '../../src/leaks/maskLeaks';
import { checkReply } from '../../src/reply/checkReply';
import { random, RULE_SAMPLES } from './ruleSamples';

// A key at the end of one string and a sentence after it that starts with a letter alone
// (`A long note.`, `I think`): the letter is masked with the key. A key whose match ends before
// the key does (a JWT, a long token) may end in that letter, and a reader cannot tell the two
// apart (test/progress/progressJoins.test.ts: a JWT cut before its last `k`, `k is the key`
// after it). Masking one letter of prose is the safe side.
const key = `ghp_${random(36)}`;
const texts = (...parts: string[]) => ({
  segments: parts.map((text) => ({ type: 'text', data: { text } })),
});
const shown = async (value: { segments: unknown[] }) => {
  const result = await checkReply(JSON.stringify(value));
  return result.value!.segments.map((segment) => Object.values(segment.data)[0]);
};

describe('a sentence that starts with a letter alone after a key: the letter is masked with it', () => {
  it.each(['A long note.', 'I think so.', 'a note'])(
    'a whole key, then %s in the next string',
    async (next) => {
      const reply = texts(`token ${key}`, next);
      const masked = next.replace(/^\S/, LEAK_MASK);
      expect(maskLeaks(reply).value.segments[1]!.data.text).toBe(masked);
      expect(await shown(reply)).toEqual([`token ${LEAK_MASK}`, masked]);
    },
  );

  it('a JWT cut before its last letter, the letter starting a sentence', async () => {
    const jwt = RULE_SAMPLES.jwt!.tp.find((sample) => /[A-Za-z]$/.test(sample))!;
    const reply = texts(`token ${jwt.slice(0, -1)}`, `${jwt.slice(-1)} is the key.`);
    const [first, second] = maskLeaks(reply).value.segments.map((segment) => segment.data.text);
    expect(first!.endsWith(LEAK_MASK)).toBe(true);
    expect(second).toBe(`${LEAK_MASK} is the key.`);
    expect(await shown(reply)).toEqual([first, second]);
  });

  it('a key, a line break and a sentence in one string', () => {
    expect(maskLeaks({ text: `token ${key}\nA long note.` }).value.text).toBe(
      `token ${LEAK_MASK} long note.`,
    );
  });
});

describe('a key wrapped across strings is still masked whole', () => {
  // The match needs the next string's first character (a 40-character token is one length).
  const endsInA = `${key.slice(0, -1)}A`;
  it.each([
    ['its last letter starts a sentence', [`token ${endsInA.slice(0, -1)}`, 'A long note.']],
    ['its last digit', [`token ${key.slice(0, -1)}`, `${key.slice(-1)} long note.`]],
  ])('%s', async (_, parts) => {
    const [first, second] = parts as [string, string];
    const masked = second.replace(/^\S/, LEAK_MASK);
    expect(maskLeaks(texts(first, second)).value.segments[1]!.data.text).toBe(masked);
    expect(await shown(texts(first, second))).toEqual([`token ${LEAK_MASK}`, masked]);
  });

  // The letter the match needs after the second seam or later: read as the key's, at every seam.
  const needsA = 'ghp_Xk8Zq2Lm9Pw4Rt7Yb3Nc6Vd1Fh5Jg0Ks2MqA';
  it.each([
    ['three strings', [`token ${needsA.slice(0, 20)}`, needsA.slice(20, 39), 'A long note.']],
    [
      'four strings',
      [`token ${needsA.slice(0, 12)}`, needsA.slice(12, 26), needsA.slice(26, 39), 'A long note.'],
    ],
  ])('its last letter starts a sentence after %s', async (_, parts) => {
    const masked = [`token ${LEAK_MASK}`, ...parts.slice(1, -1).map(() => LEAK_MASK)];
    const expected = [...masked, `${LEAK_MASK} long note.`];
    const reply = texts(...parts);
    expect(maskLeaks(reply).value.segments.map((segment) => segment.data.text)).toEqual(expected);
    expect(await shown(reply)).toEqual(expected);
  });

  // A guard (passes on the old code too): tailWithin reads only a finding complete without the breaks.
  it('its last letter starts a sentence after two line breaks in one string', () => {
    const wrapped = `token ${needsA.slice(0, 20)}\n${needsA.slice(20, 39)}\nA long note.`;
    expect(maskLeaks({ text: wrapped }).value.text).toBe(`token ${LEAK_MASK} long note.`);
  });

  it.each(['Q', 'x', 'A', 'A.', 'A 5', 'E 5 g'])(
    'a whole key, then %s: no word after a letter, read as its tail',
    (next) => {
      const { value } = maskLeaks(texts(`token ${key}`, next));
      expect(value.segments[1]!.data.text).toBe(next.replace(/^\S/, LEAK_MASK));
    },
  );
});

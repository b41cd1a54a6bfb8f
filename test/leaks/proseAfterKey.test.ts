import { describe, expect, it } from 'vitest';
import { LEAK_MASK, maskLeaks } from '../../src/leaks/maskLeaks';
import { checkReply } from '../../src/reply/checkReply';
import { random, RULE_SAMPLES } from './ruleSamples';

// A key at the end of one string and a sentence after it that starts with a letter alone
// (`A long note.`, `I think`): the letter is the reader's word, not the key's last piece. A key
// whose match needs the next string's first letter is still masked with it.
const key = `ghp_${random(36)}`;
const texts = (...parts: string[]) => ({
  segments: parts.map((text) => ({ type: 'text', data: { text } })),
});
const shown = async (value: { segments: unknown[] }) => {
  const result = await checkReply(JSON.stringify(value));
  return result.value!.segments.map((segment) => Object.values(segment.data)[0]);
};

describe('a sentence that starts with a letter alone after a key is not masked', () => {
  it.each(['A long note.', 'I think so.', 'a note'])(
    'a whole key, then %s in the next string',
    async (next) => {
      const reply = texts(`token ${key}`, next);
      expect(maskLeaks(reply).value.segments[1]!.data.text).toBe(next);
      expect(await shown(reply)).toEqual([`token ${LEAK_MASK}`, next]);
    },
  );

  it('an assignment ending one string, a note starting the next', () => {
    const stripe = RULE_SAMPLES['stripe-key']!.tp[0]!;
    const { value } = maskLeaks(texts(`api_key=${stripe}`, 'A long note.'));
    expect(value.segments.map((segment) => segment.data.text)).toEqual([
      `api_key=${LEAK_MASK}`,
      'A long note.',
    ]);
  });

  it('a key in one field and a note in the next (a tool`s data)', () => {
    expect(maskLeaks({ key, note: 'A long note.' }).value).toEqual({
      key: LEAK_MASK,
      note: 'A long note.',
    });
  });

  it('a key, a line break and a sentence in one string', () => {
    expect(maskLeaks({ text: `token ${key}\nA long note.` }).value.text).toBe(
      `token ${LEAK_MASK}\nA long note.`,
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

import { describe, expect, it } from 'vitest';
import { LEAK_MASK, maskLeaks } from '../../src/leaks/maskLeaks';
import { random, RULE_SAMPLES } from './ruleSamples';

// Issue 28: a key wrapped within one string, with an ordinary line after it. Every piece of the
// key is masked, and the words after it stay (but for a capitalised word glued to the key's last
// piece: masked with it, a known gap).
const sample = (rule: string) => RULE_SAMPLES[rule]!.tp[0]!;
const KEYS: Record<string, string> = {
  OpenAI: sample('openai-api-key'),
  Anthropic: sample('anthropic-api-key'),
  'GitHub (40 characters)': `ghp_${random(36)}`,
  'GitHub (a longer token)': `ghs_${random(72)}`,
  'GitHub fine-grained': sample('github-fine-grained-pat'),
  JWT: sample('jwt').replace('Bearer ', ''),
  Stripe: sample('stripe-key'),
  npm: sample('npm-token'),
  Azure: sample('azure-client-secret').replace(/^.*[=:]\s*["']?/, ''),
};

/** `key` cut every `width` characters. */
const pieces = (key: string, width: number) => key.match(new RegExp(`.{1,${width}}`, 'g'))!;

/** The pieces of `key` (four characters or more) that still show in `text`. */
const shown = (text: string, parts: readonly string[]) =>
  parts.filter((piece) => piece.length >= 4 && text.includes(piece));

describe('a key wrapped by line breaks, the next line a capitalised sentence', () => {
  // The break before `Thanks` cuts a random-looking run, so the key was read glued to the word:
  // a rule that ends at the key's last character (`…AA`, a fixed length) missed it.
  const keys = ['Anthropic', 'GitHub fine-grained', 'npm', 'Azure', 'OpenAI', 'JWT', 'Stripe'];
  for (const name of keys)
    it.each([8, 13, 20])(`${name}, every %i characters`, (width) => {
      const parts = pieces(KEYS[name]!, width);
      for (const words of ['Thanks for waiting', 'Please keep it safe.']) {
        const text = `Here is the key:\n${parts.join('\n')}\n${words}`;
        const { value, findings } = maskLeaks({ text });
        expect(findings.length, text).toBeGreaterThan(0);
        expect(shown(value.text, parts), text).toEqual([]);
        expect(value.text.startsWith(`Here is the key:\n${LEAK_MASK}`)).toBe(true);
        expect(value.text.endsWith(words.replace(/^\S+/, '')), value.text).toBe(true);
      }
    });

  it('a key cut once, at any point, before the word', () => {
    const key = KEYS.Anthropic!;
    for (let cut = 14; cut < key.length - 2; cut += 7) {
      const text = `key: ${key.slice(0, cut)}\n${key.slice(cut)}\nThanks for waiting`;
      const { value } = maskLeaks({ text });
      expect(shown(value.text, [key.slice(0, cut), key.slice(cut)]), text).toEqual([]);
      expect([`key: ${LEAK_MASK} for waiting`, `key: ${LEAK_MASK}\nThanks for waiting`]).toContain(
        value.text,
      );
    }
  });

  it('the lower-case word stays apart', () => {
    for (const name of keys) {
      const parts = pieces(KEYS[name]!, 13);
      const { value } = maskLeaks({ text: `Here:\n${parts.join('\n')}\nthanks for waiting` });
      expect(value.text).toBe(`Here:\n${LEAK_MASK}\nthanks for waiting`);
    }
  });
});

describe('a key wrapped with blank lines, the paragraph after it as wide as its last piece', () => {
  // The paragraph line was read as one more line of the block (one width) and glued to the key.
  const paragraph = (width: number) => 'keep it safe and sound, do not share'.slice(0, width);
  // Only widths whose last piece leaves a paragraph of words (6 characters or more, a blank in
  // it): a one-word line may be read as the key's last piece (a known gap).
  const lastWidth = (name: string, width: number) => pieces(KEYS[name]!, width).at(-1)!.length;
  for (const name of ['Anthropic', 'OpenAI', 'GitHub (a longer token)', 'JWT', 'Stripe', 'npm'])
    it.each(
      [9, 10, 12, 16, 20, 33].filter((width) => {
        const last = lastWidth(name, width);
        return last >= 6 && paragraph(last).includes(' ');
      }),
    )(`${name}, every %i characters`, (width) => {
      const parts = pieces(KEYS[name]!, width);
      const last = parts.at(-1)!.length;
      const text = `Here is the key:\n\n${parts.join('\n\n')}\n\n${paragraph(last)}`;
      const { value, findings } = maskLeaks({ text });
      expect(findings.length, text).toBeGreaterThan(0);
      expect(shown(value.text, parts), text).toEqual([]);
      expect(value.text, text).toBe(`Here is the key:\n\n${LEAK_MASK}\n\n${paragraph(last)}`);
    });

  it('the example of the issue: `keep it.` after a key wrapped every 20 characters', () => {
    const key = KEYS.Anthropic!; // 108 characters: its last piece is 8 wide
    const text = `${pieces(key, 20).join('\n\n')}\n\nkeep it.`;
    expect(maskLeaks({ text }).value.text).toBe(`${LEAK_MASK}\n\nkeep it.`);
  });
});

describe("a key cut by one line break after its rule's shortest match", () => {
  // The first line is a key on its own; the second line is the rest of it, masked too.
  const keys = ['OpenAI', 'GitHub (a longer token)', 'JWT', 'Stripe'];
  for (const name of keys)
    it.each([0.8, 0.9, 0.95, -1, -2])(
      `${name} cut at %f of its length (-n: n before its end)`,
      (at) => {
        const key = KEYS[name]!;
        const cut = at < 0 ? key.length + at : Math.round(key.length * at);
        for (const words of ['thanks for waiting.', 'Thanks for waiting.', 'It is revoked now.']) {
          const text = `key ${key.slice(0, cut)}\n${key.slice(cut)}\n${words}`;
          const { value } = maskLeaks({ text });
          expect(value.text, text).toBe(`key ${LEAK_MASK}\n${words}`);
        }
      },
    );

  // (A rest of one or two letters with words after it on its line reads as a word: a gap.)
  it('the rest on the line with words after it', () => {
    const key = KEYS.Stripe!;
    for (let cut = 22; cut < key.length - 2; cut++) {
      const text = `use ${key.slice(0, cut)}\n${key.slice(cut)} is the key, keep it.`;
      expect(maskLeaks({ text }).value.text, text).toBe(`use ${LEAK_MASK} is the key, keep it.`);
    }
  });

  it('quoted and listed lines', () => {
    const key = KEYS.OpenAI!;
    const cut = key.length - 5;
    for (const marker of ['> ', '- ', '    ']) {
      const text = `${marker}key ${key.slice(0, cut)}\n${marker}${key.slice(cut)}\n${marker}thanks for waiting.`;
      expect(maskLeaks({ text }).value.text, text).toBe(
        `${marker}key ${LEAK_MASK}\n${marker}thanks for waiting.`,
      );
    }
  });

  it('a label on the next line stays (`token=…` is the next key, not the rest)', () => {
    const slack = `xoxb-23984754863-${random(13, '0123456789')}`;
    const { value } = maskLeaks({ text: `${KEYS.Stripe}\ntoken=${slack}` });
    expect(value.text).toBe(`${LEAK_MASK}\ntoken=${LEAK_MASK}`);
  });
});

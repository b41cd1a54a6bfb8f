import { describe, expect, it } from 'vitest';
import { LEAK_MASK, maskLeaks } from '../../src/leaks/maskLeaks';
import { random, RULE_SAMPLES } from './ruleSamples';

// Issue 28.2: a key is read as the reader sees it, whatever wraps or splits it, and masked in
// every part; what only sits next to a key (a label, a word, a paragraph) is not glued to it.
const github = `ghp_${random(36)}`;
const openai = RULE_SAMPLES['openai-api-key']!.tp[0]!;

const wrap = (key: string, width: number, separator: string) =>
  key.match(new RegExp(`.{1,${width}}`, 'g'))!.join(separator);

/** The pieces of `key` cut every `width` characters that still show in `text`. */
const shown = (text: string, key: string, width: number) =>
  wrap(key, width, '\n')
    .split('\n')
    .filter((piece) => piece.length >= 4 && text.includes(piece));

describe('keys wrapped at any width are masked whole', () => {
  const separators: Record<string, string> = {
    CR: '\r',
    CRLF: '\r\n',
    'blank lines': '\n\n',
    'CRLF blank lines': '\r\n\r\n',
    'line separator': '\u2028',
    'paragraph separator': '\u2029',
    spaces: ' ',
    'no-break spaces': '\u00a0',
  };
  for (const [name, separator] of Object.entries(separators))
    for (const [label, key] of [
      ['GitHub token', github],
      ['OpenAI key', openai],
    ] as const)
      it.each([8, 13, 20, 32])(`${label}, ${name}, every %i characters`, (width) => {
        const text = `Here is the key:\n\n${wrap(key, width, separator)}\n\nKeep it safe.`;
        const { value, findings } = maskLeaks({ text });
        expect(findings.length).toBeGreaterThan(0);
        expect(shown(value.text, key, width)).toEqual([]);
        expect(value.text.startsWith('Here is the key:')).toBe(true);
        expect(value.text.endsWith('Keep it safe.')).toBe(true);
      });
});

describe('a key split across table cells is read in row order', () => {
  it.each([6, 20, 30])('two cells of one row, cut after %i characters', (cut) => {
    const text = `| name | value | more |\n|---|---|---|\n| key | ${github.slice(0, cut)} | ${github.slice(cut)} |`;
    const { value } = maskLeaks({ text });
    expect(value.text).not.toContain(github.slice(0, cut));
    expect(value.text).not.toContain(github.slice(cut));
    expect(value.text).toContain('| name | value | more |');
  });

  it('the last cell of a row and the first of the next', () => {
    const text = `| a | b |\n|---|---|\n| x | ${openai.slice(0, 50)} |\n| ${openai.slice(50)} | y |`;
    const { value } = maskLeaks({ text });
    expect(value.text).not.toContain(openai.slice(0, 50));
    expect(value.text).not.toContain(openai.slice(50));
  });

  it('keeps a label cell apart from the value after it', () => {
    const { value } = maskLeaks({ text: `| token | ${github} |\n|---|---|` });
    expect(value.text).toBe(`| token | ${LEAK_MASK} |\n|---|---|`);
  });
});

describe('a key split across segments is masked in every part', () => {
  const reply = (first: string, second: string) => ({
    segments: [
      { type: 'text', data: { text: first } },
      { type: 'text', data: { text: second } },
    ],
  });

  // Cut before the rule's shortest match ends: the joined finding is the only one, whole.
  it.each([0.33, 0.5, 0.67])('an OpenAI key cut at %f of its length', (at) => {
    const cut = Math.round(openai.length * at);
    const { value } = maskLeaks(reply(`key ${openai.slice(0, cut)}`, openai.slice(cut)));
    expect(JSON.stringify(value)).not.toContain(openai.slice(0, cut));
    expect(JSON.stringify(value)).not.toContain(openai.slice(cut));
  });

  // Cut after it: the first part is a key on its own, and the tail is masked too. (The
  // Anthropic key and the 40-character GitHub token have one length: every cut is before.)
  const keys: Record<string, string> = {
    OpenAI: openai,
    'GitHub (a longer token)': `ghs_${random(72)}`,
    'GitHub (40 characters)': github,
    Anthropic: RULE_SAMPLES['anthropic-api-key']!.tp[0]!,
    JWT: RULE_SAMPLES.jwt!.tp[0]!.replace('Bearer ', ''),
    GitLab: RULE_SAMPLES['gitlab-token']!.tp[0]!,
    Stripe: RULE_SAMPLES['stripe-key']!.tp[0]!,
  };
  for (const [label, key] of Object.entries(keys))
    it.each([0.8, 0.9, 0.95, -1])(
      `${label} cut at %f of its length (-1: before its last character)`,
      (at) => {
        const cut = at < 0 ? key.length - 1 : Math.round(key.length * at);
        const { value, findings } = maskLeaks(reply(`key ${key.slice(0, cut)}`, key.slice(cut)));
        expect(value.segments).toEqual([
          { type: 'text', data: { text: `key ${LEAK_MASK}` } },
          { type: 'text', data: { text: LEAK_MASK } },
        ]);
        expect(findings.map((each) => each.path)).toEqual([
          '/segments/0/data/text',
          '/segments/1/data/text',
        ]);
      },
    );

  it('a tail cut across three segments is masked in each', () => {
    const cut = Math.round(openai.length * 0.9);
    const { value } = maskLeaks({
      segments: [
        { type: 'text', data: { text: `key ${openai.slice(0, cut)}` } },
        { type: 'markdown', data: { content: openai.slice(cut, cut + 4) } },
        { type: 'text', data: { text: `${openai.slice(cut + 4)} keep it safe` } },
      ],
    });
    expect(value.segments.map((each) => Object.values(each.data)[0])).toEqual([
      `key ${LEAK_MASK}`,
      LEAK_MASK,
      `${LEAK_MASK} keep it safe`,
    ]);
  });

  // A seam the line breaks also found was listed twice, which undid the join of the next seam.
  it('a key cut across three segments before its shortest match, its middle short', () => {
    const { value } = maskLeaks({
      segments: [
        { type: 'text', data: { text: `key ${openai.slice(0, 50)}` } },
        { type: 'text', data: { text: openai.slice(50, 54) } },
        { type: 'text', data: { text: `${openai.slice(54)} keep it safe` } },
      ],
    });
    expect(value.segments.map((each) => each.data.text)).toEqual([
      `key ${LEAK_MASK}`,
      LEAK_MASK,
      `${LEAK_MASK} keep it safe`,
    ]);
  });

  it('a key completed in the second segment leaves a word in the third', () => {
    const { value } = maskLeaks({
      segments: [
        { type: 'text', data: { text: `key ${openai.slice(0, 30)}` } },
        { type: 'text', data: { text: openai.slice(30) } },
        { type: 'text', data: { text: 'thanks' } },
      ],
    });
    expect(value.segments.map((each) => each.data.text)).toEqual([
      `key ${LEAK_MASK}`,
      LEAK_MASK,
      'thanks',
    ]);
  });

  // Glued to the key, the word broke the match of a rule that ends at the key's last character.
  it.each(['Thanks', 'thanks', 'OK'])(
    'an Anthropic key completed in the second segment, the third the word %s',
    (word) => {
      const anthropic = keys.Anthropic!;
      const { value } = maskLeaks({
        segments: [
          { type: 'text', data: { text: `key ${anthropic.slice(0, 50)}` } },
          { type: 'text', data: { text: anthropic.slice(50) } },
          { type: 'text', data: { text: word } },
        ],
      });
      expect(value.segments.map((each) => each.data.text)).toEqual([
        `key ${LEAK_MASK}`,
        LEAK_MASK,
        word,
      ]);
    },
  );

  it('a tail followed by words keeps the words', () => {
    const cut = Math.round(openai.length * 0.9);
    const { value } = maskLeaks(
      reply(`key ${openai.slice(0, cut)}`, `${openai.slice(cut)} is the key`),
    );
    expect(value.segments[1]).toEqual({ type: 'text', data: { text: `${LEAK_MASK} is the key` } });
  });

  it('a whole key followed by a word in the next segment leaves the word', () => {
    const { value } = maskLeaks(reply(`key ${openai}`, 'nothing here'));
    expect(value.segments[1]).toEqual({ type: 'text', data: { text: 'nothing here' } });
    const { value: capital } = maskLeaks(reply(`key ${openai}`, 'thanks'));
    expect(capital.segments[1]).toEqual({ type: 'text', data: { text: 'thanks' } });
  });

  // Where a key's end is ambiguous (the next segment starts with characters of its alphabet), a
  // plain word (two letters or more, no digit, no capital after a small letter) is the reader's
  // word and stays; anything else there reads as the key going on, and is masked with it.
  it.each(['Thanks!', 'OK', 'done.', 'nothing-else here', 'see below'])(
    'a whole key (and a JWT) followed by the word-like %s leaves it',
    (word) => {
      for (const key of [openai, keys.JWT!]) {
        const { value } = maskLeaks(reply(`key ${key}`, word));
        expect(value.segments[1]).toEqual({ type: 'text', data: { text: word } });
      }
    },
  );
  it.each(['Q', 'x', '7', 'v2 is next', 'aB', 'k_9'])(
    'a whole key followed by %s reads as its tail: masked',
    (next) => {
      const { value } = maskLeaks(reply(`key ${openai}`, next));
      expect(value.segments[1]!.data.text.startsWith(LEAK_MASK)).toBe(true);
      expect(value.segments[1]!.data.text).toBe(next.replace(/^\S+/, LEAK_MASK));
    },
  );
});

describe('what only sits next to a key stays', () => {
  it('a paragraph after a blank line', () => {
    const { value } = maskLeaks({ text: `${github}\n\nghp_ tokens are secret.` });
    expect(value.text).toBe(`${LEAK_MASK}\n\nghp_ tokens are secret.`);
  });

  it('the label before a key and the words around it on one line', () => {
    const { value } = maskLeaks({ text: `Authorization: Bearer ${github} was revoked today` });
    expect(value.text).toBe(`Authorization: Bearer ${LEAK_MASK} was revoked today`);
  });

  it('lines wrapped with blank lines after lines read one after another', () => {
    const text = `${wrap(github, 20, '\n')}\n\n${'x2'.repeat(10)}`;
    const { value } = maskLeaks({ text });
    expect(value.text.endsWith(`\n\n${'x2'.repeat(10)}`)).toBe(true);
  });
});

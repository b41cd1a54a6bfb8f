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

  // Cut before the rule's shortest match ends: the joined finding is the only one, whole. (A cut
  // after it, at 0.9, still delivers the tail: the progress views would have to hold it back.)
  it.each([0.33, 0.5, 0.67])('an OpenAI key cut at %f of its length', (at) => {
    const cut = Math.round(openai.length * at);
    const { value } = maskLeaks(reply(`key ${openai.slice(0, cut)}`, openai.slice(cut)));
    expect(JSON.stringify(value)).not.toContain(openai.slice(0, cut));
    expect(JSON.stringify(value)).not.toContain(openai.slice(cut));
  });

  it('a whole key followed by a word in the next segment leaves the word', () => {
    const { value } = maskLeaks(reply(`key ${openai}`, 'nothing here'));
    expect(value.segments[1]).toEqual({ type: 'text', data: { text: 'nothing here' } });
    const { value: capital } = maskLeaks(reply(`key ${openai}`, 'thanks'));
    expect(capital.segments[1]).toEqual({ type: 'text', data: { text: 'thanks' } });
  });
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

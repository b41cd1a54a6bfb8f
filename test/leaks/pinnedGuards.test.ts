import { describe, expect, it } from 'vitest';
import { LEAK_RULES } from '../../src/leaks/leakRules';
import { redactText } from '../../src/leaks/redactText';
import { scanText } from '../../src/leaks/scanText';
import { random } from './ruleSamples';

// Guards of issue 28's audit that no test pinned (each passed the suite when broken by a
// one-line edit). Each test here failed with its guard broken: DEL dropped from the survey's and
// the reader view's invisible controls; percentDecoded's bound `k + 3 <= limit` made `<`;
// decodeBase64Run's probe allowance (`probe ? 3 : 0`) made 0; the survey's MIN_CUT_TAIL made 7.
const token = `ghp_${random(36)}`;
const rulesOf = (text: string) => scanText(text, LEAK_RULES).map((f) => f.rule);
const utf8Base64 = (text: string) => {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
};

describe('U+007F (DEL) splitting a token is read through', () => {
  it.each([
    ['as a character', '\u007f'],
    ['as a decimal character reference', '&#127;'],
    ['as a hexadecimal character reference', '&#x7F;'],
    ['percent-encoded', '%7F'],
    ['percent-encoded in lower case', '%7f'],
  ])('%s', (_how, del) => {
    for (const cut of [4, 12, 30]) {
      const text = `deploy with ${token.slice(0, cut)}${del}${token.slice(cut)} today`;
      expect(rulesOf(text), JSON.stringify(text)).toContain('github-token');
      const masked = redactText(text);
      expect(masked).not.toContain(token.slice(cut, cut + 8));
      expect(masked).toContain('[REDACTED]');
    }
  });
});

describe('a token whose last character is percent-encoded at the very end of a text', () => {
  it.each([
    ['upper-case hex', (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`],
    ['lower-case hex', (c: string) => `%${c.charCodeAt(0).toString(16)}`],
  ])('is masked whole by redactText (%s)', (_how, encode) => {
    const text = `token ${token.slice(0, -1)}${encode(token.at(-1)!)}`;
    expect(redactText(text)).toBe('token [REDACTED]');
  });

  it('and so is one whose last two characters are', () => {
    const tail = [...token.slice(-2)].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
    expect(redactText(`x=${token.slice(0, -2)}${tail}`)).toBe('x=[REDACTED]');
  });
});

describe('base64 of text with a multi-byte character at the 48th byte', () => {
  // The first 64 base64 characters (48 bytes) are decoded first to tell text from binary: a
  // character cut at that boundary is text, not binary.
  it.each([
    ['é (2 bytes)', 'é'],
    ['€ (3 bytes)', '€'],
    ['😀 (4 bytes)', '😀'],
  ])('%s starting on each of the bytes before the boundary', (_char, char) => {
    const bytes = new TextEncoder().encode(char).length;
    for (let start = 48 - bytes + 1; start <= 47; start++) {
      const text = `${'n'.repeat(start)}${char} the key is ${token} ok`;
      const encoded = utf8Base64(text);
      expect(rulesOf(`payload ${encoded} end`), `${char} at byte ${start}`).toContain(
        'github-token',
      );
    }
  });

  it('(control) the same text with the character earlier is found too', () => {
    const encoded = utf8Base64(`é${'n'.repeat(46)} the key is ${token} ok`);
    expect(rulesOf(`payload ${encoded} end`)).toContain('github-token');
  });
});

describe('a token wrapped after exactly 6 characters', () => {
  it.each([6, 7, 12])('is found when the first line holds %i of it', (head) => {
    const text = `Here is the deploy key ${token.slice(0, head)}\n${token.slice(head)} and more.`;
    expect(rulesOf(text)).toContain('github-token');
    expect(redactText(text)).not.toContain(token.slice(head, head + 10));
  });

  it('in a reply of several lines, after a sentence', () => {
    const text = `Use the token below.\nIt is: ${token.slice(0, 6)}\n${token.slice(6)}\nThanks.`;
    expect(rulesOf(text)).toContain('github-token');
  });
});

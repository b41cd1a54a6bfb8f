import { describe, expect, it } from 'vitest';
import { scanText } from '../../src/leaks/scanText';
import { MAX_RATIO, fill, growthRatio } from './complexity';
import { RULES, TOKEN } from './nearMatches';

// Issues 28 and 32, "bad input": the first pass, the decoders and the joined views stay linear
// on 1 MB of whatever makes each of them work hardest — a keyword's prefix over and over, one
// long run of base64 or of `%`, look-alikes, line breaks, every encoding the decoders read,
// nested encodings, and the wrapped forms whose seams are judged one by one.
const UNITS: Record<string, string[]> = {
  'a keyword prefix over and over': ['ghp', 'sk-an', 'glpa', 'AKIA', 'eyJ', 'key='],
  'one long run': ['QUJDRA', '%', 'a', '='],
  // (look-alikes of every kind: normalisedLinearTime.complexity.test.ts)
  'lone surrogates': ['\ud800', 'a\ud800'],
  // Found after the loop, and merged with the loop's points (`markerPoints`).
  'markers among points': ['*', 'a*b%41', '`a`\\x67', '\ud800*'],
  'line breaks': ['\n', '\r\n', 'a\n', ' \n> '],
  'escapes and byte encodings': [
    '%41',
    '%25',
    '%25%32%35',
    '\\x67',
    '\\u0067',
    '\\u{67}',
    '=5F',
    'ab=\n',
  ],
  'separated units': ['a ', 'a\u00a0', '67 ', '0x67, ', '0x67 ', 'ab '],
  'wrapped and encoded secrets': [
    `${btoa('x'.repeat(75))}\n`,
    `${TOKEN.slice(0, 20)}\n${TOKEN.slice(20)}\n`,
    'https://example.com/a/0\nArticle 0\n',
    `${TOKEN.replace('_', '=5F')}=\n`,
    `1. eyJhbGciOiJIUzI1\n`,
    `${[...TOKEN].join(' ')}\n`,
  ],
};

// Shares the two cores with other test files: a retry absorbs a stall; a superlinear pass fails every try.
describe('the first pass, decoders and joins run in linear time on 1 MB', { retry: 2 }, () => {
  it.each(Object.entries(UNITS))('%s', (_name, units) => {
    for (const unit of units) {
      const ratio = growthRatio(
        (text) => scanText(text, RULES),
        (size) => fill(unit, size),
      );
      expect(ratio, JSON.stringify(unit)).toBeLessThan(MAX_RATIO);
    }
  });

  it('nested encodings: base64 of hex of percent-encoding of a secret, repeated', () => {
    const percent = [...TOKEN].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
    const hex = [...percent].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('');
    const unit = `${btoa(hex)} `;
    expect(
      growthRatio(
        (text) => scanText(text, RULES),
        (size) => fill(unit, size),
      ),
    ).toBeLessThan(MAX_RATIO);
  });
});

import { describe, expect, it } from 'vitest';
import { isEscapable, quotedPrintableAt } from '../../src/leaks/decodeEscape';
import { isLetter, isLower, isTokenChar, lowerCaseWord } from '../../src/leaks/tokenChars';

// The scanner's character classes are written once and shared (tokenChars.ts): each is pinned
// here against the class it stands for, over every code unit and NaN (a read past the end).
const units = [...Array.from({ length: 0x10000 }, (_, code) => code), Number.NaN];
const matches = (pattern: RegExp, code: number) =>
  !Number.isNaN(code) && pattern.test(String.fromCharCode(code));

describe('character classes', () => {
  it.each([
    ['isLower', isLower, /^[a-z]$/],
    ['isLetter', isLetter, /^[A-Za-z]$/],
    ['isTokenChar', isTokenChar, /^[A-Za-z0-9+/=_-]$/],
    ['isEscapable', isEscapable, /^[!-/:-@[-`{-~]$/],
  ] as const)('%s is its class over every code unit', (_, is, pattern) => {
    for (const code of units) expect(is(code), String(code)).toBe(matches(pattern, code));
  });

  it('lowerCaseWord: lower-case letters only, or nothing', () => {
    expect(lowerCaseWord('key token', 0, 3)).toBe(true);
    expect(lowerCaseWord('key token', 0, 0)).toBe(true);
    expect(lowerCaseWord('key token', 0, 4)).toBe(false);
    expect(lowerCaseWord('Key', 0, 3)).toBe(false);
    expect(lowerCaseWord('key{', 0, 4)).toBe(false);
    expect(lowerCaseWord('key`', 0, 4)).toBe(false);
    // Read past the end (NaN) is no lower-case letter (the copy it replaced counted it as one).
    expect(lowerCaseWord('ab', 0, 3)).toBe(false);
  });

  it('a quoted-printable escape of an ASCII byte is a space or punctuation, never a letter or digit', () => {
    for (let byte = 0; byte < 0x80; byte++) {
      const hex = byte.toString(16).toUpperCase().padStart(2, '0');
      const text = `a=${hex}b`;
      expect(quotedPrintableAt(text, 1, text.length), hex).toBe(matches(/^[ -/:-@[-`{-~]$/, byte));
    }
  });
});

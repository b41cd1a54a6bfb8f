import { describe, expect, it } from 'vitest';
import { quoteOutbound } from '../../src/leaks/quoteOutbound';
import { QUOTE_SOURCE_MAX, quoteSource } from '../../src/leaks/quoteSource';
import { redactText } from '../../src/leaks/redactText';
import { random } from '../leaks/ruleSamples';
import { errorBody, leakedPiece, literalsOf, secretCases } from './outboundSecrets';

// Issue 26, item 1: an upstream's error text was cut to 120 characters, then masked, so a secret
// cut by the limit was no longer recognised. quoteOutbound masks first, then cuts at a boundary
// the scanner saw.
const cases = secretCases();
const leaks = { literals: literalsOf(cases) };
const OFFSETS = Array.from({ length: 221 }, (_, index) => index);

describe('quoteOutbound: masked first, then shortened', () => {
  it.each(cases.map((item) => [item.name, item] as const))(
    '%s at every offset across the cut leaves no piece of 8 characters',
    (_name, item) => {
      const leaked: string[] = [];
      for (const offset of OFFSETS) {
        const text = `upstream answered 401: ${errorBody(item.text, offset)}`;
        const quoted = quoteOutbound(text, { max: 150, leaks });
        expect(quoted.length).toBeLessThanOrEqual(151);
        const piece = leakedPiece(quoted, [item]);
        if (piece) leaked.push(`offset ${offset}: ${piece}`);
      }
      expect(leaked).toEqual([]);
    },
  );

  it('the old order (cut, then mask) leaks at some offsets: the check above can see a leak', () => {
    let leaked = 0;
    for (const item of cases)
      for (const offset of OFFSETS) {
        const text = `upstream answered 401: ${errorBody(item.text, offset)}`;
        if (leakedPiece(redactText(text.slice(0, 150), leaks), [item])) leaked++;
      }
    expect(leaked).toBeGreaterThan(100);
  });

  it('masks a piece of a host key that an upstream quotes in part', () => {
    const key = `sk-proj-${random(64)}`;
    const hex = random(32, '0123456789abcdef');
    const options = { leaks: { literals: [key, hex] } };
    const partial = `Incorrect API key provided: ${key.slice(0, 16)}****${key.slice(-4)}.`;
    expect(quoteOutbound(partial, options)).toBe(
      'Incorrect API key provided: [REDACTED]****' + `${key.slice(-4)}.`,
    );
    expect(quoteOutbound(`key ${hex.slice(3, 13)} refused`, options)).toBe(
      'key [REDACTED] refused',
    );
    // Shorter than a piece, or not a key's (a literal with blanks, a prompt), stays.
    expect(quoteOutbound(`key ${hex.slice(0, 7)} refused`, options)).toBe(
      `key ${hex.slice(0, 7)} refused`,
    );
    const prompt = { leaks: { literals: ['You are the support bot of Example Corp'] } };
    expect(quoteOutbound('You are the support bot', prompt)).toBe('You are the support bot');
  });

  it('keeps a mask whole or leaves it out, and never cuts inside a run', () => {
    const token = `ghp_${random(36)}`;
    // The cut falls inside the mask: the mask is left out whole.
    expect(quoteOutbound(`ab ${token} tail`, { max: 8 })).toBe('ab …');
    expect(quoteOutbound(`ab ${token} tail`, { max: 13 })).toBe('ab [REDACTED]…');
    // The cut falls inside a run the scanner did not recognise: the run is left out whole.
    expect(quoteOutbound('id abcdefghijklmnopqrstuvwxyz0123456789 end', { max: 10 })).toBe('id …');
    expect(quoteOutbound('one two three', { max: 7 })).toBe('one two…');
    // A surrogate pair is inside a run: never split.
    expect(quoteOutbound('say 😀😀😀', { max: 6 })).toBe('say …');
    // Short enough: left as it is.
    expect(quoteOutbound('short', { max: 5 })).toBe('short');
  });

  it('with leak scanning off masks nothing, but still cuts at a boundary', () => {
    const token = `ghp_${random(36)}`;
    expect(quoteOutbound(`see ${token}`, { leaks: false })).toBe(`see ${token}`);
    expect(quoteOutbound(`see ${token} more`, { leaks: false, max: 20 })).toBe('see …');
  });

  it('reads only the first 8 KiB of a text (a bound, far past any quote)', () => {
    const text = `a ${'b '.repeat(QUOTE_SOURCE_MAX)}`;
    expect(quoteSource(text)).toBe(`${text.slice(0, QUOTE_SOURCE_MAX)}…`);
    expect(quoteSource('short')).toBe('short');
    expect(quoteOutbound(text, { max: 5 })).toBe('a b b…');
  });

  it('reads as far as quoteSource, whose bound quoteOutboundOf writes again (a chunk less)', () => {
    // Shown no further than it (`max` aside)…
    const plain = 'x '.repeat(QUOTE_SOURCE_MAX).slice(0, QUOTE_SOURCE_MAX + 1);
    expect(quoteOutbound(plain, { max: Infinity, leaks: false })).toBe(
      `${plain.slice(0, QUOTE_SOURCE_MAX)}…`,
    );
    // …and a host literal cut by the bound is read no further than quoteSource reads it.
    const literal = 'Zq8vLm3Xw9Pt';
    const text = `${'a '.repeat(QUOTE_SOURCE_MAX / 2 - 4)}${literal} tail`;
    const quoted = quoteOutbound(text, { max: Infinity, leaks: { literals: [literal] } });
    expect(quoted).toBe(
      quoteOutbound(quoteSource(text), { max: Infinity, leaks: { literals: [literal] } }),
    );
    expect(quoted.length).toBeLessThanOrEqual(QUOTE_SOURCE_MAX + 1);
  });
});

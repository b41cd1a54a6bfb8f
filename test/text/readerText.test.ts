import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readerText } from '../../src/text/readerText';
import { sourceIndex } from '../../src/text/sourceIndex';

const BIDI = ['\u061c', '\u200e', '\u200f', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e'];
const ISOLATES = ['\u2066', '\u2067', '\u2068', '\u2069'];
const INVISIBLE = [
  '\u00ad', // soft hyphen
  '\u034f', // combining grapheme joiner
  '\u200b', // zero-width space
  '\u2060', // word joiner
  '\u2064', // invisible plus
  '\ufeff', // byte order mark
  '\u3164', // Hangul filler
  '\ufff9', // interlinear annotation anchor
  '\ufffa', // interlinear annotation separator
  '\ufffb', // interlinear annotation terminator
  '\ufffc', // object replacement
  '\u0007', // bell (C0)
  '\u001b', // escape (C0)
  '\u0085', // next line (C1)
  '\u{e0041}', // tag letter A: "ASCII smuggling"
];

describe('readerText', () => {
  it.each([...BIDI, ...ISOLATES, ...INVISIBLE])('removes %j between ASCII characters', (char) => {
    const view = readerText(`ghp_${char}abc`);
    expect(view.text).toBe('ghp_abc');
    expect(view.removed).toEqual(Array.from({ length: char.length }, (_, k) => 4 + k));
  });

  it('keeps what shapes a visible character: emoji joiners, Persian ZWNJ, emoji and keycap selectors, flag tags', () => {
    for (const kept of [
      '👩\u200d💻',
      'می\u200cخواهم',
      '❤\ufe0f',
      '1\ufe0f\u20e3',
      '🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}',
      'tab\tand\nlines\r\n',
    ]) {
      expect(readerText(kept)).toEqual({ text: kept, removed: [] });
    }
  });

  it('removes a joiner or selector that joins nothing visible', () => {
    expect(readerText('a\u200db').text).toBe('ab');
    expect(readerText('a\u200c\u200db').text).toBe('ab');
    expect(readerText('x\ufe0fy').text).toBe('xy');
    expect(readerText('a\u{e0067}b').text).toBe('ab');
  });

  it('keeps only the tags of a subdivision flag: a run of tags after a 🏴 hides text', () => {
    const tags = (ascii: string) =>
      [...ascii].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');
    const hidden = `🏴${tags('ghp_secret')}\u{e007f}`;
    expect(readerText(hidden).text).toBe('🏴');
    expect(readerText(`🏴${tags('gbeng')}\u{e007f}${tags('x')}`).text).toBe(
      `🏴${tags('gbeng')}\u{e007f}`,
    );
    expect(readerText(`🏴${tags('gbeng')}`).text).toBe('🏴');
  });

  it('returns the same string when nothing is hidden', () => {
    const text = 'plain text, ünïcödé and 日本語';
    expect(readerText(text).text).toBe(text);
  });

  it('maps every position of the view back to its source (property)', () => {
    const pieces = [
      'a',
      'é',
      '👩',
      '\u200d',
      '\u202e',
      '\u2066',
      '\ufff9',
      '\u0007',
      '\ufe0f',
      ' ',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 30 }), (parts) => {
        const source = parts.join('');
        const view = readerText(source);
        for (let i = 0; i < view.text.length; i++) {
          expect(source[sourceIndex(view, i)]).toBe(view.text[i]);
        }
        expect(sourceIndex(view, view.text.length)).toBe(
          source.length -
            view.removed.filter((at) => at >= sourceIndex(view, view.text.length)).length,
        );
        expect(view.text.length + view.removed.length).toBe(source.length);
      }),
      { numRuns: 500, seed: 19 },
    );
  });

  it('reads a text full of hidden characters in one pass', () => {
    const text = 'a\u200b\u202e'.repeat(100_000);
    expect(readerText(text).text).toBe('a'.repeat(100_000));
  });
});

import { describe, expect, it } from 'vitest';
import { HOLD_MAX, HOLD_WINDOW, holdBack, runStart } from '../../src/progress/holdBack';
import { markupCandidate } from '../../src/progress/markupCandidate';

const words = (count: number) => 'plain words here '.repeat(count);

describe('the run at the end of the text read', () => {
  it('breaks at a blank within a line, and at a blank line after words', () => {
    expect(runStart('one two', 7)).toBe(4);
    expect(runStart('one\ttwo', 7)).toBe(4);
    expect(runStart('a word\n\ntwo', 11)).toBe(8);
    expect(runStart('a word\r\n\r\ntwo', 13)).toBe(10);
    expect(runStart('a word\n  \n> two', 15)).toBe(12);
    // After a blank line, a line with a blank or other than secret characters is a paragraph.
    for (const [text, run] of [
      ['say KEYPART1\n\nok, two', 'two'],
      ['say KEYPART1\n\n(two)', '(two)'],
    ] as const)
      expect(runStart(text, text.length)).toBe(text.indexOf(run));
  });

  // The final scan joins a key wrapped with blank lines (lineBreaks.ts): a line of secret
  // characters after them goes on from a line that ends in a piece of one (six characters, or a
  // line of them only).
  it('goes on across blank lines from a piece of a secret to a line of secret characters', () => {
    for (const separator of ['\n\n', '\r\n\r\n', '  \n\n', '\n  \n\n', '\n\n> '])
      expect(
        runStart(`say KEYPART1${separator}KEYPART2`, `say KEYPART1${separator}KEYPART2`.length),
        JSON.stringify(separator),
      ).toBe(4);
    expect(runStart('PART\n\nPART\n\nPART', 16)).toBe(0);
  });

  it('goes on across a single line break, whatever a reader skips around it', () => {
    for (const separator of [
      '\n',
      '\r\n',
      '\r',
      '\n  ',
      '\n\t',
      '\n> ',
      '\n> > ',
      '\n- ',
      '\n12. ',
      '  \n',
      '\\\n',
      '\u2028',
    ])
      expect(
        runStart(`say KEYPART1${separator}KEYPART2`, `say KEYPART1${separator}KEYPART2`.length),
        JSON.stringify(separator),
      ).toBe(4);
  });

  it('does not end at blanks that end the text (a line break may follow them)', () => {
    expect(runStart('say KEYPART1  ', 14)).toBe(4);
  });
});

describe('holdBack', () => {
  it('holds back the window, and a run at the end back to its start', () => {
    const line = 'K'.repeat(55);
    const text = `${words(20)}${line}\n${line}`;
    expect(holdBack(text).cut).toBe(text.indexOf(line));
    const plain = `${words(20)}end`;
    expect(holdBack(plain).cut).toBe(plain.length - HOLD_WINDOW);
  });

  it('holds a key cut by one line break whole (a single line break does not end a run)', () => {
    const key = 'Q'.repeat(60);
    const text = `${words(20)}${key}\n${key}`;
    expect(holdBack(text)).toEqual({ cut: text.indexOf(key), masks: [] });
  });

  it('masks a run too long to hold from its first character, up to the cut', () => {
    const run = `${'Z'.repeat(100)}\r\n${'Z'.repeat(100)}`;
    const text = `${words(20)}${run}`;
    const held = holdBack(text);
    expect(text.length - held.cut).toBeLessThanOrEqual(HOLD_MAX);
    expect(held.masks).toEqual([text.indexOf(run), held.cut]);
  });

  it('masks a tag still being written past the hold-back, holds one within it', () => {
    const text = `${words(20)}<tool_call name="x" args="${'a'.repeat(200)}`;
    const start = text.indexOf('<tool_call');
    const held = holdBack(text, start);
    expect(held.masks).toContain(start);
    expect(text.length - held.cut).toBeLessThanOrEqual(HOLD_MAX);
    const short = `${words(20)}<tool_call name="${'x'.repeat(100)}`;
    expect(holdBack(short, short.indexOf('<')).cut).toBe(short.indexOf('<'));
  });
});

describe('markupCandidate', () => {
  it('finds the first opener nothing after it decided', () => {
    expect(markupCandidate('a <b> c')).toBeUndefined();
    expect(markupCandidate('a <b c')?.at).toBe(2);
    expect(markupCandidate('x < y <tool_call a=1')?.at).toBe(6);
    expect(markupCandidate('[link](x) and [TOOL_CALLS')?.closers).toEqual([']']);
    expect(markupCandidate('＜tool_call a=1')?.at).toBe(0);
  });

  it('takes anything that may read as an opener, with every closer', () => {
    for (const text of ['a &lt;tool', 'a &#60;tool', 'a \\<tool', 'a %3Ctool', 'a \\u003ctool'])
      expect(markupCandidate(text)?.closers.length, text).toBeGreaterThan(4);
    expect(markupCandidate('Q&A and 50% off')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { checkReply, maskOutbound } from '../../src/index';
import { LEAK_RULES } from '../../src/leaks/leakRules';
import { scanText } from '../../src/leaks/scanText';
import { checkCustomReply } from '../../src/reply/checkCustomReply';
import { prepareSchema } from '../../src/schema/customSchema';
import { BIDI_CONTROLS, INVISIBLE_CONTROLS } from '../../src/text/hiddenCharacters';
import { removeHiddenCharacters } from '../../src/text/removeHiddenCharacters';
import { random } from '../leaks/ruleSamples';

// The one rule: the core removes bidirectional controls (and invisible controls, and tag
// characters outside a subdivision flag) from every string and member name it delivers, before
// it scans them, so what any client displays is what was scanned.
const BIDI = [
  '\u061c',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
].concat(['\u2066', '\u2067', '\u2068', '\u2069']);
const INVISIBLE = [
  '\u0001',
  '\u0008',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009b',
  '\ufff9',
  '\ufffa',
  '\ufffb',
  '\ufffc',
];
const tag = (text: string) =>
  [...text].map((char) => String.fromCodePoint(0xe0000 + char.charCodeAt(0))).join('');
const flag = (code: string) => `\u{1f3f4}${tag(code)}\u{e007f}`;
const anyBidi = new RegExp(`[${BIDI_CONTROLS}]`);
const anyInvisible = new RegExp(`[${INVISIBLE_CONTROLS}]`);

const reply = (...segments: object[]) => JSON.stringify({ segments });
const text = (value: string) => ({ type: 'text', data: { text: value } });

describe('removeHiddenCharacters', () => {
  it.each(BIDI.map((char) => [`U+${char.charCodeAt(0).toString(16)}`, char]))(
    'removes the bidirectional control %s',
    (_name, char) => {
      expect(removeHiddenCharacters(`a${char}b`)).toEqual({
        text: 'ab',
        bidi: true,
        invisible: false,
      });
    },
  );

  it.each(INVISIBLE.map((char) => [`U+${char.charCodeAt(0).toString(16)}`, char]))(
    'removes the invisible control %s',
    (_name, char) => {
      expect(removeHiddenCharacters(`a${char}b`)).toEqual({
        text: 'ab',
        bidi: false,
        invisible: true,
      });
    },
  );

  it('removes tag characters, but keeps the subdivision flags they spell', () => {
    expect(removeHiddenCharacters(`hi${tag('ghp_secret')}!`)?.text).toBe('hi!');
    for (const code of ['gbeng', 'gbsct', 'gbwls'])
      expect(removeHiddenCharacters(`go ${flag(code)}!`)).toBeUndefined();
    expect(removeHiddenCharacters(`go ${flag('usca')}`)?.text).toBe('go \u{1f3f4}');
  });

  it.each([
    ['a family emoji (zero-width joiners)', '👨\u200d👩\u200d👧'],
    ['an emoji with its variation selector', '❤\ufe0f and ☺\ufe0e'],
    ['Persian with a zero-width non-joiner', 'می\u200cخواهم'],
    ['a soft hyphen and a zero-width space (Thai line breaking)', 'hy\u00adphen ภาษา\u200bไทย'],
    ['Arabic and Hebrew, right to left without any control', 'مرحبا بالعالم — שלום עולם'],
    ['tabs and line ends', 'a\tb\r\nc\n'],
  ])('keeps %s as it is', (_name, value) => {
    expect(removeHiddenCharacters(value)).toBeUndefined();
  });
});

describe('what any client displays is what was scanned', () => {
  const token = `ghp_${random(36)}`;
  const reversed = [...token].reverse().join('');

  it('a secret written backwards behind U+202E is delivered as the harmless reversed text', async () => {
    const result = await checkReply(reply(text(`see \u202e${reversed}\u202c ok`)));
    expect(result.status).toBe('completed');
    expect(result.value!.segments[0]).toEqual(text(`see ${reversed} ok`));
    expect(result.findings).toEqual([
      { code: 'HIDDEN_CHARACTERS_REMOVED', rule: 'bidi-control', path: '/segments/0/data/text' },
    ]);
    expect(result.meta.stage).toBe('post_guardrail');
  });

  it('every delivered string loses its controls: text, Markdown, share title and url, file names, mention targets', async () => {
    const rlo = '\u202e';
    const result = await checkReply(
      reply(
        text(`a${rlo}b`),
        { type: 'markdown', data: { content: `**x**${rlo}y\u2066z` } },
        {
          type: 'share',
          data: { url: `https://example.com/${rlo}moc.live`, title: `Bank${rlo}moc.evil` },
        },
        { type: 'file', data: { media: { kind: 'file', value: `invoice${rlo}fdp.exe` } } },
        { type: 'mention', data: { target: `42${rlo}` } },
        text(`tail\u2069`),
      ),
    );
    expect(result.status).toBe('completed');
    const delivered = JSON.stringify(result.value);
    expect(delivered).not.toMatch(anyBidi);
    expect(result.value!.segments[3]).toEqual({
      type: 'file',
      data: { media: { kind: 'file', value: 'invoicefdp.exe' } },
    });
    expect(result.findings.map((f) => f.path)).toEqual([
      '/segments/0/data/text',
      '/segments/1/data/content',
      '/segments/2/data/url',
      '/segments/2/data/title',
      '/segments/3/data/media/value',
      '/segments/4/data/target',
      '/segments/5/data/text',
    ]);
  });

  it('a mention is checked against the members as delivered, after its controls are gone', async () => {
    const allowed = await checkReply(reply({ type: 'mention', data: { target: '4\u200e2' } }), {
      mentions: { allowed: ['42'] },
    });
    expect(allowed.status).toBe('completed');
    expect(allowed.value!.segments[0]).toEqual({ type: 'mention', data: { target: '42' } });
  });

  it.each([
    [
      'interlinear annotation',
      (s: string) => `${s.slice(0, 12)}\ufff9${s.slice(12, 20)}\ufffa\ufffb${s.slice(20)}`,
    ],
    ['object replacement', (s: string) => `${s.slice(0, 9)}\ufffc${s.slice(9)}`],
    ['C0 controls', (s: string) => `${s.slice(0, 9)}\u0001${s.slice(9, 30)}\u001f${s.slice(30)}`],
    [
      'C1 controls and DEL',
      (s: string) => `${s.slice(0, 9)}\u0085\u009b${s.slice(9, 20)}\u007f${s.slice(20)}`,
    ],
    ['tag characters', (s: string) => `${s.slice(0, 9)}${tag('x')}${s.slice(9)}`],
    [
      'a Hangul filler and a Mongolian vowel separator',
      (s: string) => `${s.slice(0, 9)}\u3164${s.slice(9, 15)}\u180e${s.slice(15)}`,
    ],
  ])(
    'a secret with %s between its characters is found as if they were not there',
    async (_name, hide) => {
      const written = hide(token);
      expect(scanText(`key ${written} end`, LEAK_RULES).map((f) => f.rule)).toContain(
        'github-token',
      );
      // Delivered: the hidden characters removed, the secret masked whole.
      const result = await checkReply(reply(text(`key ${written} end`)));
      const delivered = (result.value!.segments[0]!.data as { text: string }).text;
      expect(delivered).toBe('key [REDACTED] end');
      expect(delivered).not.toMatch(anyInvisible);
    },
  );

  it('custom schemas: strings and member names are cleaned, and two names made equal are an issue', async () => {
    const prepared = await prepareSchema({ type: 'object' });
    if (!prepared.ok) throw new Error('schema');
    const clean = await checkCustomReply(
      JSON.stringify({ ['ti\u202etle']: 'a\u2066b', list: ['c\u0001d'] }),
      prepared.schema,
    );
    expect(clean).toMatchObject({ ok: true, value: { title: 'ab', list: ['cd'] }, masked: true });
    expect(clean.findings.map((f) => [f.rule, f.path, f.memberName])).toEqual([
      ['bidi-control', '/ti\u202etle', true],
      ['bidi-control', '/ti\u202etle', undefined],
      ['invisible-character', '/list/0', undefined],
    ]);
    const colliding = await checkCustomReply(
      JSON.stringify({ name: 1, ['na\u200eme']: 2 }),
      prepared.schema,
    );
    expect(colliding).toMatchObject({
      ok: false,
      issues: [{ code: 'MASKED_NAME_COLLISION', path: '' }],
      masked: true,
    });
    expect(colliding.value).toBeUndefined();
  });

  it('maskOutbound cleans any value, even with leak scanning off', () => {
    const { value, findings, issues } = maskOutbound({ a: ['x\u202ey'] }, { leaks: false });
    expect(value).toEqual({ a: ['xy'] });
    expect(findings).toHaveLength(1);
    expect(issues).toEqual([]);
  });
});

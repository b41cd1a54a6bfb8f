import { describe, expect, it } from 'vitest';
import { findMarkup } from '../../src/hygiene/findMarkup';
import { LEAK_RULES } from '../../src/leaks/leakRules';
import { LEAK_MASK, maskLeaks, scanLeaks } from '../../src/leaks/maskLeaks';
import { scanText } from '../../src/leaks/scanText';
import { random } from './ruleSamples';

// The model is the adversary: a secret written so that the raw bytes do not match a rule, but
// the reader (or a renderer, or a URL decoder) gets it back. Each must be found, and masking
// must remove the whole original run, so no piece of the secret is delivered.
const token = `ghp_${random(36)}`;
const core = token.slice(6, 30);
const fullWidth = (text: string) =>
  text.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
const mathBold = (text: string) =>
  text.replace(/[a-z]/g, (c) => String.fromCodePoint(0x1d41a + c.charCodeAt(0) - 97));
const at = (k: number, insert: string) => token.slice(0, k) + insert + token.slice(k);

const SMUGGLED: Record<string, string> = {
  'zero-width space': at(12, '\u200b'),
  'zero-width joiner and word joiner': at(8, '\u200d').replace(
    token.slice(20, 21),
    `${token.slice(20, 21)}\u2060`,
  ),
  'soft hyphen': at(10, '\u00ad'),
  'bidi override': `\u202e${token}\u202c`,
  'variation selector': at(15, '\ufe0f'),
  'full-width forms': fullWidth(token),
  'mathematical letters': mathBold(token),
  'Cyrillic look-alikes': token.replace('p_', '\u0440_').replace(/a/g, '\u0430'),
  'Greek look-alikes': token.replace(/o/g, '\u03bf'),
  'a combining mark on a letter': at(11, '\u0301'),
  'numeric character reference': token.replace('_', '&#x5f;'),
  'decimal character reference': token.replace('_', '&#95;'),
  'named character reference': token.replace('_', '&lowbar;'),
  'Markdown backslash escape': token.replace('_', '\\_'),
  'percent-encoding': token.replace('_', '%5F'),
  'percent-encoded zero-width space': at(12, '%E2%80%8B'),
  'Markdown emphasis markers': `${token.slice(0, 12)}**${token.slice(12, 20)}**${token.slice(20)}`,
  'a code span': `${token.slice(0, 14)}\`${token.slice(14)}\``,
  'strikethrough markers': `${token.slice(0, 14)}~~${token.slice(14)}~~`,
  'line wraps': `${token.slice(0, 20)}\n${token.slice(20)}`,
  'a Markdown hard break and a quote': `> ${token.slice(0, 20)}  \n> ${token.slice(20)}`,
};

describe('a secret smuggled past the raw bytes is found and masked whole', () => {
  it.each(Object.entries(SMUGGLED))('%s', (_name, written) => {
    const text = `here it is: ${written} — enjoy`;
    expect(scanText(text, LEAK_RULES).map((f) => f.rule)).toContain('github-token');
    const masked = maskLeaks({ text }).value.text;
    expect(masked).toContain(LEAK_MASK);
    expect(masked.normalize('NFKC')).not.toContain(core.slice(0, 8));
    expect(masked).toMatch(/^here it is: .*— enjoy$/s);
  });

  it.each([
    ['base64', btoa(`my key is ${token}`)],
    [
      'base64url, unpadded',
      btoa(`my key: ${token}!`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''),
    ],
    ['base64 after a name', `note=${btoa(`token ${token}`)}`],
  ])('%s of a text holding a secret: the whole run is masked', (_name, written) => {
    const { value, findings } = maskLeaks({ text: `see ${written} please` });
    expect(findings.map((f) => f.rule)).toContain('github-token');
    expect(value.text).toMatch(/^see (?:note=)?\[REDACTED\] please$/);
  });

  it('masks the raw finding and the normalised one as one span, reported once', () => {
    const findings = scanLeaks({ text: `a ${token} and ${SMUGGLED['zero-width space']}` });
    expect(findings.map((f) => [f.rule, f.start])).toEqual([
      ['github-token', 2],
      ['github-token', 2 + token.length + 5],
    ]);
  });
});

describe('case: prefilters match every case the rule does', () => {
  it.each([
    ['PassWord = "Xk9mQ2pL7vR4"', 'password-assignment'],
    [`AwS_SeCrEt_AcCeSs_KeY = ${random(40)}`, 'aws-secret-access-key'],
    [`bEaReR ${random(32)}`, 'bearer-token'],
    [`AuthoriZation: Basic ${btoa(`svc:${random(12)}`)}`, 'authorization-header'],
    [`API_TOKEN=${random(32)}7`, 'high-entropy-assignment'],
    [`vAuLt_ToKeN: s.${random(22)}1a`, 'vault-legacy-token'],
  ])('%s', (text, rule) => {
    expect(scanText(text, LEAK_RULES).map((f) => f.rule)).toContain(rule);
  });
});

describe('split across segments', () => {
  const reply = (first: string, second: string, secondType = 'text') => ({
    segments: [
      { type: 'text', data: { text: first } },
      secondType === 'markdown'
        ? { type: 'markdown', data: { content: second } }
        : { type: 'text', data: { text: second } },
    ],
  });

  it('masks every piece of a secret cut across two text segments, each with its own pointer', () => {
    const { value, findings } = maskLeaks(
      reply(`my key is ${token.slice(0, 9)}`, `${token.slice(9)} ok`),
    );
    expect(findings.map((f) => [f.rule, f.path, f.start, f.end])).toEqual([
      ['github-token', '/segments/0/data/text', 10, 19],
      ['github-token', '/segments/1/data/text', 0, token.length - 9],
    ]);
    expect(value.segments.map((s) => (s.data as { text: string }).text)).toEqual([
      'my key is [REDACTED]',
      '[REDACTED] ok',
    ]);
  });

  it('joins a Markdown segment with a text segment, emphasis markers aside', () => {
    const { value } = maskLeaks(
      reply(`token: ${token.slice(0, 3)}`, `**${token.slice(3)}** done`, 'markdown'),
    );
    expect(JSON.stringify(value)).not.toContain(token.slice(3, 20));
  });

  it('joins share titles with the text around them', () => {
    const value = {
      segments: [
        { type: 'text', data: { text: `key ${token.slice(0, 10)}` } },
        { type: 'share', data: { url: 'https://example.com', title: token.slice(10) } },
      ],
    };
    expect(scanLeaks(value).map((f) => f.path)).toEqual([
      '/segments/0/data/text',
      '/segments/1/data/title',
    ]);
  });

  it('does not join what the reader sees apart: a mention, an image, a url', () => {
    const value = {
      segments: [
        { type: 'text', data: { text: `a ${token.slice(0, 12)}` } },
        { type: 'mention', data: { target: '42' } },
        { type: 'text', data: { text: token.slice(12) } },
      ],
    };
    expect(scanLeaks(value)).toEqual([]);
  });

  it('does not run a whole token on into the next segment', () => {
    const { value } = maskLeaks(reply(`key ${token}`, 'nothing here'));
    expect(value.segments[1]).toEqual({ type: 'text', data: { text: 'nothing here' } });
  });

  it('joins adjacent strings of any other value in document order', () => {
    const { value, findings } = maskLeaks({
      title: `key ${token.slice(0, 8)}`,
      body: token.slice(8),
      note: 'fine',
    });
    expect(findings.map((f) => f.path)).toEqual(['/title', '/body']);
    expect(value).toEqual({ title: 'key [REDACTED]', body: '[REDACTED]', note: 'fine' });
  });
});

describe('what a reader sees as ordinary text stays as it is', () => {
  it.each([
    'Tom &amp; Jerry &lt;3 &#169; 2024, see &c.',
    '**Item 1** — some *markdown* with `code`, "quotes" and a [link](https://example.com/docs/1).',
    'Привет! Это обычный русский текст о погоде, ключах и паролях без секретов.',
    'Ελληνικά: ο καιρός είναι καλός σήμερα.',
    'café, naïve, 日本語, ｶﾀｶﾅ, ① ② ③ and ﬁ ligatures',
    'A 100% sure answer: 50%OFF and %s placeholders, 20%-30% growth.',
    'Escapes: \\* not bold \\_ not italic \\` not code.',
    'Lines\nthat wrap\nnaturally in prose\nare fine.',
    'The hash is e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855 and the UUID 123e4567-e89b-12d3-a456-426614174000.',
    'Data: aGVsbG8gd29ybGQsIHRoaXMgaXMganVzdCBhIGdyZWV0aW5n (base64 of a greeting)',
  ])('%s', (text) => {
    expect(scanText(text, LEAK_RULES)).toEqual([]);
  });
});

describe('reasoning and tool markup as the reader sees it', () => {
  const markup = (text: string) =>
    findMarkup({ segments: [{ type: 'markdown', data: { content: text } }] }).map(
      (issue) => issue.code,
    );
  it.each([
    '&lt;think&gt;plan&lt;/think&gt;Hi',
    '＜think＞plan＜/think＞',
    '<th\u200bink>plan</think>',
    '<t\u04bbink>x',
    '\\<think\\>plan',
    '&#60;tool_call&#62;{}',
  ])('%s', (text) => {
    expect(markup(text).length).toBeGreaterThan(0);
  });

  it('finds a tag cut across two segments', () => {
    const value = {
      segments: [
        { type: 'text', data: { text: 'ok <thi' } },
        { type: 'text', data: { text: 'nk>secret plan</think>' } },
      ],
    };
    expect(findMarkup(value).map((i) => [i.code, i.path])).toContainEqual([
      'REASONING_IN_REPLY',
      '/segments/0/data/text',
    ]);
  });

  it.each([
    'I think the tool is broken; <div> is an HTML tag.',
    'Use &lt;div&gt; for layout.',
    'Thinking… the function call failed, try again.',
  ])('leaves %s alone', (text) => {
    expect(markup(text)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { decodeByteEscape, decodeTextEscape } from '../../src/leaks/decodeEscape';
import { decodeTokenRun } from '../../src/leaks/decodeTokenRun';
import { LEAK_MASK, maskLeaks } from '../../src/leaks/maskLeaks';
import { LEAK_RULES } from '../../src/leaks/leakRules';
import { scanText } from '../../src/leaks/scanText';
import { RULE_SAMPLES, random } from './ruleSamples';

// Issue 28, item 1: a secret written in an encoding a reader (or a tool) decodes is found, and
// the whole encoded run is masked in the original text, not only in the view that decoded it.
const SECRETS: [rule: string, secret: string][] = [
  ['github-token', `ghp_${random(36)}`],
  ['aws-access-key-id', `AKIA${random(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')}`],
  ['openai-api-key', RULE_SAMPLES['openai-api-key']!.tp[0]!],
  ['slack-token', RULE_SAMPLES['slack-token']!.tp[0]!],
  ['stripe-key', `sk_live_${random(24)}`],
];

const bytes = (text: string) => [...new TextEncoder().encode(text)];
const hex = (text: string) => bytes(text).map((b) => b.toString(16).padStart(2, '0'));
function base32(text: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes(text)) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) out += alphabet[(value >> (bits -= 5)) & 31];
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out.padEnd(Math.ceil(out.length / 8) * 8, '=');
}
const b64 = (text: string) => btoa(String.fromCharCode(...bytes(text)));

const ENCODINGS: Record<string, (secret: string) => string> = {
  'hex as \\x escapes': (s) =>
    hex(s)
      .map((h) => `\\x${h}`)
      .join(''),
  'hex as 0x67, 0x69, …': (s) =>
    hex(s)
      .map((h) => `0x${h}`)
      .join(', '),
  'hex as 0x67,0x69 (upper case)': (s) =>
    hex(s)
      .map((h) => `0x${h.toUpperCase()}`)
      .join(','),
  'hex with one 0x prefix': (s) => `0x${hex(s).join('')}`,
  'hex, plain': (s) => hex(s).join(''),
  'hex bytes spaced out': (s) => hex(s).join(' '),
  '\\u escapes written as text': (s) =>
    [...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
  'percent-encoding, nested (%2567)': (s) =>
    hex(s)
      .map((h) => `%25${h}`)
      .join(''),
  'percent-encoding, three deep (%252567)': (s) =>
    hex(s)
      .map((h) => `%2525${h}`)
      .join(''),
  base32: base32,
  'base32, lower case': (s) => base32(s).toLowerCase(),
  'quoted-printable with soft line breaks': (s) =>
    s
      .replace(/[_=-]/g, (c) => `=${c.charCodeAt(0).toString(16).toUpperCase()}`)
      .replace(/(.{16})/g, '$1=\n'),
  'every character spaced out': (s) => [...s].join(' '),
  'every character spaced out with no-break spaces': (s) => [...s].join('\u00a0'),
  'base64 after one stray character': (s) => `x${b64(`key ${s}`)}`,
  'base64 after two stray characters': (s) => `Qz${b64(`key ${s}`)}`,
  'base64 after three stray characters': (s) => `a9Z${b64(s)}`,
};

describe('a secret in an encoding a reader decodes is found and masked whole', () => {
  for (const [name, encode] of Object.entries(ENCODINGS)) {
    it.each(SECRETS)(`${name}: %s`, (rule, secret) => {
      const encoded = encode(secret);
      for (const text of [`here it is: ${encoded} — enjoy`, encoded, `a ${encoded}`]) {
        expect(
          scanText(text, LEAK_RULES).map((f) => f.rule),
          JSON.stringify(text.slice(0, 80)),
        ).toContain(rule);
        const masked = maskLeaks({ text }).value.text;
        expect(masked).toContain(LEAK_MASK);
        // The whole encoded run is gone from the original, not only what a view decoded.
        for (let at = 0; at + 12 <= encoded.length; at += 6)
          expect(masked, JSON.stringify(text.slice(0, 60))).not.toContain(
            encoded.slice(at, at + 12),
          );
      }
    });
  }
});

describe('ordinary text that looks encoded stays as it is', () => {
  it.each([
    ['a SHA-256 digest', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['hex bytes of binary', '8f 3a c1 00 ff 7e 91 4d 22 b0 c3 d4 e5 f6 07 18 29'],
    ['a byte list of binary', '0x8f, 0x3a, 0xc1, 0x00, 0xff, 0x7e, 0x91, 0x4d, 0x22, 0xb0, 0xc3'],
    ['spaced letters of a word game', 'the answer is h e l l o w o r l d t o d a y'],
    ['assignments with hex-looking values', 'n=3D and x=20 and color=FF0000 and y=5F'],
    ['a base32 word', 'JBSWY3DPEBLW64TMMQ======'],
  ])('%s', (_name, text) => {
    expect(scanText(text, LEAK_RULES)).toEqual([]);
  });
});

describe('decoders are bounded and never throw', () => {
  it('read a percent escape at most four deep', () => {
    expect(decodeByteEscape('%2567', 0, 5, 0x25)).toEqual({ text: 'g', end: 5 });
    expect(decodeByteEscape('%25252567', 0, 9, 0x25)).toEqual({ text: 'g', end: 9 });
    // Five deep: the fourth level is read, and what is left is `%` written as `%25`.
    expect(decodeByteEscape('%2525252567', 0, 11, 0x25)).toEqual({ text: '%', end: 9 });
  });

  it('refuse what is no escape', () => {
    for (const [text, marker] of [
      ['%', 0x25],
      ['%G1', 0x25],
      ['%C3', 0x25],
      ['%ED%A0%80', 0x25], // a surrogate
      ['=', 0x3d],
      ['=FF', 0x3d],
    ] as const)
      expect(decodeByteEscape(text, 0, text.length, marker), text).toBeUndefined();
    for (const text of [
      '\\',
      '\\x',
      '\\xG0',
      '\\u12',
      '\\u{}',
      '\\u{110000}',
      '\\u{1234567}',
      '\\q',
    ])
      expect(decodeTextEscape(text, 0, text.length), text).toBeUndefined();
    expect(decodeTextEscape('\\ud83d\\ude00', 0, 12)).toEqual({ text: '😀', end: 12 });
  });

  it('decode a token run to text only, shorter than the run', () => {
    for (const run of [hex('a'.repeat(40)).join(''), base32('b'.repeat(40)), b64('c'.repeat(40))])
      for (const text of decodeTokenRun(run)) expect(text.length).toBeLessThan(run.length);
    expect(decodeTokenRun('0x' + 'ff00'.repeat(20))).toEqual([]);
    expect(decodeTokenRun('AAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toEqual([]);
  });

  it('nested encodings are read as deep as the scanner goes, and no deeper', () => {
    const [, secret] = SECRETS[0]!;
    // base64 of hex of the secret: two levels.
    expect(scanText(b64(hex(secret).join('')), LEAK_RULES).map((f) => f.rule)).toContain(
      'github-token',
    );
    // Five levels of base64: past the depth limit, nothing decodes that far.
    let deep = secret;
    for (let k = 0; k < 5; k++) deep = b64(deep);
    expect(() => scanText(deep, LEAK_RULES)).not.toThrow();
  });
});

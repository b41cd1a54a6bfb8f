import fc from 'fast-check';
import { HYGIENE_SAMPLES } from '../../hygiene/hygieneSamples';
import { replyText } from '../../../bench/replies';
import { gitleaksVectors, secretlintCases } from '../corpus';
import { RULE_SAMPLES, random } from '../ruleSamples';

// The texts the scanner's findings are compared on when its engine changes (differential.test.ts):
// every corpus of the tests, alone and inside ordinary text, and random texts made of rule
// samples cut, wrapped, smuggled and glued to prose. Deterministic: the same texts every run.

const token = `ghp_${random(36)}`;
const fullWidth = (t: string) =>
  t.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
const mathBold = (t: string) =>
  t.replace(/[a-z]/g, (c) => String.fromCodePoint(0x1d41a + c.charCodeAt(0) - 97));
const at = (k: number, insert: string) => token.slice(0, k) + insert + token.slice(k);

/** A token written so the raw bytes match no rule (smuggling.test.ts's families). */
export const SMUGGLED: string[] = [
  at(12, '\u200b'),
  at(10, '\u00ad'),
  `\u202e${token}\u202c`,
  at(15, '\ufe0f'),
  fullWidth(token),
  mathBold(token),
  token.replace('p_', '\u0440_').replace(/a/g, '\u0430'),
  token.replace(/o/g, '\u03bf'),
  at(11, '\u0301'),
  token.replace('_', '&#x5f;'),
  token.replace('_', '&#95;'),
  token.replace('_', '&lowbar;'),
  token.replace('_', '\\_'),
  token.replace('_', '%5F'),
  at(12, '%E2%80%8B'),
  `${token.slice(0, 12)}**${token.slice(12, 20)}**${token.slice(20)}`,
  `${token.slice(0, 14)}\`${token.slice(14)}\``,
  `${token.slice(0, 14)}~~${token.slice(14)}~~`,
  `${token.slice(0, 20)}\n${token.slice(20)}`,
  `> ${token.slice(0, 20)}  \n> ${token.slice(20)}`,
  btoa(`my key is ${token}`),
  btoa(`my key: ${token}!`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''),
  `note=${btoa(`token ${token}`)}`,
  `k_${btoa(`token ${token}`).replace(/=+$/, '')}`,
  btoa(btoa(`${token.slice(0, 20)}*\n*${token.slice(20)}`)),
  `\ud800${token}`,
  `${token.slice(0, 9)}\u0001${token.slice(9)}`,
];

const jwt = `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.${random(43)}`;
const WRAPPED_SECRETS = [
  RULE_SAMPLES['private-key']!.tp[0]!.replace(/\n/g, ''),
  `postgres://admin:${random(14)}@db.example.com:5432/prod`,
  `https://deploy:${random(12)}@api.example.com/v1`,
  jwt,
  `Authorization: Bearer ${random(40)}`,
  'AKIAIOSFODNN7QWERTYZ',
  `ghp_${random(36)}`,
];
const wrap = (t: string, width: number, marker: string) => {
  const lines: string[] = [];
  for (let a = 0; a < t.length; a += width) lines.push(marker + t.slice(a, a + width));
  return lines.join('\n');
};

const samples = (from: Record<string, { tp: string[]; fp: string[] }>) =>
  Object.values(from).flatMap((s) => [...s.tp, ...s.fp]);

/** Named lists of texts: every corpus of the tests. */
export function corpora(): Record<string, string[]> {
  const lists: Record<string, string[]> = {
    'rule samples': samples(RULE_SAMPLES),
    'markup samples': samples(HYGIENE_SAMPLES),
    'rule samples in prose': samples(RULE_SAMPLES).map(
      (t) => `Sure! Here is what you asked for:\n${t}\nLet me know if you need more.`,
    ),
    smuggled: SMUGGLED.map((w) => `here it is: ${w} — enjoy`),
    wrapped: WRAPPED_SECRETS.flatMap((s) =>
      [6, 8, 13, 20, 33, 64].flatMap((w) =>
        ['', '    ', '> ', '- ', '1. ', '>   '].flatMap((m) => [
          wrap(s, w, m),
          `Here it is:\n${wrap(s, w, m)}\nthanks`,
          wrap(s, w, m).replace(/\n/g, '\r\n'),
        ]),
      ),
    ),
    'secretlint fixtures': secretlintCases().flatMap((c) => (c.text === undefined ? [] : [c.text])),
    'gitleaks vectors': gitleaksVectors().map((v) => v.text),
  };
  const reply = replyText(8192, 'ordinary');
  const keywords = replyText(8192, 'keywords');
  const embed = (t: string, around: string) => {
    const half = around.indexOf('\n', around.length >> 1);
    return `${around.slice(0, half)}\n${t}${around.slice(half)}`;
  };
  for (const name of [
    'rule samples',
    'smuggled',
    'wrapped',
    'secretlint fixtures',
    'gitleaks vectors',
  ])
    for (const [where, around] of [
      ['reply', reply],
      ['keywords', keywords],
    ] as const)
      lists[`${name} inside 8 KB of ${where} text`] = lists[name]!.map((t) => embed(t, around));
  lists['random texts'] = randomTexts(1500);
  // Inside reply text, whose URLs followed by a title read as cut secrets every few lines: the
  // joined view's windows merge, and only some of their seams can find anything.
  lists['random texts inside 8 KB of reply text'] = randomTexts(600, 7).map((t) => embed(t, reply));
  return lists;
}

const PROSE = [
  'Here is the config',
  'key',
  'token',
  'password=',
  'api_key: ',
  'Authorization: Bearer ',
  ' ',
  '\n',
  '\n\n',
  '> ',
  '- ',
  '**',
  '`',
  '~~',
  '&amp;',
  '%2F',
  '\\_',
  'café',
  '—',
  '\u200b',
  'https://example.com/a/1',
  '@',
  ':',
  '=',
  '"',
];

/** Base64 of a text's UTF-8 (lone surrogates as U+FFFD). */
function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Random texts of cut, wrapped and glued rule samples and prose (a fixed seed). */
export function randomTexts(count: number, seed = 20261204): string[] {
  const all = [...samples(RULE_SAMPLES), ...samples(HYGIENE_SAMPLES), ...SMUGGLED];
  const piece = fc.oneof(
    fc.constantFrom(...all),
    fc.constantFrom(...PROSE),
    fc
      .tuple(fc.constantFrom(...all), fc.nat(200), fc.nat(200))
      .map(([t, a, b]) =>
        t.slice(Math.min(a, b) % (t.length + 1), Math.max(a, b) % (t.length + 1)),
      ),
    fc
      .tuple(
        fc.constantFrom(...all),
        fc.integer({ min: 3, max: 40 }),
        fc.constantFrom('', '> ', '  '),
      )
      .map(([t, w, m]) => wrap(t, w, m)),
    fc
      .tuple(
        fc.constantFrom(...all),
        fc.nat(),
        fc.constantFrom('\n', '\r\n', ' ', '**', '\u00a0', '\n\n'),
      )
      .map(([t, k, cut]) => {
        const where = k % (t.length + 1);
        return t.slice(0, where) + cut + t.slice(where);
      }),
    fc.constantFrom(...all).map(base64),
  );
  return fc.sample(
    fc.array(piece, { minLength: 1, maxLength: 6 }).map((parts) => parts.join('')),
    { numRuns: count, seed },
  );
}

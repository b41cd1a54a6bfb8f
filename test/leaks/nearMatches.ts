import { HYGIENE_RULES } from '../../src/hygiene/hygieneRules';
import { LEAK_RULES } from '../../src/leaks/leakRules';
import { HYGIENE_SAMPLES } from '../hygiene/hygieneSamples';
import { fill } from './complexity';
import { RULE_SAMPLES } from './ruleSamples';

// What makes the rule engine and its normalisers work hardest, shared by the 1 MB sweeps
// (`*.complexity.test.ts`), the small 8-64 KB sample among them (linearSample.complexity.test.ts).

// The leak rules and the hygiene rules run on the same engine; both are checked here.
export const RULES = [...LEAK_RULES, ...HYGIENE_RULES];
const SAMPLES = { ...RULE_SAMPLES, ...HYGIENE_SAMPLES };

/** Near-matches for one rule: cut samples, repeated prefixes, a prefix followed by a long run. */
export function adversarial(ruleId: string): ((size: number) => string)[] {
  const sample = SAMPLES[ruleId]!.tp[0]!;
  const rule = RULES.find((r) => r.id === ruleId)!;
  const half = sample.slice(0, Math.max(4, sample.length >> 1));
  const keyword = rule.keywords[0] ?? sample.slice(0, 4);
  return [
    (size) => fill(sample.slice(0, -1) + ' ', size),
    (size) => fill(half, size),
    (size) => half + fill('a', size - half.length),
    (size) => fill(keyword, size),
    (size) => fill(keyword.toUpperCase() + '=', size),
    (size) => keyword + ' = "' + fill('A1b2', size),
  ];
}

export const TOKEN = 'ghp_aB3dE5gH7jK9mN1pQ3rS5tU7vW9xY1zA2cD4';
export const ADVERSARIAL: Record<string, string[]> = {
  'default-ignorables': ['ab\u200b', 'k\u00ade\u034fy=', '\u202e\u2066x', 'a\ufe0f\u{e0041}'],
  'character references': [
    '&#x61;',
    '&amp;',
    '&#',
    '&unknownname;',
    'key&colon;&#x20;',
    '&Aopf;&lowbar;',
  ],
  'percent escapes': ['%41', '%E2%80%8B', '%ZZ%', 'key%3D%'],
  'markdown escapes and markers': ['\\_a', 'a**b', 'a`', '~~a', 'key**:** ', '\\'],
  'look-alikes and compatibility forms': [
    'раура',
    'ｇｈｐ＿',
    '\u{1d41a}\u{1d41b}',
    'a\u0301',
    'Ⓐ①',
  ],
  'wrapped lines': ['aB3dE5gH7j\n', 'aB3dE5gH7j  \n> ', `${TOKEN.slice(0, 20)}\n`],
  'invisible controls': ['ab\u0001', 'k\ufff9e\ufffcy=', 'x\u0085\u009b', 'a\u001b[31m'],
  'look-alikes of every script': ['հօ', 'ᏦꓮⲢ', 'ա1', 'ᴄᴏ_', 'рー'],
  // Every line one width (a block), with markers, and lines that each cut a random-looking run.
  'hard-wrapped blocks': [
    'aB3dE5gH7jK9\n',
    '> aB3dE5gH\n',
    '- postgres://u:p4\n',
    '1. eyJhbGciOiJIUzI1\n',
    'ab\ncd\nef\n',
    'Authorization: Be\n',
  ],
  'base64 runs': [
    `${btoa(`token ${TOKEN}`)} `,
    btoa('a'.repeat(48)),
    `${btoa(`password=${TOKEN}`)}\n`,
    // Glued after a name, at each alignment; every group decoding to ASCII, but with controls.
    `k_${btoa(`token ${TOKEN}`).replace(/=+$/, '')}`,
    `abc-${btoa(`\u0001${'a'.repeat(20)}`)}`,
    `_${btoa(`\u0001${'a'.repeat(200)}`)}`,
  ],
};

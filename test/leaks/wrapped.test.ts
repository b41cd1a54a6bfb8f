import { describe, expect, it } from 'vitest';
import { LEAK_MASK, maskLeaks } from '../../src/leaks/maskLeaks';
import { LEAK_RULES } from '../../src/leaks/leakRules';
import { scanText } from '../../src/leaks/scanText';
import { RULE_SAMPLES, random } from './ruleSamples';

// A secret hard-wrapped by line breaks every N characters, at any N, with or without the
// markers a reader skips (indentation, quote markers, list markers), is found and masked in the
// original text: every line of it.
const jwt = `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.${random(43)}`;
const pem = RULE_SAMPLES['private-key']!.tp[0]!;
const pemBody = pem.split('\n').slice(1, -1).join('');
const password = random(14);
const basic = random(12);
const bearer = random(40);
const gh = `ghp_${random(36)}`;
// Each: what is written, the part that must not survive masking, the rule.
const SECRETS: [name: string, written: string, core: string, rule: string][] = [
  ['a PEM key, header and footer included', pem.replace(/\n/g, ''), pemBody, 'private-key'],
  [
    'a database URL with a password',
    `postgres://admin:${password}@db.example.com:5432/prod`,
    password,
    'database-connection-string',
  ],
  ['a URL with credentials', `https://deploy:${basic}@api.example.com/v1`, basic, 'basic-auth-url'],
  ['a JWT', jwt, jwt, 'jwt'],
  ['an Authorization header', `Authorization: Bearer ${bearer}`, bearer, 'authorization-header'],
  ['an AWS key', 'AKIAIOSFODNN7QWERTYZ', 'AKIAIOSFODNN7QWERTYZ', 'aws-access-key-id'],
  ['a GitHub token', gh, gh, 'github-token'],
];
const WIDTHS = [8, 13, 20, 33, 64];
const MARKERS = ['', '    ', '> ', '- ', '1. ', '>   '];

function wrap(text: string, width: number, marker: string): string {
  const lines: string[] = [];
  for (let at = 0; at < text.length; at += width) lines.push(marker + text.slice(at, at + width));
  return lines.join('\n');
}

describe('a secret hard-wrapped at any width is found and masked in the original text', () => {
  for (const [name, written, core, rule] of SECRETS) {
    it.each(WIDTHS)(`${name}, every %i characters`, (width) => {
      for (const marker of MARKERS) {
        for (const around of [(s: string) => s, (s: string) => `Here it is:\n${s}\nthanks`]) {
          const text = around(wrap(written, width, marker));
          const label = `${JSON.stringify(marker)} ${JSON.stringify(text.slice(0, 40))}`;
          expect(
            scanText(text, LEAK_RULES).map((f) => f.rule),
            label,
          ).toContain(rule);
          // Masked where it was written: read back without its line breaks and markers, the
          // text holds no six characters of the secret in a row.
          const masked = maskLeaks({ text }).value.text;
          expect(masked, label).toContain(LEAK_MASK);
          const unwrapped = masked.replace(/\n(?:[ \t>]*(?:[-*+]|\d{1,3}[.)])?[ \t]*)/g, '');
          for (let at = 0; at + 6 <= core.length; at++)
            expect(unwrapped, label).not.toContain(core.slice(at, at + 6));
        }
      }
    });
  }

  it('a key cut once, anywhere, by a single line break', () => {
    const secret = `postgres://admin:${random(14)}@db.example.com/prod`;
    for (let cut = 12; cut < secret.length - 4; cut++) {
      const text = `use ${secret.slice(0, cut)}\n${secret.slice(cut)} please`;
      expect(
        scanText(text, LEAK_RULES).map((f) => f.rule),
        text,
      ).toContain('database-connection-string');
    }
  });

  it('a PEM header soft-wrapped at one of its spaces', () => {
    const key = RULE_SAMPLES['private-key']!.tp[0]!.replace(
      'RSA PRIVATE KEY-----\n',
      'RSA PRIVATE\nKEY-----\n',
    );
    expect(scanText(key, LEAK_RULES).map((f) => f.rule)).toEqual(['private-key']);
  });
});

describe('lines that merely look wrapped stay as they are', () => {
  it.each([
    'Lines of prose\nthat happen to\nbe all of equal\nlength are fine.',
    '| name | kind |\n|------|------|\n| api  | key  |\n| auth | role |',
    'const a = 1;\nconst b = 2;\nconst c = 3;\nreturn a + b;',
    '- apples\n- grapes\n- pears',
    'See https://example.com/docs/page\nfor details, and the v1.2.3-beta\nrelease notes.',
    'ID 1234567890\nABCDEFGHIJ\nabcdefghij',
    'The key is\nin the drawer, the token\nis on the desk.',
  ])('%s', (text) => {
    expect(scanText(text, LEAK_RULES)).toEqual([]);
  });
});

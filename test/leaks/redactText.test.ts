import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Issue, IssueCode } from '../../src/issues/issue';
import { excerpt } from '../../src/issues/excerpt';
import { redactIssue, redactIssues, redactPointer } from '../../src/leaks/redactIssues';
import { redactText } from '../../src/leaks/redactText';
import { redactTexts } from '../../src/leaks/redactTexts';
import { gitleaksVectors, secretlintCases } from './corpus';
import { random } from './ruleSamples';

// Every issue code, read from its declaration: a new code without a message shape below fails.
const CODES = [
  ...readFileSync(new URL('../../src/issues/issue.ts', import.meta.url), 'utf8').matchAll(
    /\|\s*'([A-Z_]+)'/g,
  ),
].map((m) => m[1] as IssueCode);

const github = `ghp_${random(36)}`;
const password = `${random(10)}7`;
// Each secret with the part of it that must never come out.
const SECRETS: [name: string, secret: string, core: string][] = [
  ['a GitHub token', github, github.slice(8, 30)],
  ['a database URL', `mysql://root:${password}@db.internal/prod`, password],
  ['an AWS key id', `AKIA${random(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')}`, ''],
  [
    'a token with a zero-width space',
    `${github.slice(0, 12)}\u200b${github.slice(12)}`,
    github.slice(14, 30),
  ],
  ['a token in base64', btoa(`token ${github}`), btoa(`token ${github}`).slice(8, 40)],
];
SECRETS[2]![2] = SECRETS[2]![1].slice(4);

// How each code's message quotes the reply (or an upstream error) in the code paths that raise it.
const SHAPES: Partial<Record<IssueCode, (secret: string) => string>> = {
  INVALID_JSON: (s) => `expected a value at "${s}"`,
  PROSE_AROUND_JSON: (s) => `text before the JSON value: "${s}"`,
  TRAILING_TOKENS: (s) => `more text after the JSON value: "${s}"`,
  DUPLICATE_KEY: (s) => `duplicate member name "${s}"`,
  UNSAFE_NUMBER: (s) =>
    `the integer ${s} is beyond ±(2^53−1) and would be rounded; send it as a string`,
  UNKNOWN_FIELD: (s) => `unknown field "${s}"; every object is closed`,
  MISSING_FIELD: (s) => `missing required field "${s}"`,
  MENTION_NOT_ALLOWED: (s) =>
    `"${s}" is not a member of this conversation; mention only the given ids`,
  MODEL_FAILED: (s) =>
    `the model call failed: 401 {"error":{"message":"Incorrect API key provided: ${s}"}}`,
  SCHEMA_MALFORMED: (s) => `the schema does not compile: unknown keyword "${s}"`,
  SCHEMA_NOT_FOUND: (s) => `no schema is registered as "${s}"`,
  INTERNAL: (s) => `the schema's validator threw: Error: ${s}`,
  MEDIA_UNAVAILABLE: (s) => `the attachment at ${s} could not be read`,
};
const generic = (code: string) => (secret: string) =>
  `${code.toLowerCase().replace(/_/g, ' ')}: ${secret} (quoted from the reply)`;

describe('nothing that leaves replyguard carries a secret', () => {
  it('knows every issue code', () => {
    expect(CODES.length).toBeGreaterThan(30);
    expect(CODES).toContain('MENTION_NOT_ALLOWED');
  });

  for (const code of CODES) {
    it.each(SECRETS)(`${code}: %s in the message and the path is masked`, (_name, secret, core) => {
      const issue: Issue = {
        code,
        path: `/segments/0/data/${secret.replace(/~/g, '~0').replace(/\//g, '~1')}`,
        message: (SHAPES[code] ?? generic(code))(secret),
      };
      const redacted = redactIssue(issue);
      expect(redacted.message).not.toContain(core);
      expect(redacted.path).not.toContain(core);
      expect(redacted.message).toContain('[REDACTED]');
      expect(redacted.code).toBe(code);
    });
  }

  it('leaves clean issues as they are (the same object)', () => {
    const issue: Issue = {
      code: 'UNKNOWN_FIELD',
      path: '/segments/0/data/colour',
      message: 'unknown field "colour"; every object is closed',
    };
    expect(redactIssue(issue)).toBe(issue);
  });

  it('redacts findings (no message) by their path', () => {
    const finding = {
      code: 'LEAK_MASKED' as const,
      rule: 'github-token',
      path: `/a/${github}`,
      start: 0,
      end: 4,
    };
    expect(redactIssue(finding)).toEqual({ ...finding, path: '/a/[REDACTED]' });
  });

  it('decodes pointer tokens before scanning, and encodes them again', () => {
    const key = `aws_secret_access_key=${random(20)}/${random(19)}`;
    const pointer = `/x/${key.replace(/\//g, '~1')}`;
    // A token a secret touches is masked whole (issue 26): no part of the name leaves.
    expect(redactPointer(pointer)).toBe('/x/[REDACTED]');
    expect(redactPointer('/segments/0/data/a~1b~0c')).toBe('/segments/0/data/a~1b~0c');
    expect(redactPointer('')).toBe('');
  });

  it('masks correction prompts and error bodies as a whole, with the host options', () => {
    const prompt = `Your reply was invalid:\n- UNKNOWN_FIELD at /segments/1/data/token: unknown field\nThe reply was:\n{"segments":[{"type":"text","data":{"text":"use ${github}"}}]}`;
    expect(redactText(prompt)).not.toContain(github.slice(4));
    expect(
      redactText(`the prompt: You are Acme's agent.`, { literals: ["You are Acme's agent."] }),
    ).toBe('the prompt: [REDACTED]');
    expect(redactText(github, { allow: [github] })).toBe(github);
    expect(redactText(github, { mask: '***' })).toBe('***');
    expect(redactText('')).toBe('');
  });
});

describe('excerpt', () => {
  it('never quotes a URL with credentials, a token or a key (":" and "@" no longer end a run)', () => {
    for (const [, secret, core] of SECRETS)
      expect(excerpt(`x ${secret} y`, 2)).not.toContain(core.slice(0, 8));
    expect(excerpt('mysql://root:pw@host/db')).toBe('mysq…');
  });

  it('keeps words, escapes control and invisible characters', () => {
    expect(excerpt('unknown colour field')).toBe('unknown colour field');
    expect(excerpt('a\u202eb\u200bc\n')).toBe('a\\u202eb\\u200bc\\n');
    expect(excerpt('tag \u{e0041}')).toBe('tag \\udb40\\udc41');
  });
});

describe('redacting many texts in one scan', () => {
  // Every corpus text, true and false positives, plus short pointer-like pieces between them.
  const texts = [
    ...gitleaksVectors().map((vector) => vector.text),
    ...secretlintCases().flatMap((c) => (c.text === undefined ? [] : [c.text])),
    'segments',
    '0',
    'data',
    'target',
    '',
    'key =',
    'ghp_',
    github.slice(0, 20),
    github.slice(20),
  ];

  it('gives what redacting each text alone gives, for every corpus text', () => {
    const one = texts.map((text) => redactText(text));
    const batch = redactTexts(texts);
    const differ = texts.flatMap((text, index) =>
      one[index] === batch[index] ? [] : [{ text, alone: one[index], batched: batch[index] }],
    );
    expect(differ).toEqual([]);
  });

  it('keeps a secret cut between two texts apart: each half is judged on its own', () => {
    expect(redactTexts([github.slice(0, 20), github.slice(20)])).toEqual([
      redactText(github.slice(0, 20)),
      redactText(github.slice(20)),
    ]);
    expect(redactTexts([github, 'fine', github])).toEqual(['[REDACTED]', 'fine', '[REDACTED]']);
  });

  it('redactIssues gives what redactIssue gives issue by issue, with options', () => {
    const options = { literals: ['Project Nightingale'], mask: '***' };
    const issues: Issue[] = [
      {
        code: 'UNKNOWN_FIELD',
        path: `/segments/0/data/${github}`,
        message: `unknown member "${github}"`,
      },
      {
        code: 'WRONG_TYPE',
        path: '/segments/1/data/text',
        message: 'expected string, got Project Nightingale',
      },
      {
        code: 'UNKNOWN_FIELD',
        path: `/segments/2/${github.slice(0, 20)}/${github.slice(20)}`,
        message: 'split over two tokens',
      },
      { code: 'DUPLICATE_KEY', path: '', message: 'no pointer' },
    ];
    expect(redactIssues(issues, options)).toEqual(
      issues.map((issue) => redactIssue(issue, options)),
    );
    expect(JSON.stringify(redactIssues(issues, options))).not.toMatch(
      new RegExp(`${github.slice(4, 30)}|Nightingale`),
    );
  });
});

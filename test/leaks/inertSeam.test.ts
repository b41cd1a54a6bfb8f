import { describe, expect, it } from 'vitest';
import { LEAK_RULES } from '../../src/leaks/leakRules';
import { maskLeaks } from '../../src/leaks/maskLeaks';
import { scanTables } from '../../src/leaks/scanTables';
import { inert, texts } from './seamHelpers';

// Issue 32: a seam whose short copy provably yields nothing is decided without the copy, its
// reader view and their two passes. Every other seam is still read.

const key = `ghp_${'aB3dE5gH7jK9mN1pQ3rS5tU7vW9xY1zA2cD4'}`;

describe('a seam that cannot complete anything is decided without its copy', () => {
  it('the ordinary reply: a share title joined to the next block`s Markdown', () => {
    const reply = {
      segments: [
        { type: 'text', data: { text: ', please take a look at case 5: café, naïve, 日本語 ✓' } },
        { type: 'share', data: { url: 'https://example.com/a/5', title: 'Article 5' } },
        { type: 'markdown', data: { content: '**Item 6** — some *markdown* with `code`' } },
      ],
    };
    expect(inert(reply)).toBe(true);
  });

  it('words joined with no keyword across the seam', () => {
    expect(inert(texts('see you', 'when then'))).toBe(true);
    expect(inert(texts('see you', '**when** then'))).toBe(true);
  });

  it('not two units either side of the seam that a keyword has one after the other', () => {
    // `ut` of `auth`: the copy is read where the keyword reads the units around the seam (and
    // yields nothing), not where only the pair is there (`you` + `tomorrow`).
    expect(inert(texts('see _au', 'th then'))).toBe(false);
    expect(inert(texts('see _au**', '`th` here'))).toBe(false);
    expect(inert(texts('see you', 'tomorrow then'))).toBe(true);
    expect(inert(texts('a 11', 'Article 11'))).toBe(true);
  });

  it('not a key split across two text segments', () => {
    expect(inert(texts(`token ${key.slice(0, 14)}`, `${key.slice(14)} thanks`))).toBe(false);
    expect(
      maskLeaks(texts(`token ${key.slice(0, 14)}`, `${key.slice(14)} thanks`)).findings,
    ).not.toEqual([]);
  });

  it('not a marker run the join makes next to a token, inside a key', () => {
    const reply = texts(`token ${key.slice(0, 14)}`, `**${key.slice(14)}** thanks`);
    expect(inert(reply)).toBe(false);
    expect(maskLeaks(reply).findings.map((finding) => finding.rule)).toContain('github-token');
  });

  it('not a keyword the join makes (`ghp` + `_…`), though the runs on both sides are short', () => {
    expect(inert(texts('see ghp', '_x here'))).toBe(false);
    // The join makes a marker run between `gh` and `p_`: the reader's view reads `ghp_`.
    expect(inert(texts('see gh', '**p_x** here'))).toBe(false);
  });

  it('not a keyword with characters other than tokens across the seam (`hooks.slack.c` + `om`)', () => {
    expect(inert(texts('at hooks.slack.c', 'om/x'))).toBe(false);
  });

  it('not a copy holding what a reader view decodes or folds (a reference, an escape, a tilde)', () => {
    expect(inert(texts('fish &amp; chips', 'and more'))).toBe(false);
    expect(inert(texts('a \\* b', 'and more'))).toBe(false);
    expect(inert(texts('a ~~b~~', 'and more'))).toBe(false);
    expect(inert(texts('Ｆｕｌｌ width', 'and more'))).toBe(false);
  });

  it('not a keyword above ASCII across the seam (a rule set of the host`s)', () => {
    const rules = [
      ...LEAK_RULES,
      { id: 'key-ru', family: 'host', keywords: ['жщ1a'], anchored: true, pattern: /жщ1a\d+/g },
    ];
    expect(inert(texts('see жщ1', 'a2 here'), scanTables(rules))).toBe(false);
    expect(maskLeaks(texts('see жщ1', 'a2 here'), { rules }).findings).not.toEqual([]);
    expect(inert(texts('see you', 'when then'), scanTables(rules))).toBe(true);
  });

  it('no seam at all when a keyword holds a marker, which a reader view drops', () => {
    const rules = [
      ...LEAK_RULES,
      { id: 'star', family: 'host', keywords: ['a*b'], anchored: true, pattern: /a\*b\d+/g },
    ];
    expect(inert(texts('see you', 'when then'), scanTables(rules))).toBe(false);
  });
});

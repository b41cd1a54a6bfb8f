import { describe, expect, it } from 'vitest';
import { checkReply } from '../../src/index';
import { LEAK_RULES } from '../../src/leaks/leakRules';
import type { LeakRule } from '../../src/leaks/leakRule';
import { maskLeaks, scanLeaks } from '../../src/leaks/maskLeaks';
import { patternReach } from '../../src/leaks/patternReach';
import { scanTables } from '../../src/leaks/scanTables';
import { AHEAD, tokRule as rule, WORDS } from './hostTokRules';

// A host's own rules at the edges the built-in ones never reach: lookarounds that read far past
// a match (across the seam of two strings the reader sees as one), and the two code units a
// caseless `u`/`v` regex matches for an ASCII letter (`ſ` for `s`, the Kelvin sign for `k`).
const AHEAD_UNBOUNDED = rule('ahead-unbounded', /tok_[a-z0-9]{8}(?=[a-z ]*CONFIDENTIAL)/);
const BEHIND = rule('behind', /(?<=CONFIDENTIAL[a-z ]{80,200})tok_[a-z0-9]{8}/);
const SECRET = 'ab12cd34';
const segments = (...texts: string[]) => ({
  segments: texts.map((text) => ({ type: 'text', data: { text } })),
});
const hidden = (value: unknown) => !JSON.stringify(value).includes(SECRET);

describe("a host rule's lookarounds reach across the seam of two strings", () => {
  const ahead = `token tok_${SECRET} ${WORDS} CONFIDENTIAL end`;
  const behind = `CONFIDENTIAL ${WORDS} tok_${SECRET} end`;
  // Cuts inside a word, so the reader sees one text (a join); 110 and 120 lie past the 64
  // characters a match's context used to reach, inside what the lookahead reads.
  // Past the 160 characters a seam's window reached: the lookaround reads beyond that window.
  const far = `token tok_${SECRET} ${WORDS} ${WORDS} ${WORDS} CONFIDENTIAL end`;
  const farBehind = `CONFIDENTIAL ${WORDS} ${WORDS} ${WORDS} tok_${SECRET} end`;
  const BEHIND_FAR = rule('behind-far', /(?<=CONFIDENTIAL[a-z ]{80,400})tok_[a-z0-9]{8}/);
  // A `v` class of strings is not read by patternReach: its lookaround counts as unbounded.
  const BEHIND_STRINGS = rule(
    'behind-strings',
    new RegExp(`(?<=[\\q{CONFIDENTIAL ${WORDS} }])tok_[a-z0-9]{8}`, 'v'),
  );
  const cases: [LeakRule, string, number[]][] = [
    [AHEAD, ahead, [20, 60, 90, 110, 120]],
    [AHEAD_UNBOUNDED, ahead, [90, 110, 120]],
    [BEHIND, behind, [20, 40, 60, 110]],
    [AHEAD_UNBOUNDED, far, [10, 24, 192, 304]],
    [{ ...AHEAD_UNBOUNDED, id: 'unanchored', anchored: false }, far, [24, 192, 304]],
    [{ ...AHEAD_UNBOUNDED, id: 'keywordless', keywords: [], anchored: false }, far, [24, 304]],
    [BEHIND_FAR, farBehind, [24, 150, 290]],
    [BEHIND_STRINGS, behind, [5, 14, 60, 110]],
  ];

  for (const [host, text, cuts] of cases)
    it(`${host.id}: found in one string of ${text.length} and cut at ${cuts.join(', ')}`, async () => {
      const rules = [host];
      expect(scanLeaks(segments(text), { rules }).map((f) => f.rule)).toEqual([host.id]);
      for (const cut of cuts) {
        const reply = segments(text.slice(0, cut), text.slice(cut));
        // A secret cut in two is reported once per string it is in.
        const found = new Set(scanLeaks(reply, { rules }).map((f) => f.rule));
        expect([cut, [...found]]).toEqual([cut, [host.id]]);
        expect([cut, hidden(maskLeaks(reply, { rules }).value)]).toEqual([cut, true]);
        const result = await checkReply(JSON.stringify(reply), { leaks: { rules } });
        expect([cut, result.status, hidden(result.value)]).toEqual([cut, 'completed', true]);
      }
    });

  it("as far as they read in the reader's view (a look-alike or a reference in the keyword)", () => {
    const rules = [AHEAD_UNBOUNDED];
    for (const keyword of ['t\u03bfk_', 't&#111;k_', 'to\u200bk_']) {
      const text = `token ${keyword}${SECRET} ${WORDS} ${WORDS} ${WORDS} CONFIDENTIAL end`;
      expect([keyword, hidden(maskLeaks({ text }, { rules }).value)]).toEqual([keyword, true]);
      // Read only as far as the windows reach, the same lookaround without a look-alike finds
      // nothing either when CONFIDENTIAL is on another line (a line end no join removes).
      const apart = text.replace(' CONFIDENTIAL', '\nCONFIDENTIAL');
      expect([keyword, scanLeaks(apart, { rules })]).toEqual([keyword, []]);
    }
  });

  it('a lookbehind that reads before its keyword, cut near the keyword', () => {
    const host = rule('secret-is', /(?<=secret is: )tok_[a-z0-9]{8}/);
    const text = `the secret is: tok_${SECRET} now`;
    for (let cut = 5; cut < 19; cut++) {
      // Strings are joined between two token characters; elsewhere a line end stays between them.
      if (!/\w\w/.test(text.slice(cut - 1, cut + 1))) continue;
      const reply = segments(text.slice(0, cut), text.slice(cut));
      expect([cut, hidden(maskLeaks(reply, { rules: [host] }).value)]).toEqual([cut, true]);
    }
  });

  it('the built-in rules read no further around a match than the context windows always gave', () => {
    // Their joined windows are unchanged: every lookaround of theirs reads within the 64
    // characters of context a match is given.
    for (const { id, pattern } of LEAK_RULES)
      if (pattern) expect([id, patternReach(pattern).around <= 64]).toEqual([id, true]);
  });
});

describe('a caseless u/v host rule finds its keyword written with ſ or the Kelvin sign', () => {
  // The regex matches `ſ` for `s` and `K` for `k`; the first pass sees the keyword in the reader's
  // view, where both fold (NFKC) to the ASCII letter.
  const value = 'abcdef0123456789';
  const secret = (flags: string): LeakRule => ({
    id: 'host-secret',
    family: 'host',
    keywords: ['secret'],
    pattern: new RegExp('secret_[a-z0-9]{16}', flags),
    anchored: true,
  });
  const key: LeakRule = {
    id: 'host-key',
    family: 'host',
    keywords: ['key_'],
    pattern: /[kK]ey_[a-z0-9]{16}/iu,
    anchored: true,
  };
  const cases: [LeakRule, string][] = [
    [secret('iu'), `x \u017fecret_${value} y`],
    [secret('iv'), `x \u017fECRET_${value} y`],
    [secret('i'), `x \u017fecret_${value} y`],
    [secret('iu'), `x secret_${value.replace('a', '\u212a')} y`],
    [key, `x \u212aey_${value} y`],
    [{ ...key, anchored: false }, `x \u212aEY_${value} y`],
  ];

  for (const [host, text] of cases)
    it(`${host.pattern} on ${JSON.stringify(text)}`, async () => {
      const rules = [host];
      expect(scanLeaks(text, { rules }).map((f) => f.rule)).toEqual([host.id]);
      expect(maskLeaks({ text }, { rules }).value).toEqual({ text: 'x [REDACTED] y' });
      // Cut inside the keyword, at the seam of two strings.
      const reply = segments(text.slice(0, 4), text.slice(4));
      const masked = maskLeaks(reply, { rules })
        .value.segments.map((s) => s.data.text)
        .join('');
      expect(masked).not.toContain(value.slice(4));
      const result = await checkReply(JSON.stringify(segments(text)), { leaks: { rules } });
      expect(JSON.stringify(result.value)).not.toContain(value.slice(4));
    });
});

describe('patternReach reads how far lookarounds read', () => {
  it('past a match and before it', () => {
    expect(patternReach(/a(?=b{100})/)).toEqual({ length: 1, around: 100 });
    expect(patternReach(/(?<=b{70}|c)a/)).toEqual({ length: 1, around: 70 });
    expect(patternReach(/a(?=b*)/).around).toBe(Infinity);
    expect(patternReach(/(?<!x+)a/).around).toBe(Infinity);
    // Not a lookaround: a named group.
    expect(patternReach(/(?<n>a{5})/)).toEqual({ length: 5, around: 0 });
    // A pattern it cannot read (a `v` class of strings) reads without bound, and so do its
    // lookarounds when it has any.
    expect(patternReach(new RegExp('tok_\\p{L}{8}', 'v'))).toEqual({ length: Infinity, around: 0 });
    expect(patternReach(new RegExp('(?<=[\\q{abc}])a', 'v'))).toEqual({
      length: Infinity,
      around: Infinity,
    });
  });

  it("a rule set's tables keep how far its lookarounds read (past 64: views are read whole)", () => {
    expect(scanTables(LEAK_RULES).around).toBe(18);
    expect(scanTables([AHEAD]).around).toBe(Infinity);
    expect(scanTables([...LEAK_RULES, BEHIND]).around).toBe(212);
    expect(scanTables([rule('short', /(?<=a{32})tok_(?=b{32})/)]).around).toBe(64);
  });

  it('a lookaround nested in another reads on from where it stands: the lengths add up', () => {
    expect(patternReach(/a(?=b(?=c{100}))/).around).toBeGreaterThanOrEqual(101);
    expect(patternReach(/(?<=a{10}(?<=b{100}))c/).around).toBeGreaterThanOrEqual(110);
    expect(patternReach(/x(?=y{50}(?<=z{200}))/).around).toBeGreaterThanOrEqual(150);
  });
});

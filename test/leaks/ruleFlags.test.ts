import { describe, expect, it } from 'vitest';
import type { LeakRule } from '../../src/leaks/leakRule';
import { maskLeaks, scanLeaks } from '../../src/leaks/maskLeaks';
import { checkReply } from '../../src/reply/checkReply';

// A host's rule is run as the scanner decides (over the whole text, or sticky at each keyword):
// whatever `g` and `y` its regexes carry, it finds what the same rule with `g` alone finds. On the
// previous code an anchored rule with `y` threw on its first scan ('yy'), a rule over the whole
// text with `y` found only matches chained from offset 0, one without `g` never returned, and
// `within.stops` without `g` searched from the text's start (a wrapped secret went unseen).
const first = 'ACME-1234567890abcdef';
const second = 'ACME-abcdef1234567890';
const text = `hello ${first} and ${second} end`;
const acme = (flags: string, anchored: boolean): LeakRule => ({
  id: 'acme',
  family: 'acme',
  keywords: ['ACME-'],
  anchored,
  pattern: new RegExp('ACME-[0-9a-f]{16}', flags),
});
const spans = (rules: LeakRule[], input: unknown = text) =>
  scanLeaks(input, { rules }).map((f) => [f.path, f.start, f.end]);

describe("a host's leak rule, whatever its regex's flags", () => {
  for (const anchored of [true, false]) {
    const kind = anchored ? 'anchored' : 'over the whole text';
    const expected = spans([acme('g', anchored)]);

    it(`${kind}: finds with \`y\`, \`gy\` or no \`g\` what it finds with \`g\``, () => {
      expect(expected).toEqual([
        ['', 6, 27],
        ['', 32, 53],
      ]);
      for (const flags of ['y', 'gy', 'yg', '', 'i', 'iy'])
        expect(spans([acme(flags, anchored)]), flags).toEqual(expected);
      expect(maskLeaks(text, { rules: [acme('gy', anchored)] }).value).toBe(
        'hello [REDACTED] and [REDACTED] end',
      );
    });

    it(`${kind}: reads \`u\` and \`v\` as they read, and a secret group only with \`d\``, () => {
      for (const flags of ['gu', 'gv', 'yu', 'v'])
        expect(spans([acme(flags, anchored)]), flags).toEqual(expected);
      const grouped = (flags: string): LeakRule => ({
        ...acme(flags, anchored),
        pattern: new RegExp('ACME-(?<secret>[0-9a-f]{16})', flags),
      });
      // Without `d` the match has no indices: the whole match is masked (as documented).
      expect(spans([grouped('g')])).toEqual(expected);
      for (const flags of ['dg', 'dy', 'd'])
        expect(spans([grouped(flags)]), flags).toEqual([
          ['', 11, 27],
          ['', 37, 53],
        ]);
    });
  }

  it("leaves the host's regexes and rules as they were", () => {
    const rule = acme('y', true);
    spans([rule]);
    expect(rule.pattern!.flags).toBe('y');
  });

  it('reads `within.stops` from the keyword on, with or without `g` or `y`', () => {
    const rule = (flags: string): LeakRule => ({
      id: 'acme-url',
      family: 'acme',
      keywords: ['acme://'],
      anchored: true,
      pattern: /acme:\/\/(?<secret>[a-z0-9]+:[a-z0-9]+)@/dg,
      within: { char: '@', distance: 100, stops: new RegExp('[\\s/]', flags) },
    });
    const wrapped = 'see acme://deploy:s3cr3tpa\nss99@host now';
    const split = ['see acme://deploy:s3cr3tp', 'ass99@host now'];
    expect(spans([rule('g')], wrapped)).toEqual([['', 11, 31]]);
    expect(spans([rule('g')], split)).toEqual([
      ['/0', 11, 25],
      ['/1', 0, 5],
    ]);
    for (const flags of ['', 'y', 'gy']) {
      expect(spans([rule(flags)], wrapped), flags).toEqual([['', 11, 31]]);
      expect(spans([rule(flags)], split), flags).toEqual([
        ['/0', 11, 25],
        ['/1', 0, 5],
      ]);
    }
  });

  it('in checkReply too', async () => {
    for (const [flags, anchored] of [
      ['y', true],
      ['gy', false],
      ['', false],
    ] as const) {
      const result = await checkReply(
        JSON.stringify({ segments: [{ type: 'text', data: { text } }] }),
        { leaks: { rules: [acme(flags, anchored)] } },
      );
      expect(result.status, flags).toBe('completed');
      expect(result.value?.segments[0]).toEqual({
        type: 'text',
        data: { text: 'hello [REDACTED] and [REDACTED] end' },
      });
      expect(result.findings.map((f) => f.rule)).toEqual(['acme', 'acme']);
    }
  });
});

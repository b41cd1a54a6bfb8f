import { describe, expect, it } from 'vitest';
import { maskLeaks } from '../../src/leaks/maskLeaks';

// Issue 32, round 15: an entry whose rules an earlier hit ruled out (its `within` character too
// far) is passed over only up to where that still holds: a later hit of it, nearer, is read.
const segments = (...texts: string[]) => ({
  segments: texts.map((text) => ({ type: 'text', data: { text } })),
});

describe('hits of an entry ruled out earlier', () => {
  it('a URL credential cut by a seam, after a URL ruled out before the same @', () => {
    // The first URL is ruled out (a stop before the @), but the @ is within its distance: a
    // horizon up to the @ itself (the distance ignored) would pass over the credential's URL.
    const filler = 'Some ordinary prose between the links, nothing to see here. ';
    const reply = segments(
      'see https://example.com/docs/1',
      ` and more.\n${filler}`,
      'connect to https://deploy:Xk29vQ',
      'p7Lm4Rt@db.example.com now',
    );
    const { value, findings } = maskLeaks(reply);
    expect(findings.map((finding) => finding.rule)).toContain('basic-auth-url');
    expect(JSON.stringify(value)).not.toContain('Xk29vQ');
  });
});

import { describe, expect, it } from 'vitest';
import { offsets } from '../../src/leaks/passOutput';
import { separatedRunAt } from '../../src/leaks/separatedRuns';

// Issue 32: where the first pass's sampled search finds a run of separated units (characters or
// hex bytes spaced out, `0x` bytes listed) from each of a text's first 12 positions, pinned: a
// cheaper unit read (round 15 tried one reading a unit's length only up to 3) must find the same.
const token = 'ghp_aB3dE6gH9jK2mN5pQ8sT1vW4';
const codes = [...token].map((c) => c.charCodeAt(0).toString(16));
const TEXTS: [string, string, string][] = [
  ['spaced characters', `x ${token.split('').join(' ')} y`, '59'.repeat(12)],
  ['spaced bytes', `x ${codes.join(' ')} y`, `-${'85'.repeat(11)}`],
  [
    'listed, comma and space',
    `x ${codes.map((c) => `0x${c}`).join(', ')} y`,
    `-${'168'.repeat(11)}`,
  ],
  ['listed, comma', `x ${codes.map((c) => `0x${c}`).join(',')} y`, `-${'141'.repeat(8)}---`],
  ['listed, space', `x ${codes.map((c) => `0X${c}`).join(' ')} y`, `-${'141'.repeat(11)}`],
  ['prose', 'please take a look at case 4: a b c d e 67 68 0x67 or 0x6g, ok', '-'.repeat(12)],
];

describe('separated runs from a sampled position', () => {
  it.each(TEXTS)('%s', (_name, text, expected) => {
    let found = '';
    for (let at = 0; at < 12; at++) {
      const to = separatedRunAt(text, at, offsets());
      found += to > at ? String(to) : '-';
    }
    expect(found).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { offsets } from '../../src/leaks/passOutput';
import { separatedRunAt } from '../../src/leaks/separatedRuns';

// Issue 32: separatedRunAt reads a unit's length only as far as it decides the kind (1 a spaced
// character, 2 a spaced byte, 3 or more a listed `0x` byte). Where a run is found from each of a
// text's first sampled positions is pinned: the same as when the whole unit was read.
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

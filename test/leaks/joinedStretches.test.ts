import { describe, expect, it } from 'vitest';
import { replyText } from '../../bench/replies';
import { firstPass } from '../../src/leaks/firstPass';
import { joinedWindows } from '../../src/leaks/joinedWindows';
import { LEAK_RULES } from '../../src/leaks/leakRules';
import { scanLeaks } from '../../src/leaks/maskLeaks';
import { toArray } from '../../src/leaks/passOutput';
import { scanTables } from '../../src/leaks/scanTables';
import { RULE_SAMPLES } from './ruleSamples';

// Issue 32, round 14: the joined view around a finding is the stretch its keywords' matches may
// read (64 characters of context either side, widened to a space), not 160 more each side.
const tables = scanTables(LEAK_RULES);
// The bench's scanner text with its three planted lines (scripts/bench.ts).
const plain = replyText(4096, 'ordinary');
const half = plain.length >> 1;
const planted = ['github-token', 'basic-auth-url', 'aws-access-key-id']
  .map((rule) => RULE_SAMPLES[rule]!.tp[0])
  .join('\n');
const text = `${plain.slice(0, half)}\n${planted}\n${plain.slice(half)}`;

/** The windows of the joined view of `text`'s own breaks, as scanText asks for them. */
function windows(): [number, number][] {
  const pass = firstPass(text, tables, true, 0);
  const breaks = toArray(pass.breaks);
  expect(breaks.length).toBeGreaterThan(0);
  return joinedWindows(text, breaks, [], pass, tables, false, 1);
}

describe('a finding joined across a line break costs only its stretch', () => {
  it('reads from 128 characters (and a word) before the first keyword near the seam', () => {
    const found = windows();
    expect(found.length).toBeGreaterThan(0);
    const hit = text.indexOf(RULE_SAMPLES['github-token']!.tp[0]!);
    const start = Math.min(...found.map(([a]) => a));
    // Base read ~160 characters and a word further back than this.
    expect(start).toBeGreaterThanOrEqual(hit - 128 - 24);
  });

  it('finds the same secrets as before', () => {
    expect(scanLeaks(text).map((f) => f.rule)).toEqual([
      'github-token',
      'basic-auth-url',
      'aws-access-key-id',
    ]);
  });
});

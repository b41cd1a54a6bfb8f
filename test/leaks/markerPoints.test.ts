import { describe, expect, it } from 'vitest';
import { firstPass } from '../../src/leaks/firstPass';
import { LEAK_RULES } from '../../src/leaks/leakRules';
import { maskLeaks } from '../../src/leaks/maskLeaks';
import { scanTables } from '../../src/leaks/scanTables';
import { isTokenChar } from '../../src/leaks/tokenChars';

// Issue 32: the emphasis and code markers (`*`, backtick) are found after the first pass's loop
// (a native search per run, not an event per marker) and their points merged into the loop's.
// The points stay those of a marker run read where it starts, in order with the others.

const tables = scanTables(LEAK_RULES);
const pointsOf = (text: string) => {
  const { points } = firstPass(text, tables, true, 0);
  return Array.from(points.list.subarray(0, points.length));
};

/** A run of one marker is a point where it may change a token: between token characters or beside `:`/`=`. */
function markerRuns(text: string): number[] {
  const points: number[] = [];
  const operator = (c: number) => c === 0x3a || c === 0x3d;
  for (let at = 0; at < text.length;) {
    const code = text.charCodeAt(at);
    if (code !== 0x2a && code !== 0x60) {
      at++;
      continue;
    }
    let end = at + 1;
    while (end < text.length && text.charCodeAt(end) === code) end++;
    const before = at > 0 ? text.charCodeAt(at - 1) : 0x20;
    const after = end < text.length ? text.charCodeAt(end) : 0x20;
    if (
      (isTokenChar(before) && (isTokenChar(after) || operator(after))) ||
      (operator(before) && after !== 0x0a)
    )
      points.push(at);
    at = end;
  }
  return points;
}

const ATOMS = [
  '*',
  '**',
  '`',
  '```',
  '~~',
  'a',
  'Z9',
  ':',
  '=',
  ' ',
  '\n',
  '&#x67;',
  '%67',
  '\\x67',
  'é',
  'е',
  '\u200b',
  '\ud83d\ude00',
  '\ud83d',
  '\ude00',
  '日本',
  '|',
  '—',
];

describe('marker points', () => {
  it('are the marker runs` points, in order among the other points', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    for (let k = 0; k < 3000; k++) {
      let text = '';
      for (let j = 1 + Math.floor(random() * 16); j > 0; j--)
        text += ATOMS[Math.floor(random() * ATOMS.length)];
      const points = pointsOf(text);
      for (let j = 1; j < points.length; j++) expect(points[j]).toBeGreaterThan(points[j - 1]!);
      const markers = points.filter((at) => text[at] === '*' || text[at] === '`');
      expect(markers, JSON.stringify(text)).toEqual(markerRuns(text));
    }
  });

  it('merge with escapes and look-alikes before, between and after them', () => {
    expect(pointsOf('a**b %67 c`d` &#x67;x =**y')).toEqual([1, 5, 10, 14, 23]);
    expect(pointsOf('%67 a*b')).toEqual([0, 5]);
    expect(pointsOf('a*b %67')).toEqual([1, 4]);
    expect(pointsOf('\ud83d**a a**\ud83d\ude00')).toEqual([]);
  });

  it('leave a host keyword that holds a marker to the automaton: found, and its points still read', () => {
    const rules = [
      ...LEAK_RULES,
      {
        id: 'star-key',
        family: 'host',
        keywords: ['k*y`'],
        anchored: true,
        pattern: /k\*y`\d{6}/g,
      },
    ];
    const hostTables = scanTables(rules);
    const text = 'a**b k*y`123456 c*d';
    const { hits, points } = firstPass(text, hostTables, true, 0);
    const entries = Array.from(hits.list.subarray(0, hits.length));
    const at = entries.findIndex((value, k) => k % 2 === 0 && value === 5);
    expect(at, 'the keyword is a hit at 5').toBeGreaterThanOrEqual(0);
    expect(hostTables.keywords[entries[at + 1]!]).toBe('k*y`');
    expect(Array.from(points.list.subarray(0, points.length))).toEqual([1, 6, 8, 17]);
    expect(maskLeaks(text, { rules }).findings.map((found) => found.rule)).toContain('star-key');
  });
});

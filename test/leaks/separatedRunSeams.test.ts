import { describe, expect, it } from 'vitest';
import { scanLeaks } from '../../src/leaks/maskLeaks';

// A run of separated units (spaced out, or hex bytes spaced out) hard-wrapped across lines: the
// joined view decodes it whole only when the seam's window is kept, as for a token run; a seam
// with short units spaced out on both sides is not decided inert without its copy.
const token = 'ghp_aB3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0eF3hI6kL9nO2qR5tU8wX1zA4cD7fG0';
const spaced = token.split('').join(' ');
const bytes = [...token].map((c) => c.charCodeAt(0).toString(16)).join(' ');
const wrap = (text: string, width: number) =>
  text.match(new RegExp(`.{1,${width}}`, 'g'))!.join('\n');
const rules = (text: string) => scanLeaks(text).map((f) => [f.rule, f.start]);

describe('a separated run across a seam', () => {
  it('finds a spaced-out token hard-wrapped at any width, with or without text before', () => {
    for (const width of [20, 30, 40, 60])
      for (const before of ['', 'note\n']) {
        const text = before + wrap(spaced, width);
        expect(rules(text), `${width} ${JSON.stringify(before)}`).toContainEqual([
          'github-token',
          before.length,
        ]);
      }
  });

  it('finds hex bytes spaced out and hard-wrapped', () => {
    for (const width of [30, 60]) {
      const text = `note\n${wrap(bytes, width)}`;
      expect(
        rules(text).map((f) => f[0]),
        String(width),
      ).toContain('github-token');
    }
  });
});

import { readFileSync } from 'node:fs';
import { tests } from 'commonmark-spec';
import { describe, expect, it } from 'vitest';
import { COMMONMARK_POLICY } from '../../src/markdown/commonmarkPolicy';
import { markdownToHtml } from '../../src/markdown/markdownToHtml';
import { micromarkHtml, normalised } from './references';

// The CommonMark 0.31.2 spec examples (spec.txt writes a tab as →). The few whose expected HTML
// relies on raw HTML or unsafe protocols are checked in fixtures/commonmark/divergences.json with
// the reason, and must render as micromark with raw HTML off renders them.
const divergences = JSON.parse(
  readFileSync(new URL('../fixtures/commonmark/divergences.json', import.meta.url), 'utf8'),
) as Record<string, { reason: string; examples: number[] }>;
const diverging = new Map<number, string>();
for (const [name, entry] of Object.entries(divergences)) {
  if (typeof entry === 'object') for (const number of entry.examples) diverging.set(number, name);
}
const examples = tests.map((example) => ({
  ...example,
  markdown: example.markdown.replace(/→/g, '\t'),
  html: example.html.replace(/→/g, '\t'),
}));

describe('the CommonMark spec examples', () => {
  it.each(examples.filter((example) => !diverging.has(example.number)))(
    'example $number ($section)',
    ({ markdown, html }) => {
      expect(normalised(markdownToHtml(markdown, COMMONMARK_POLICY))).toBe(normalised(html));
    },
  );

  it.each(examples.filter((example) => diverging.has(example.number)))(
    'example $number ($section) renders as micromark without raw HTML',
    ({ number, markdown, html }) => {
      const ours = normalised(markdownToHtml(markdown, COMMONMARK_POLICY));
      expect(ours).toBe(normalised(micromarkHtml(markdown)));
      // Listed only while it does differ from the spec.
      expect(ours, `example ${number} no longer diverges: drop it from the list`).not.toBe(
        normalised(html),
      );
    },
  );

  it('the divergence list names real examples, each once', () => {
    const listed = Object.values(divergences).flatMap((entry) =>
      typeof entry === 'object' ? entry.examples : [],
    );
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.every((number) => number >= 1 && number <= examples.length)).toBe(true);
    expect(examples.length).toBe(652);
  });
});

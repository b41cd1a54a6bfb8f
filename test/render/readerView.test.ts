// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { Segment } from '../../src/segments/segmentCatalog';
import { completedReply } from './completedReply';
import { renderHtml } from '../../src/render/renderHtml';
import { renderText } from '../../src/render/renderText';

// What the reader sees is what was checked: bidi controls and characters that render as nothing
// never reach the page (raw or as references), every segment and field is isolated, and a link
// shows the host it really goes to.
const completed = (...segments: Segment[]) => completedReply({ segments });
const dom = (html: string) => {
  const host = document.createElement('div');
  host.innerHTML = html;
  return host;
};
const HIDDEN =
  /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\ufff9-\ufffc\u00ad\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\u{e0041}/u;
const RLO = '\u202e';

const hostile = completed(
  { type: 'text', data: { text: `pay ${RLO}0001$ now\u2066, key ghp_\u200babc\ufff9def` } },
  {
    type: 'markdown',
    data: {
      content: `**a${RLO}b** \`c\u2067d\` &#x202E;e&rlm;f&#8203;g&ZeroWidthSpace;h [x${RLO}y](https://a.example/ "t${RLO}t") ![i${RLO}j](https://a.example/i.png)`,
    },
  },
  { type: 'mention', data: { target: `42${RLO}` } },
  { type: 'share', data: { url: 'https://a.example/p', title: `moc.elgoog${RLO}` } },
  {
    type: 'file',
    data: { media: { kind: 'url', value: 'https://a.example/report%E2%80%AEfdp.exe' } },
  },
  { type: 'reply', data: { message_id: `m${RLO}1` } },
);

describe('renderHtml shows the reader text', () => {
  it('writes no bidi control or invisible character, raw or as a reference', () => {
    const html = renderHtml(hostile, { mentionName: (id) => `Ada\u202b${id}`, imageHosts: 'any' });
    // The mention's data-user-id keeps the platform id exactly as the host allowed it: data,
    // never shown. Everything else is free of hidden characters.
    expect(html.replace(/ data-user-id="[^"]*"/, '')).not.toMatch(HIDDEN);
    const text = dom(html).textContent;
    expect(text).not.toMatch(HIDDEN);
    expect(text).toContain('pay 0001$ now, key ghp_abcdef');
    expect(text).toContain('efgh');
    expect(text).toContain('@Ada42');
    expect(text).toContain('file: reportfdp.exe');
    for (const element of dom(html).querySelectorAll('[title], [alt]')) {
      expect(element.getAttribute('title') ?? '').not.toMatch(HIDDEN);
      expect(element.getAttribute('alt') ?? '').not.toMatch(HIDDEN);
    }
  });

  it('isolates every segment (dir="auto"), so none reorders the next', () => {
    const host = dom(renderHtml(hostile, { imageHosts: 'any' }));
    const segments = Array.from(host.children);
    expect(segments).toHaveLength(6);
    for (const segment of segments)
      expect(segment.getAttribute('dir'), segment.outerHTML).toBe('auto');
  });

  it('isolates each field of a share card and shows its host left to right, in punycode', () => {
    const html = renderHtml(
      completed({
        type: 'share',
        data: { url: 'https://раураl.com/login', title: `Pay${RLO}Pal` },
      }),
    );
    const card = dom(html).querySelector('a.rg-share')!;
    expect(card.querySelector('strong')?.getAttribute('dir')).toBe('auto');
    expect(card.querySelector('strong')?.textContent).toBe('PayPal');
    expect(card.querySelector('small')?.getAttribute('dir')).toBe('ltr');
    expect(card.querySelector('small')?.textContent).toBe('xn--l-7sba6dbr.com');
  });
});

describe('a Markdown link shows the host it goes to when its text names another', () => {
  const note = (content: string) =>
    dom(renderHtml(completed({ type: 'markdown', data: { content } }))).querySelector(
      'a small.rg-link-host',
    )?.textContent;

  it.each([
    [
      'a URL of another host',
      '[https://good.example/login](https://evil.example/x)',
      '(evil.example)',
    ],
    ['a bare host', '[good.example](https://evil.example/x)', '(evil.example)'],
    [
      'a host among words',
      '[log in at good.example now](https://evil.example:8443/)',
      '(evil.example:8443)',
    ],
    [
      'user info that looks like the host',
      '[good.example@evil](https://evil.example/)',
      '(evil.example)',
    ],
    ['a look-alike in another script', '[pаypal.com](https://pаypal.com/)', '(xn--pypal-4ve.com)'],
    ['a look-alike in an autolink', '<http://аpple.com/x>', '(xn--pple-43d.com)'],
    [
      'a host reversed by a bidi override',
      `[moc.live\u202e](https://evil.example/)`,
      '(evil.example)',
    ],
  ])('%s', (_name, content, shown) => {
    expect(note(content)).toBe(shown);
  });

  it.each([
    ['plain words', '[the docs](https://docs.example.com/)'],
    ['its own host', '[docs.example.com](https://docs.example.com/a)'],
    ['its own URL', '<https://docs.example.com/a>'],
    ['a relative link', '[other.example](/relative)'],
    ['a mail link', '[a@b.example](mailto:a@b.example)'],
    ['a mail autolink', '<a@b.example>'],
  ])('but not for %s', (_name, content) => {
    expect(note(content)).toBeUndefined();
  });
});

describe('renderText', () => {
  it('carries no raw bidi control or invisible character: each is written as an escape', () => {
    const text = renderText(hostile);
    expect(text).not.toMatch(HIDDEN);
    expect(text).toContain('pay \\u202e0001$ now\\u2066, key ghp_\\u200babc\\ufff9def');
    expect(text).toContain('[reply to m\\u202e1]');
  });

  it('escapes a carriage return, which would let a line overwrite itself', () => {
    expect(renderText(completed({ type: 'text', data: { text: 'ok\rFAKE' } }))).toBe(
      'ok\\u000dFAKE',
    );
  });
});

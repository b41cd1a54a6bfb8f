// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { linkDestination } from '../../src/render/linkDestination';
import { renderHtml } from '../../src/render/renderHtml';
import { completedReply } from './completedReply';
import { linkProblems, readLinks } from './linkCheck';
import { AUDIT_VECTORS, GENERATED } from './linkVectors';

// A link shows where it really goes (issue 27): the note names the host the browser goes to
// (read from the rendered `a.href`, here in happy-dom; in Chromium in linkHost.e2e.test.ts), and
// an address that resolves against the page is no link at all.
const render = (content: string) =>
  renderHtml(completedReply({ segments: [{ type: 'markdown', data: { content } }] }));
const note = (content: string) => readLinks(render(content))[0]?.note;

describe('the note names the host the browser goes to', () => {
  it.each([
    ['the audit', AUDIT_VECTORS],
    ['every generated text and target', GENERATED],
  ])('%s', (_name, cases) => {
    expect(cases.length).toBeGreaterThan(40);
    const problems = cases.flatMap((link) => linkProblems(link, readLinks(render(link.markdown))));
    expect(problems).toEqual([]);
  });

  it('the check catches a link that lies (negative control)', () => {
    const lying = '<a href="https://evil.example/">bank.example</a>';
    expect(linkProblems({ markdown: '', named: ['bank.example'] }, readLinks(lying))).toHaveLength(
      1,
    );
    const wrongNote =
      '<a href="https://evil.example/">bank.example <small class="rg-link-host">(bank.example)</small></a>';
    expect(
      linkProblems({ markdown: '', named: ['bank.example'] }, readLinks(wrongNote)),
    ).toHaveLength(1);
  });

  it('every audit vector that stays a link gets its note', () => {
    // Each names bank.example (or another host) and goes elsewhere, or is no link.
    for (const { markdown } of AUDIT_VECTORS) {
      for (const link of readLinks(render(markdown))) {
        if (link.hostname !== 'bank.example') expect(link.note, markdown).toBe(`(${link.host})`);
      }
    }
  });
});

describe('hosts are compared whole', () => {
  it.each([
    [
      'a longer host',
      '[paypal.com](https://paypal.com.evil.example/)',
      '(paypal.com.evil.example)',
    ],
    ['a shorter host', '[www.paypal.com](https://paypal.com/)', '(paypal.com)'],
    ['a host ending the same', '[paypal.com](https://evilpaypal.com/)', '(evilpaypal.com)'],
  ])('%s gets the note', (_name, content, shown) => {
    expect(note(content)).toBe(shown);
  });

  it.each([
    ['the same host', '[paypal.com](https://paypal.com/login)'],
    ['in capitals', '[PayPal.COM](https://paypal.com/)'],
    ['with its default port', '[paypal.com:443](https://paypal.com/)'],
    ['an IPv4 address', '[192.168.1.1](http://192.168.1.1/)'],
    ['an IPv6 address', '[https://[::1]:8443/](https://[::1]:8443/)'],
    ['localhost', '[localhost:8443](http://localhost:8443/x)'],
    ['the same host on another port', '[localhost:8443](http://localhost:9000/)'],
    ['an ideographic full stop', '[paypal。com](https://paypal.com/)'],
    ['a number', '[version 1.2](https://evil.example/)'],
    ['a path', '[https://paypal.com/evil.example](https://paypal.com/evil.example)'],
  ])('%s needs none', (_name, content) => {
    expect(readLinks(render(content))).toHaveLength(1);
    expect(note(content)).toBeUndefined();
  });
});

describe("mail and XMPP links name their recipients' domains", () => {
  it.each([
    [
      'a mail to another domain',
      '[support@bank.example](mailto:help@evil.example)',
      '(evil.example)',
    ],
    [
      'a mail to two domains',
      '[support@bank.example](mailto:support@bank.example,x@evil.example)',
      '(bank.example, evil.example)',
    ],
    ['an XMPP address', '[bank.example](xmpp:support@evil.example)', '(evil.example)'],
  ])('%s gets the note', (_name, content, shown) => {
    expect(note(content)).toBe(shown);
  });

  it.each([
    ['its own domain', '[support@bank.example](mailto:support@bank.example?subject=hi)'],
    [
      'every domain named',
      '[a@bank.example, b@evil.example](mailto:a@bank.example,b@evil.example)',
    ],
    ['no host named', '[write to us](mailto:help@evil.example)'],
    ['a mail autolink', '<support@bank.example>'],
  ])('%s needs none', (_name, content) => {
    expect(readLinks(render(content))).toHaveLength(1);
    expect(note(content)).toBeUndefined();
  });

  it('keeps only the recipients: no subject, body or copy written in advance', () => {
    const html = render(
      '[support@bank.example](mailto:support@bank.example?subject=Hi&body=SECRET&bcc=x@evil.example)',
    );
    expect(readLinks(html)).toEqual([expect.objectContaining({ note: undefined })]);
    expect(html).toContain('href="mailto:support@bank.example"');
    expect(html).not.toContain('SECRET');
    expect(html).not.toContain('evil.example');
  });
});

describe('addresses that resolve against the page are refused', () => {
  it.each([
    '//evil.example/login',
    '///evil.example',
    '\\/\\/evil.example',
    '&#47;&#47;evil.example',
    '<//evil.example>',
    'https:evil.example',
    'https:/evil.example',
    '/relative',
    'relative/path.html',
    '#top',
    '?q=1',
    'javascript:alert(1)',
    'data:text/html,x',
  ])('%s: the text stays, no link', (destination) => {
    const html = render(`[bank.example](${destination})`);
    expect(readLinks(html)).toEqual([]);
    expect(html).toBe('<div class="rg-markdown" dir="auto"><p>bank.example</p></div>');
  });

  it('an image from such an address is its label, with no link', () => {
    const html = render('![chart](//evil.example/c.png)');
    expect(html).toContain('<span class="rg-image-link"');
    expect(html).not.toContain('evil.example');
  });
});

describe('linkDestination', () => {
  it.each([
    [
      'https://bank.example\\@evil.example/',
      'https://bank.example/@evil.example/',
      ['bank.example'],
      'bank.example',
    ],
    [
      'https://bank.example%5C@evil.example/',
      'https://bank.example%5C@evil.example/',
      ['evil.example'],
      'evil.example',
    ],
    [
      ' HTTPS://EVIL.example:443/a b',
      'https://evil.example/a%20b',
      ['evil.example'],
      'evil.example',
    ],
    ['ht\ttps://evil.ex\nample/', 'https://evil.example/', ['evil.example'], 'evil.example'],
    ['https://0x7f.1/', 'https://127.0.0.1/', ['127.0.0.1'], '127.0.0.1'],
    [
      'https://bаnk.example/',
      'https://xn--bnk-6cd.example/',
      ['xn--bnk-6cd.example'],
      'xn--bnk-6cd.example',
    ],
    ['irc://EVIL.example/chan', 'irc://EVIL.example/chan', ['evil.example'], 'evil.example'],
    [
      'ircs://evil.example:6697/',
      'ircs://evil.example:6697/',
      ['evil.example'],
      'evil.example:6697',
    ],
    ['mailto:a@EVIL.example', 'mailto:a@EVIL.example', ['evil.example'], 'evil.example'],
    [
      'mailto:a@x.example,b@y.example?cc=c@z.example&body=hi',
      'mailto:a@x.example,b@y.example',
      ['x.example', 'y.example'],
      'x.example, y.example',
    ],
    ['mailto:someone', 'mailto:someone', ['someone'], 'someone'],
    // An escaped `@` or a sign no host name holds shows the recipient as written, escapes and all.
    [
      'mailto:a%40evil.example',
      'mailto:a%40evil.example',
      ['a%40evil.example'],
      'a%40evil.example',
    ],
    ['mailto:a@evil.example>', 'mailto:a@evil.example>', ['evil.example>'], 'evil.example>'],
    [
      'mailto:a@x.example%2Cb@evil.example',
      'mailto:a@x.example%2Cb@evil.example',
      ['x.example', 'evil.example'],
      'x.example, evil.example',
    ],
    // Another scheme's host is opaque: not ASCII, it shows escaped, no look-alike of a name.
    ['irc://bаnk.example/', 'irc://b%D0%B0nk.example/', ['b%d0%b0nk.example'], 'b%d0%b0nk.example'],
    [
      'xmpp:romeo@evil.example/orchard',
      'xmpp:romeo@evil.example/orchard',
      ['evil.example'],
      'evil.example',
    ],
    ['xmpp:evil.example', 'xmpp:evil.example', ['evil.example'], 'evil.example'],
  ])('%j goes to %j', (address, href, hosts, shown) => {
    expect(linkDestination(address)).toMatchObject({ href, hosts, shown });
  });

  it.each([
    '//evil.example',
    '\\\\evil.example',
    'https:evil.example',
    'https:/evil.example',
    'https:\\evil.example',
    '\u00a0https://evil.example/',
    'evil.example',
    'ftp://evil.example/',
    'javascript:alert(1)',
    'irc:evil.example',
    'irc:///chan',
    'mailto:',
    'mailto:?subject=hi',
    'mailto:a@',
    'mailto:a@x.example,',
    'xmpp://guest@bank.example/support@evil.example',
    'xmpp:',
    'https://a%40b.example/',
    'https://%/',
  ])('%j is refused', (address) => {
    expect(linkDestination(address)).toBeUndefined();
  });

  it('what it keeps resolves the same on every page; what it refuses does not', () => {
    const bases = [
      'https://page.example/a/b',
      'http://page.example/',
      'https://bank.example/',
      'file:///tmp/x.html',
    ];
    const resolved = (address: string) =>
      bases.map((base) => {
        try {
          return new URL(address, base).href;
        } catch {
          return 'invalid';
        }
      });
    const kept = [
      'https://bank.example\\@evil.example/',
      'HTTPS:\\\\evil.example',
      'https:/\\evil.example/x',
      ' https://evil.example',
      'irc://evil.example/',
      'mailto:a@evil.example',
    ];
    for (const address of kept) {
      const { href } = linkDestination(address)!;
      expect(resolved(address), address).toEqual(bases.map(() => href));
    }
    for (const address of [
      'https:evil.example',
      'https:/evil.example',
      '//evil.example',
      '\\/evil.example',
    ]) {
      expect(linkDestination(address), address).toBeUndefined();
      expect(new Set(resolved(address)).size, address).toBeGreaterThan(1);
    }
  });
});

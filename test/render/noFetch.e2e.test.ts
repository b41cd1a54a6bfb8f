import { existsSync, readFileSync } from 'node:fs';
import { characterEntities } from 'character-entities';
import { type Browser, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplyResult } from '../../src/results/replyResult';
import type { SegmentReply } from '../../src/segments/segmentCatalog';
import { ALLOWED_IMAGE_HOST, XSS_CORPORA, completed, everywhere } from './hostileReplies';

// The browser build of replyguard/render in real headless Chromium: every request the page makes
// is intercepted and recorded, so a render that fetched anything the allow-list does not permit
// (an image, a preload, a script an XSS payload slipped in) would show up here. `npm test` builds
// dist/ first.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = new URL('../../', import.meta.url).pathname;
const ORIGIN = 'http://render.test';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PAGE =
  '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><div id="out" hidden></div><script type="module" src="/main.js"></script>';
const MAIN =
  "import * as render from '/render.js'; window.render = render; document.documentElement.dataset.ready = 'yes';";

/** The Content-Security-Policy docs/rendering.md recommends, with the test's image host in it. */
const documentedCsp = () => {
  const line = /^Content-Security-Policy: (.+)$/m.exec(
    readFileSync(`${root}docs/rendering.md`, 'utf8'),
  )?.[1];
  if (!line) throw new Error('docs/rendering.md lost its Content-Security-Policy line');
  return line.replaceAll('cdn.example.com', ALLOWED_IMAGE_HOST);
};

let browser: Browser;
let browserBuild: string;

beforeAll(async () => {
  if (!existsSync(executablePath))
    throw new Error(
      `Chromium not found at ${executablePath}: apt-get install chromium (or set CHROMIUM_PATH)`,
    );
  browserBuild = readFileSync(`${root}dist/render.browser.js`, 'utf8');
  browser = await chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/** A page with the browser build loaded; every request it makes lands in `requests`. */
async function openPage(
  csp?: string,
): Promise<{ page: Page; requests: string[]; dialogs: string[] }> {
  const page = await browser.newPage();
  const requests: string[] = [];
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.route('**', async (route) => {
    const url = new URL(route.request().url());
    requests.push(url.href);
    const own = url.origin === ORIGIN;
    if (own && url.pathname === '/')
      return route.fulfill({
        contentType: 'text/html',
        body: PAGE,
        headers: csp ? { 'content-security-policy': csp } : {},
      });
    if (own && url.pathname === '/main.js')
      return route.fulfill({ contentType: 'text/javascript', body: MAIN });
    if (own && url.pathname === '/render.js')
      return route.fulfill({ contentType: 'text/javascript', body: browserBuild });
    if (url.host === ALLOWED_IMAGE_HOST)
      return route.fulfill({ contentType: 'image/png', body: PNG });
    return route.abort();
  });
  await page.goto(`${ORIGIN}/`);
  await page.waitForSelector('html[data-ready=yes]');
  return { page, requests, dialogs };
}

/**
 * Renders the results into the page (or inserts raw HTML, for the controls) and waits until every
 * image has finished and no media is loading, so any request they would make has been made.
 * `loading="lazy"` is removed first: every image loads at once, wherever it sits.
 */
async function renderAll(
  page: Page,
  results: readonly ReplyResult<SegmentReply>[],
  rawHtml = '',
  hosts: 'list' | 'none' | 'any' = 'list',
): Promise<void> {
  const batches: ReplyResult<SegmentReply>[][] = [];
  for (let i = 0; i < results.length; i += 400) batches.push(results.slice(i, i + 400));
  for (const [index, batch] of (batches.length > 0 ? batches : [[]]).entries()) {
    await page.evaluate(
      ({ batch: shown, raw, host, mode }) => {
        const render = (window as unknown as { render: typeof import('../../src/render/index') })
          .render;
        const template = document.createElement('template');
        template.innerHTML =
          raw +
          shown
            .map((result) =>
              render.renderHtml(
                result,
                mode === 'none'
                  ? {}
                  : { imageHosts: mode === 'any' ? 'any' : [host], mentionName: (id) => id },
              ),
            )
            .join('');
        for (const img of Array.from(template.content.querySelectorAll('img')))
          img.removeAttribute('loading');
        document.getElementById('out')!.append(template.content);
      },
      { batch, raw: index === 0 ? rawHtml : '', host: ALLOWED_IMAGE_HOST, mode: hosts },
    );
  }
  await page.waitForFunction(
    () =>
      Array.from(document.images).every((img) => img.complete) &&
      Array.from(document.querySelectorAll('audio, video')).every(
        (media) => (media as HTMLMediaElement).networkState !== HTMLMediaElement.NETWORK_LOADING,
      ),
    undefined,
    { timeout: 60_000 },
  );
}

const pageItself = (url: string) =>
  [`${ORIGIN}/`, `${ORIGIN}/main.js`, `${ORIGIN}/render.js`].includes(url);
const allowed = (url: string) => pageItself(url) || new URL(url).host === ALLOWED_IMAGE_HOST;

describe('the browser renderer in Chromium', () => {
  it(
    'renders every hostile reply without a request the allow-list does not permit',
    { timeout: 300_000 },
    async () => {
      const { page, requests, dialogs } = await openPage();
      const controls = completed({
        segments: [
          {
            type: 'markdown',
            data: {
              content: `An allowed chart: ![ok](https://${ALLOWED_IMAGE_HOST}/markdown.png)`,
            },
          },
          {
            type: 'image',
            data: { media: { kind: 'url', value: `https://${ALLOWED_IMAGE_HOST}/segment.png` } },
          },
        ],
      });
      const hostile = XSS_CORPORA.flatMap(([, payloads]) => payloads.map(everywhere));
      await renderAll(page, [controls, ...hostile]);
      expect(hostile.length).toBeGreaterThan(6000);
      // The allowed images did load, so the page fetches what it renders and the recorder sees it.
      expect(requests).toContain(`https://${ALLOWED_IMAGE_HOST}/markdown.png`);
      expect(requests).toContain(`https://${ALLOWED_IMAGE_HOST}/segment.png`);
      expect(requests.filter((url) => !allowed(url))).toEqual([]);
      expect(await page.locator('#out a.rg-image-link').count()).toBeGreaterThan(hostile.length);
      expect(dialogs).toEqual([]);
      await page.close();
    },
  );

  it('with no options nothing loads from outside: every image, audio and video is a link', async () => {
    const { page, requests } = await openPage();
    const outside = (host: string) =>
      completed({
        segments: [
          { type: 'markdown', data: { content: `![md](https://${host}/markdown.png)` } },
          { type: 'image', data: { media: { kind: 'url', value: `https://${host}/segment.png` } } },
          { type: 'audio', data: { media: { kind: 'url', value: `https://${host}/a.mp3` } } },
          { type: 'video', data: { media: { kind: 'url', value: `https://${host}/v.mp4` } } },
        ],
      });
    const hostile = XSS_CORPORA.flatMap(([, payloads]) => payloads.slice(0, 200).map(everywhere));
    await renderAll(
      page,
      [outside(ALLOWED_IMAGE_HOST), outside('evil.example'), ...hostile],
      '',
      'none',
    );
    expect(requests.filter((url) => !pageItself(url))).toEqual([]);
    expect(await page.locator('#out img, #out audio, #out video').count()).toBe(0);
    expect(await page.locator('#out a.rg-image-link').count()).toBeGreaterThan(8);
    await page.close();
  });

  it("with imageHosts: 'any' media from every host loads (so the default above is the option's work)", async () => {
    const { page, requests } = await openPage();
    await renderAll(
      page,
      [
        completed({
          segments: [
            { type: 'markdown', data: { content: '![md](https://any-host.test/markdown.png)' } },
            { type: 'image', data: { media: { kind: 'url', value: 'https://other.test/s.png' } } },
          ],
        }),
      ],
      '',
      'any',
    );
    expect(requests).toEqual(
      expect.arrayContaining(['https://any-host.test/markdown.png', 'https://other.test/s.png']),
    );
    await page.close();
  });

  it('a link shows the host it goes to, whatever bidi controls or look-alikes its text holds', async () => {
    const { page } = await openPage();
    await renderAll(
      page,
      [
        completed({
          segments: [
            { type: 'markdown', data: { content: '[moc.elgoog\u202e](https://evil.example/x)' } },
            { type: 'text', data: { text: 'after\u202eward' } },
            { type: 'markdown', data: { content: '[pаypal.com](https://pаypal.com/)' } },
          ],
        }),
      ],
      '',
      'none',
    );
    const text = await page.locator('#out').innerText();
    expect(text).toContain('moc.elgoog (evil.example)');
    expect(text).toContain('afterward');
    expect(text).toContain('pаypal.com (xn--pypal-4ve.com)');
    expect(text).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200e\u200f]/);
    await page.close();
  });

  it('the recorder catches what does fetch on its own (negative control)', async () => {
    const { page, requests } = await openPage();
    await renderAll(
      page,
      [],
      '<img src="https://evil.example/img"><img src="/collect?d=1"><video preload="auto" src="https://evil.example/video"></video>',
    );
    expect(requests.filter((url) => !allowed(url))).toEqual(
      expect.arrayContaining(['https://evil.example/img', `${ORIGIN}/collect?d=1`]),
    );
    await page.close();
  });

  it('under the documented Content-Security-Policy the browser itself refuses images off the list', async () => {
    const { page, requests } = await openPage(documentedCsp());
    const violations = await page.evaluateHandle(() => {
      const seen: string[] = [];
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
      );
      return seen;
    });
    await renderAll(
      page,
      [
        completed({
          segments: [
            { type: 'markdown', data: { content: `![ok](https://${ALLOWED_IMAGE_HOST}/csp.png)` } },
          ],
        }),
      ],
      '<img src="https://evil.example/bypassed-the-renderer">',
    );
    expect(requests).toContain(`https://${ALLOWED_IMAGE_HOST}/csp.png`);
    expect(requests.filter((url) => !allowed(url))).toEqual([]);
    await expect
      .poll(() => violations.jsonValue())
      .toEqual(['img-src https://evil.example/bypassed-the-renderer']);
    await page.close();
  });

  it('the browser build decodes every named character reference as the complete build does', async () => {
    const { page } = await openPage();
    const complete = (await import(
      `${root}dist/render.js`
    )) as typeof import('../../src/render/index');
    const names = Object.keys(characterEntities);
    expect(names.length).toBeGreaterThan(2000);
    const results = [];
    for (let i = 0; i < names.length; i += 100) {
      results.push(
        completed({
          segments: [
            {
              type: 'markdown',
              data: {
                content: names
                  .slice(i, i + 100)
                  .map(
                    (name) =>
                      `&${name}; &${name}x; [&${name};](https://a.example/?${name}=&${name};)`,
                  )
                  .join('\n'),
              },
            },
          ],
        }),
      );
    }
    results.push(
      completed({
        segments: [
          {
            type: 'markdown',
            data: {
              content:
                '&notit; &amp &#x26; &#0; &semi; &bogus; &AMP; ![&copy;](https://e.example/&lt;)',
            },
          },
        ],
      }),
    );
    const inBrowser = await page.evaluate(
      (list) =>
        list.map((result) =>
          (
            window as unknown as { render: typeof import('../../src/render/index') }
          ).render.renderHtml(result),
        ),
      results,
    );
    expect(inBrowser).toEqual(results.map((result) => complete.renderHtml(result)));
    await page.close();
  });
});

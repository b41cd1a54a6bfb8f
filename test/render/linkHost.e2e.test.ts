import { existsSync, readFileSync } from 'node:fs';
import { type Browser, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplyResult } from '../../src/results/replyResult';
import type { SegmentReply } from '../../src/segments/segmentCatalog';
import { completedReply } from './completedReply';
import { type SeenLink, linkProblems, readLinks } from './linkCheck';
import { AUDIT_VECTORS, GENERATED, type LinkCase } from './linkVectors';

// The browser build of replyguard/render in headless Chromium: each link of the audit's vectors
// and of the generated family is rendered into a page, and Chromium's own parser says where it
// goes (`a.href`, resolved against the page, then its host). The note must name that host
// whenever the text names another. `npm test` builds dist/ first.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = new URL('../../', import.meta.url).pathname;
const ORIGIN = 'https://page.test';
const PAGE =
  '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script type="module" src="/main.js"></script>';
const MAIN = `import * as render from '/render.js'; window.render = render; window.readLinks = ${readLinks.toString()}; document.documentElement.dataset.ready = 'yes';`;

let browser: Browser;
let page: Page;

beforeAll(async () => {
  if (!existsSync(executablePath))
    throw new Error(
      `Chromium not found at ${executablePath}: apt-get install chromium (or set CHROMIUM_PATH)`,
    );
  const browserBuild = readFileSync(`${root}dist/render.browser.js`, 'utf8');
  browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  page = await browser.newPage();
  await page.route('**', async (route) => {
    const url = new URL(route.request().url());
    if (url.origin !== ORIGIN) return route.abort();
    if (url.pathname === '/') return route.fulfill({ contentType: 'text/html', body: PAGE });
    if (url.pathname === '/main.js')
      return route.fulfill({ contentType: 'text/javascript', body: MAIN });
    if (url.pathname === '/render.js')
      return route.fulfill({ contentType: 'text/javascript', body: browserBuild });
    return route.abort();
  });
  await page.goto(`${ORIGIN}/`);
  await page.waitForSelector('html[data-ready=yes]');
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/** Each case rendered by the browser build and its links read by Chromium. */
async function seenInChromium(cases: readonly LinkCase[]): Promise<SeenLink[][]> {
  const results: ReplyResult<SegmentReply>[] = cases.map(({ markdown }) =>
    completedReply({ segments: [{ type: 'markdown', data: { content: markdown } }] }),
  );
  return page.evaluate((replies) => {
    const global = window as unknown as {
      render: typeof import('../../src/render/index');
      readLinks: typeof readLinks;
    };
    return replies.map((reply) => global.readLinks(global.render.renderHtml(reply)));
  }, results);
}

describe('in Chromium, the note names the host the browser goes to', () => {
  it.each([
    ['the audit', AUDIT_VECTORS],
    ['every generated text and target', GENERATED],
  ])('%s', { timeout: 120_000 }, async (_name, cases) => {
    const seen = await seenInChromium(cases);
    expect(seen.flat().length).toBeGreaterThan(cases.length / 3);
    expect(cases.flatMap((link, i) => linkProblems(link, seen[i]!))).toEqual([]);
  });

  it('a protocol-relative or page-relative address is no link, though Chromium would follow it', async () => {
    const cases = ['//evil.example/login', '\\/\\/evil.example', 'https:evil.example'].map(
      (destination) => ({ markdown: `[bank.example](${destination})`, named: ['bank.example'] }),
    );
    expect((await seenInChromium(cases)).flat()).toEqual([]);
    // The same addresses written by hand: Chromium resolves them to evil.example, or to a path of
    // the page for `https:evil.example` here (an http page would make it evil.example).
    const raw = await page.evaluate(() =>
      ['//evil.example/login', '\\/\\/evil.example', 'https:evil.example'].map((href) => {
        const a = document.createElement('a');
        a.setAttribute('href', href);
        return a.host;
      }),
    );
    expect(raw).toEqual(['evil.example', 'evil.example', 'page.test']);
  });

  it('the check catches a note that names another host (negative control)', async () => {
    const seen = await page.evaluate(() => {
      const global = window as unknown as { readLinks: typeof readLinks };
      return global.readLinks(
        '<a href="https://bank.example%5C@evil.example/">bank.example <small class="rg-link-host">(bank.example)</small></a>',
      );
    });
    expect(seen).toEqual([
      expect.objectContaining({ host: 'evil.example', note: '(bank.example)' }),
    ]);
    expect(linkProblems({ markdown: '', named: ['bank.example'] }, seen)).toHaveLength(1);
  });
});

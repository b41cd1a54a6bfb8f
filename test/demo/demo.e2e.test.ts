import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { Miniflare } from 'miniflare';
import { type Browser, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The demo in real headless Chromium (Debian's, installed by .ci/run), served by the Worker bundle
// in workerd so live mode works too. Screenshots land in test-artifacts/.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const artifacts = new URL('../../test-artifacts/', import.meta.url).pathname;
let mf: Miniflare;
let browser: Browser;
let page: Page;
/** Every request the page made, and the console errors it logged while loading. */
const requests: string[] = [];
const loadErrors: string[] = [];

beforeAll(async () => {
  if (!existsSync(executablePath))
    throw new Error(
      `Chromium not found at ${executablePath}: apt-get install chromium (or set CHROMIUM_PATH)`,
    );
  mkdirSync(artifacts, { recursive: true });
  const script = readFileSync(new URL('../../worker/dist/worker.js', import.meta.url), 'utf8');
  mf = new Miniflare({
    modules: true,
    script,
    compatibilityDate: '2025-01-01',
    host: '127.0.0.1',
    port: 0,
  });
  const base = await mf.ready;
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
  page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  page.on('request', (request) => requests.push(request.url()));
  page.on('pageerror', (error) => loadErrors.push(error.message));
  page.on(
    'console',
    (message) => void (message.type() === 'error' && loadErrors.push(message.text())),
  );
  await page.goto(base.href);
  await page.waitForSelector('#verdict .status');
  await page.waitForLoadState('networkidle');
  page.removeAllListeners('console');
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await mf?.dispose();
});

const pick = async (id: string) => {
  await page.selectOption('#example', id);
  await page.waitForFunction(
    () =>
      (document.querySelector('#source') as HTMLTextAreaElement).value.length > 0 &&
      document.querySelector('#verdict')?.getAttribute('data-status') !== null,
  );
  await page.waitForTimeout(50);
};
const status = () => page.getAttribute('#verdict', 'data-status');

describe('the demo page in Chromium', () => {
  it('loads with a clean console: a favicon, its own CSP, nothing blocked', async () => {
    expect(loadErrors).toEqual([]);
    expect(await page.getAttribute('link[rel=icon]', 'href')).toMatch(/^data:image\/svg\+xml,/);
    expect(await page.getAttribute('meta[http-equiv=Content-Security-Policy]', 'content')).toMatch(
      /^default-src 'none'; script-src 'sha256-[^']+'; style-src 'sha256-[^']+'; img-src data:;/,
    );
    expect(requests.filter((url) => !url.startsWith('data:'))).toHaveLength(1);
  });

  it('renders the valid example: verdict, mention chip, image, share card', async () => {
    await pick('valid');
    expect(await status()).toBe('completed');
    expect(await page.textContent('#preview .rg-mention')).toBe('@Ada Lovelace');
    expect(await page.getAttribute('#preview img', 'src')).toMatch(/^data:image\/png;base64,/);
    expect(await page.textContent('#preview .rg-share strong')).toBe('Release 2.4 notes');
    await page.screenshot({ path: `${artifacts}demo-valid.png`, fullPage: true });
  });

  it.each([
    ['duplicate', 'DUPLICATE_KEY', '/segments/0/data/text'],
    ['extra', 'UNKNOWN_FIELD', '/segments/0/data/bold'],
    ['fenced', 'CODE_FENCE', '/'],
    ['mention', 'MENTION_NOT_ALLOWED', '/segments/0/data/target'],
  ])(
    'refuses the %s example with its code and pointer, highlighted in the source',
    async (id, code, pointer) => {
      await pick(id);
      expect(await status()).toBe('validation_failed');
      expect(await page.textContent('#verdict .issues code.code')).toBe(code);
      expect(await page.textContent('#verdict .issues code.ptr')).toBe(pointer);
      expect(await page.locator('#source-view mark').count()).toBeGreaterThan(0);
      expect(await page.textContent('#preview')).toContain(
        'Sorry, I could not produce a valid reply',
      );
    },
  );

  it('masks the leaked key and replaces the oversized image', async () => {
    await pick('leak');
    expect(await status()).toBe('completed');
    expect(await page.textContent('#preview')).toContain('[REDACTED]');
    expect(await page.textContent('#preview')).not.toContain('ghp_');
    expect(await page.textContent('#verdict .findings')).toContain('github-token');
    expect(await page.textContent('#source-view mark.changed')).toContain('GITHUB_TOKEN=ghp_');
    await pick('oversized');
    expect(await page.textContent('#verdict .findings')).toContain('media-too-large');
    expect(await page.textContent('#preview')).toContain('[attachment unavailable]');
  });

  it("loads cleanly under the Worker's header policy of docs/rendering.md too", async () => {
    const header = /^(default-src 'none'; script-src 'unsafe-inline'.+)$/m.exec(
      readFileSync(new URL('../../docs/rendering.md', import.meta.url), 'utf8'),
    )?.[1];
    expect(header).toBeDefined();
    const demo = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors: string[] = [];
    demo.on(
      'console',
      (message) => void (message.type() === 'error' && errors.push(message.text())),
    );
    demo.on('pageerror', (error) => errors.push(error.message));
    await demo.route('**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: readFileSync(new URL('../../demo/dist/index.html', import.meta.url), 'utf8'),
        headers: { 'content-security-policy': header! },
      }),
    );
    await demo.goto('http://demo.test/');
    await demo.waitForSelector('#verdict[data-status=completed] .status');
    expect(errors).toEqual([]);
    await demo.close();
  });

  it('renders a Markdown image as a link: the page fetches nothing the model named', async () => {
    const before = requests.length;
    await pick('exfil');
    expect(await status()).toBe('completed');
    expect(await page.locator('#preview img').count()).toBe(0);
    expect(await page.getAttribute('#preview a.rg-image-link', 'href')).toMatch(
      /^https:\/\/evil\.example\/collect\?/,
    );
    expect(await page.textContent('#preview a.rg-image-link small')).toBe('evil.example');
    expect(requests.slice(before).filter((url) => !url.startsWith('data:'))).toEqual([]);
    await page.locator('.preview-card').screenshot({ path: `${artifacts}demo-exfil.png` });
  });

  it.each(['valid', 'duplicate'])(
    'shows the verdict of the %s example above the fold on a phone, the source once',
    async (id) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await pick(id);
      await page.evaluate(() => window.scrollTo(0, 0));
      const verdictBox = await page.locator('#verdict .status').boundingBox();
      expect(verdictBox!.y + verdictBox!.height).toBeLessThanOrEqual(844);
      expect(
        await page.locator('#verdict').evaluate((el) => el.getBoundingClientRect().top),
      ).toBeLessThan(
        await page.locator('#source').evaluate((el) => el.getBoundingClientRect().top),
      );
      // One view of the source: the highlighted text, with the textarea exactly over it.
      const [view, editor] = await Promise.all([
        page.locator('#source-view').boundingBox(),
        page.locator('#source').boundingBox(),
      ]);
      expect(editor).toEqual(view);
      expect(await page.locator('#source').evaluate((el) => getComputedStyle(el).color)).toBe(
        'rgba(0, 0, 0, 0)',
      );
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${artifacts}demo-phone-${id}.png` });
      await page.setViewportSize({ width: 1280, height: 1000 });
    },
  );

  it('checks what the visitor pastes, and renders an XSS attempt inert', async () => {
    await page.fill(
      '#source',
      JSON.stringify({
        segments: [
          {
            type: 'markdown',
            data: {
              content: '<img src=x onerror="document.title=\'pwned\'"> [x](javascript:alert(1))',
            },
          },
        ],
      }),
    );
    await page.click('#check');
    await page.waitForTimeout(300);
    expect(await status()).toBe('completed');
    expect(await page.locator('#preview img').count()).toBe(0);
    expect(await page.title()).not.toBe('pwned');
    // A javascript: destination is no link at all (docs/rendering.md): its text stays.
    expect(await page.locator('#preview a').count()).toBe(0);
    expect(await page.locator('#preview').innerText()).toContain('x');
  });

  it('streams a turn in live mode: each attempt, the early reject and where it cut, then the correction', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => void (document.querySelector('#chat-log')!.innerHTML = ''));
    // The Worker's streamed answer, frame for frame, from a stub (the real one is tested below).
    const chunk = (extra: object) => ({
      id: 'chatcmpl-1',
      object: 'chat.completion.chunk',
      created: 1,
      model: 'scripted',
      ...extra,
    });
    const reply = JSON.stringify({
      segments: [
        { type: 'markdown', data: { content: '**Corrected.** Streamed after validation.' } },
        { type: 'mention', data: { target: '10001' } },
      ],
    });
    const verdict = {
      status: 'completed',
      issues: [],
      findings: [],
      meta: {
        attempts: 2,
        stage: 'correction',
        enforcement: 'prompt_only',
        schemaName: 'segment_reply',
        durationMs: 41,
      },
    };
    const frames = [
      chunk({ choices: [], replyguard: { event: 'attempt', attempt: 1, stage: 'model' } }),
      chunk({
        choices: [],
        replyguard: {
          event: 'rejected',
          attempt: 1,
          stage: 'model',
          offset: 12,
          issue: {
            code: 'CODE_FENCE',
            path: '',
            message: 'the reply starts with a Markdown code fence',
          },
        },
      }),
      chunk({ choices: [], replyguard: { event: 'attempt', attempt: 2, stage: 'correction' } }),
      chunk({
        choices: [
          {
            index: 0,
            delta: { role: 'assistant', content: reply.slice(0, 40) },
            finish_reason: null,
          },
        ],
      }),
      chunk({
        choices: [{ index: 0, delta: { content: reply.slice(40) }, finish_reason: 'stop' }],
        replyguard: verdict,
      }),
    ];
    let sent: Record<string, unknown> = {};
    await page.route('**/v1/chat/completions', async (route) => {
      sent = route.request().postDataJSON() as Record<string, unknown>;
      await route.fulfill({
        contentType: 'text/event-stream',
        body: `${frames.map((frame) => `data: ${JSON.stringify(frame)}\n\n`).join('')}data: [DONE]\n\n`,
      });
    });
    await page.fill('#chat-input', 'please fence this');
    await page.click('#chat button');
    await page.waitForSelector('#chat-log .bubble.bot:not(.pending)', { timeout: 10_000 });
    await page.unroute('**/v1/chat/completions');
    expect(sent).toMatchObject({
      stream: true,
      replyguard: { progress: true, mentions: ['10001', '10002'] },
    });
    expect(await page.locator('#chat-log ol.attempts li.attempt').allTextContents()).toEqual([
      'Attempt 1 · modelcut off early',
      'Attempt 2 · correctionpassed',
    ]);
    expect(await page.textContent('#chat-log li.rejected')).toContain(
      'Rejected at character 12: CODE_FENCE /',
    );
    expect(await page.textContent('#chat-log li.rejected .cut .read')).toBe('12 characters read');
    expect(await page.textContent('#chat-log .bubble.bot strong')).toBe('Corrected.');
    expect(await page.textContent('#chat-log .bubble.bot .rg-mention')).toBe('@Ada Lovelace');
    expect(await page.textContent('#chat-log .bubble.bot small')).toBe('completed · 2 call(s)');
    await page.locator('#chat-log').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${artifacts}demo-live-stream.png` });
  });

  it('talks to the Worker in live mode and works at phone width', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => void (document.querySelector('#chat-log')!.innerHTML = ''));
    await page.fill('#chat-input', 'please fence this');
    await page.click('#chat button');
    await page.waitForSelector('#chat-log .bubble.bot:not(.pending)', { timeout: 10_000 });
    expect(await page.textContent('#chat-log .bubble.bot')).toContain('Corrected.');
    expect(await page.textContent('#chat-log .bubble.bot small')).toContain(
      'completed · 2 call(s)',
    );
    // Streamed through the Worker: each attempt shown as it happened, the fenced one cut off early.
    expect(await page.locator('#chat-log li.attempt').count()).toBe(2);
    expect(await page.textContent('#chat-log li.attempt[data-attempt="1"]')).toContain(
      'cut off early',
    );
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${artifacts}demo-phone.png`, fullPage: true });
  });
});

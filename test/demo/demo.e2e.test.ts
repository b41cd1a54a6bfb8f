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

beforeAll(async () => {
  if (!existsSync(executablePath)) throw new Error(`Chromium not found at ${executablePath}: apt-get install chromium (or set CHROMIUM_PATH)`);
  mkdirSync(artifacts, { recursive: true });
  const script = readFileSync(new URL('../../worker/dist/worker.js', import.meta.url), 'utf8');
  mf = new Miniflare({ modules: true, script, compatibilityDate: '2025-01-01', host: '127.0.0.1', port: 0 });
  const base = await mf.ready;
  browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(base.href);
  await page.waitForSelector('#verdict .status');
  expect(errors).toEqual([]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await mf?.dispose();
});

const pick = async (id: string) => {
  await page.selectOption('#example', id);
  await page.waitForFunction((example) => (document.querySelector('#source') as HTMLTextAreaElement).value.length > 0 && document.querySelector('#verdict')?.getAttribute('data-status') !== null, id);
  await page.waitForTimeout(50);
};
const status = () => page.getAttribute('#verdict', 'data-status');

describe('the demo page in Chromium', () => {
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
  ])('refuses the %s example with its code and pointer, highlighted in the source', async (id, code, pointer) => {
    await pick(id);
    expect(await status()).toBe('validation_failed');
    expect(await page.textContent('#verdict .issues code.code')).toBe(code);
    expect(await page.textContent('#verdict .issues code.ptr')).toBe(pointer);
    expect(await page.locator('#source-view mark').count()).toBeGreaterThan(0);
    expect(await page.textContent('#preview')).toContain('Sorry, I could not produce a valid reply');
  });

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

  it('checks what the visitor pastes, and renders an XSS attempt inert', async () => {
    await page.fill('#source', JSON.stringify({ segments: [{ type: 'markdown', data: { content: '<img src=x onerror="document.title=\'pwned\'"> [x](javascript:alert(1))' } }] }));
    await page.click('#check');
    await page.waitForTimeout(300);
    expect(await status()).toBe('completed');
    expect(await page.locator('#preview img').count()).toBe(0);
    expect(await page.title()).not.toBe('pwned');
    expect(await page.getAttribute('#preview a', 'href')).toBe('');
  });

  it('talks to the Worker in live mode and works at phone width', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.fill('#chat-input', 'please fence this');
    await page.click('#chat button');
    await page.waitForSelector('#chat-log .bubble.bot', { timeout: 10_000 });
    expect(await page.textContent('#chat-log .bubble.bot')).toContain('Corrected.');
    expect(await page.textContent('#chat-log .bubble.bot small')).toContain('completed · 2 call(s)');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${artifacts}demo-phone.png`, fullPage: true });
  });
});

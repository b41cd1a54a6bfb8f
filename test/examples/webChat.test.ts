import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Window } from 'happy-dom';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without type declarations.
import { buildChatPage } from '../../examples/web-chat/build.mjs';

// The web chat example as a browser runs it: the page built by its own build script, served on
// 127.0.0.1 beside the replyguard Worker bundle (in workerd, with its offline scripted model),
// loaded in happy-dom with scripts on, and driven through its form.
const workerBundle = new URL('../../worker/dist/worker.js', import.meta.url);
let dir: string;
let mf: Miniflare;
let server: Server;
let origin: string;
let window: Window;
const sent: { messages: { role: string; content: string }[]; replyguard?: unknown }[] = [];

beforeAll(async () => {
  if (!existsSync(workerBundle))
    throw new Error('worker/dist/worker.js is missing: run `npm run build` first');
  dir = mkdtempSync(join(tmpdir(), 'replyguard-web-chat-'));
  const pagePath = join(dir, 'index.html');
  await buildChatPage(pagePath);
  const page = readFileSync(pagePath, 'utf8');
  mf = new Miniflare({
    modules: true,
    script: readFileSync(workerBundle, 'utf8'),
    compatibilityDate: '2025-01-01',
    bindings: { UPSTREAM_KIND: 'scripted' },
  });
  // The page and the Worker's API on one origin, as when the Worker serves the page itself.
  server = createServer(async (req, res) => {
    if (req.method === 'GET' && req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      return;
    }
    let body = '';
    for await (const chunk of req) body += chunk;
    if (body) sent.push(JSON.parse(body));
    // A reply with media from outside (the scripted model writes none): what the page shows.
    if (sent.at(-1)?.messages.at(-1)?.content === 'show me the pictures' && body) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(MEDIA_REPLY));
      return;
    }
    const answer = await mf.dispatchFetch(`http://worker${req.url}`, {
      method: req.method ?? 'GET',
      headers: { 'content-type': req.headers['content-type'] ?? '' },
      ...(body ? { body } : {}),
    });
    res
      .writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
      })
      .end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  window = new Window({
    url: `${origin}/`,
    settings: {
      enableJavaScriptEvaluation: true,
      suppressInsecureJavaScriptEnvironmentWarning: true,
    },
  });
  const html = await (await fetch(`${origin}/`)).text();
  window.document.write(html);
  await window.happyDOM.waitUntilComplete();
}, 60_000);

afterAll(async () => {
  await window?.happyDOM.abort();
  await window?.happyDOM.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await mf?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const MEDIA_REPLY = {
  choices: [
    {
      message: {
        content: JSON.stringify({
          segments: [
            { type: 'markdown', data: { content: '![chart](https://evil.example/c.png?d=1)' } },
            {
              type: 'image',
              data: { media: { kind: 'url', value: 'https://evil.example/i.png' } },
            },
            {
              type: 'video',
              data: { media: { kind: 'url', value: 'https://evil.example/v.mp4' } },
            },
          ],
        }),
      },
    },
  ],
  replyguard: { status: 'completed' },
};

async function say(text: string) {
  const document = window.document;
  const input = document.querySelector('input')!;
  input.value = text;
  document
    .querySelector('form')!
    .dispatchEvent(new window.SubmitEvent('submit', { bubbles: true, cancelable: true }));
  // Bounded wait for the reply bubble to settle.
  for (let i = 0; i < 200; i++) {
    await window.happyDOM.waitUntilComplete();
    const last = [...document.querySelectorAll('.bubble.assistant')].at(-1);
    if (last && last.getAttribute('data-status') !== 'pending') return last;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('no reply within the bound');
}

describe('examples/web-chat', () => {
  it('renders a validated reply as a chat bubble: Markdown as HTML, user text never as HTML', async () => {
    const reply = await say('hello <img src=x onerror=alert(1)>');
    expect(reply.getAttribute('data-status')).toBe('completed');
    expect(reply.querySelector('.rg-markdown strong')?.textContent).toBe('Scripted reply');
    expect(reply.querySelector('img')).toBeNull();
    const user = window.document.querySelectorAll('.bubble.user');
    expect(user[user.length - 1]!.textContent).toBe('hello <img src=x onerror=alert(1)>');
    expect(window.document.querySelector('.bubble.user img')).toBeNull();
  });

  it('loads no media from outside: images and video a reply points at show as links', async () => {
    const reply = await say('show me the pictures');
    expect(reply.getAttribute('data-status')).toBe('completed');
    expect(reply.querySelectorAll('img, video, audio')).toHaveLength(0);
    expect(
      [...reply.querySelectorAll('a.rg-image-link')].map((link) => link.getAttribute('href')),
    ).toEqual([
      'https://evil.example/c.png?d=1',
      'https://evil.example/i.png',
      'https://evil.example/v.mp4',
    ]);
  });

  it('draws an allowed mention as a chip with the member’s name', async () => {
    const reply = await say('please mention someone');
    expect(reply.getAttribute('data-status')).toBe('completed');
    const chip = reply.querySelector('.rg-mention');
    expect(chip?.textContent).toBe('@Ada');
    expect(chip?.getAttribute('data-user-id')).toBe('10001');
  });

  it('shows the corrected reply after a fenced answer, and the notice when the reply cannot be fixed', async () => {
    expect((await say('fence it')).textContent).toContain('Corrected.');
    const refused = await say('invalid please');
    expect(refused.getAttribute('data-status')).toBe('validation_failed');
    expect(refused.textContent).toBe('Sorry, I could not produce a valid reply. Please try again.');
  });

  it('keeps the conversation: earlier turns are sent with each message', async () => {
    const before = window.document.querySelectorAll('.bubble').length;
    await say('one more');
    expect(window.document.querySelectorAll('.bubble').length).toBe(before + 2);
    const last = sent.at(-1)!;
    expect(last.messages).toHaveLength(before + 1);
    expect(last.messages.map((message) => message.role).slice(0, 3)).toEqual([
      'user',
      'assistant',
      'user',
    ]);
    expect(last.messages.at(-1)).toEqual({ role: 'user', content: 'one more' });
    expect(last.replyguard).toEqual({ mentions: ['10001'] });
  });
});

import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, expect, it } from 'vitest';

// What `npm start` runs: wrangler dev (workerd) on the built bundle, bound to 127.0.0.1 only,
// telemetry off. The test starts it on a free port, asks it a few questions, and stops it.
let wrangler: ChildProcess | undefined;
afterAll(async () => {
  // wrangler starts workerd and esbuild of its own: stop the whole process group.
  if (wrangler?.pid) {
    try {
      process.kill(-wrangler.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    try {
      process.kill(-wrangler.pid, 'SIGKILL');
    } catch {
      // stopped on SIGTERM
    }
  }
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

it('wrangler dev serves the Worker with its scripted model on 127.0.0.1', async () => {
  const port = await freePort();
  const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', WRANGLER_SEND_ERROR_REPORTS: 'false', WRANGLER_HIDE_BANNER: 'true', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };
  wrangler = spawn(process.execPath, ['node_modules/wrangler/bin/wrangler.js', 'dev', '--config', 'worker/wrangler.toml', '--ip', '127.0.0.1', '--port', String(port), '--local', '--show-interactive-dev-session=false'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  wrangler.stdout!.on('data', (chunk) => (output += chunk));
  wrangler.stderr!.on('data', (chunk) => (output += chunk));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  let health: Response | undefined;
  while (Date.now() < deadline) {
    try {
      health = await fetch(`${base}/healthz`);
      if (health.ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  expect(health?.ok, `wrangler dev did not come up:\n${output.slice(-2000)}`).toBe(true);
  expect(await health!.json()).toEqual({ ok: true, upstream: 'scripted' });
  const chat = await fetch(`${base}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ messages: [{ role: 'user', content: 'show me a leak' }] }) });
  const body = (await chat.json()) as { choices: { message: { content: string } }[] };
  expect(body.choices[0]!.message.content).toContain('[REDACTED]');
  expect((await fetch(base)).headers.get('content-type')).toContain('text/html');
}, 90_000);

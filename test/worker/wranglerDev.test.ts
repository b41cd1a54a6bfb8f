import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import http from 'node:http';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../waitFor';

// What `npm start` runs: wrangler dev (workerd) on the built bundle, bound to 127.0.0.1 only,
// telemetry off. The test starts it on a free port, asks it questions, rebuilds the Worker under
// it, and stops it.
let wrangler: ChildProcess | undefined;
let output = '';
let base = '';
// Local KV and cache state of this run only, not the developer's worker/.wrangler/state.
const invoice = { type: 'object', properties: { total: { type: 'number' } }, required: ['total'] };
const state = mkdtempSync(join(tmpdir(), 'replyguard-wrangler-'));
const quiet = {
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_SEND_ERROR_REPORTS: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
};

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

/** How many times wrangler said it reloaded the Worker (it watches the bundle). */
function reloadsSeen(): number {
  return output.split('Local server updated and ready').length - 1;
}

async function healthy(deadlineMs: number): Promise<boolean> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // A named schema put the way wrangler.jsonc documents it, into this run's local KV.
  const put = spawnSync(
    process.execPath,
    [
      'node_modules/wrangler/bin/wrangler.js',
      'kv',
      'key',
      'put',
      '--config',
      'worker/wrangler.jsonc',
      '--binding',
      'SCHEMAS',
      '--local',
      '--persist-to',
      state,
      'invoice',
      JSON.stringify(invoice),
    ],
    { env: quiet, encoding: 'utf8' },
  );
  expect(put.status, put.stderr).toBe(0);
  wrangler = spawn(
    process.execPath,
    [
      'node_modules/wrangler/bin/wrangler.js',
      'dev',
      '--config',
      'worker/wrangler.jsonc',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--local',
      '--persist-to',
      state,
      '--show-interactive-dev-session=false',
      '--var',
      'MAX_BODY_BYTES:4096',
      // As npm start runs it: keyless, although wrangler.jsonc binds CLIENT_KEYS.
      '--var',
      'AUTH:off',
    ],
    {
      env: quiet,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  wrangler.stdout!.on('data', (chunk) => (output += chunk));
  wrangler.stderr!.on('data', (chunk) => (output += chunk));
  expect(await healthy(60_000), `wrangler dev did not come up:\n${output.slice(-2000)}`).toBe(true);
}, 90_000);

afterAll(async () => {
  // wrangler starts workerd and esbuild of its own: stop the whole process group.
  if (wrangler?.pid) {
    const exited =
      wrangler.exitCode !== null
        ? Promise.resolve()
        : new Promise<void>((resolve) => wrangler!.once('exit', () => resolve()));
    try {
      process.kill(-wrangler.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    try {
      process.kill(-wrangler.pid, 'SIGKILL');
    } catch {
      // stopped on SIGTERM
    }
  }
  rmSync(state, { recursive: true, force: true });
});

describe('wrangler dev', () => {
  it('serves the Worker with its scripted model on 127.0.0.1', async () => {
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({
      ok: true,
      upstream: 'scripted',
    });
    const chat = await fetch(`${base}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'show me a leak' }] }),
    });
    const body = (await chat.json()) as { choices: { message: { content: string } }[] };
    expect(body.choices[0]!.message.content).toContain('[REDACTED]');
    expect((await fetch(base)).headers.get('content-type')).toContain('text/html');
  });

  it('checks against a schema put into the SCHEMAS namespace with wrangler kv key put', async () => {
    const check = (reply: string) =>
      fetch(`${base}/v1/check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reply, schemaRef: 'invoice' }),
      });
    expect((await check('{"total": 1}')).status).toBe(200);
    expect(await (await check('{"total": "1"}')).json()).toMatchObject({
      status: 'validation_failed',
      meta: { schemaName: 'invoice' },
    });
  });

  it('answers the requests after a 413 on the same keep-alive connection (no 503, no reset)', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (body: string) =>
      new Promise<number | string>((resolve) => {
        const request = http.request(
          `${base}/v1/check`,
          { method: 'POST', agent, headers: { 'content-type': 'text/plain' } },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode!));
          },
        );
        request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
        request.setTimeout(10_000, () => {
          resolve('TIMEOUT');
          request.destroy();
        });
        request.end(body);
      });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          await send('x'.repeat(64 * 1024)),
          await send('{"segments":[]}'),
          await send('{"segments":[]}'),
        );
      expect(statuses).toEqual(Array.from({ length: 4 }, () => [413, 200, 200]).flat());
    } finally {
      agent.destroy();
    }
  });

  it('stays up while the Worker is rebuilt under it, answering throughout', async () => {
    let polling = true;
    const answers: (number | string)[] = [];
    const poll = (async () => {
      while (polling) {
        try {
          answers.push((await fetch(`${base}/healthz`)).status);
        } catch (error) {
          answers.push(String((error as Error).message));
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    try {
      for (let i = 0; i < 5; i++) {
        const answered = answers.length;
        const reloads = reloadsSeen();
        const built = spawnSync(process.execPath, ['worker/build.mjs'], { encoding: 'utf8' });
        expect(built.status, built.stderr).toBe(0);
        await waitFor(() => reloadsSeen() > reloads, `wrangler reload ${i + 1}`, 20_000);
        expect(
          await healthy(20_000),
          `wrangler dev went down after rebuild ${i + 1}:\n${output.slice(-2000)}`,
        ).toBe(true);
        const chat = await fetch(`${base}/v1/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ messages: [{ role: 'user', content: 'hello' }] }),
        });
        expect(chat.status).toBe(200);
        // The poll went on through this rebuild, not only before or after it.
        await waitFor(
          () => answers.length > answered + 1,
          `health answers around rebuild ${i + 1}`,
        );
      }
    } finally {
      polling = false;
      await poll;
    }
    expect(output).not.toContain('Too many open files');
    expect(output).toContain('Reloading local server');
    expect(answers.filter((answer) => answer !== 200)).toEqual([]);
    expect(wrangler!.exitCode).toBeNull();
  }, 120_000);
});

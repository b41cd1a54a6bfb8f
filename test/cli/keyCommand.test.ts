import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/worker/index';
import { requireBuilt } from '../requireBuilt';
import { buildCli } from './buildCli';

// `replyguard key …` (issue 31, item 1): a key printed once, its SHA-256 and settings stored with
// the exact wrangler command the command prints. The printed command is run as printed, by a
// shell, in a copy of the project's worker/ folder (its `npx` a shim that runs this repository's
// wrangler: no network), and the Worker bundle in workerd then reads the key from that local KV.
const root = fileURLToPath(new URL('../../', import.meta.url));
const sha256 = (key: string) => createHash('sha256').update(key).digest('hex');
let dir: string;
let cli: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'replyguard-key-'));
  cli = join(dir, 'cli.mjs');
  await buildCli(cli);
  mkdirSync(join(dir, 'worker'));
  writeFileSync(
    join(dir, 'worker/wrangler.jsonc'),
    readFileSync(join(root, 'worker/wrangler.jsonc')),
  );
  mkdirSync(join(dir, 'bin'));
  const shim = join(dir, 'bin/npx');
  writeFileSync(
    shim,
    `#!/bin/sh\n[ "$1" = wrangler ] || exit 127\nshift\nexec "${process.execPath}" "${join(root, 'node_modules/wrangler/bin/wrangler.js')}" "$@"\n`,
  );
  chmodSync(shim, 0o755);
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function run(
  command: string,
  args: string[],
  input?: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: dir,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PATH: `${join(dir, 'bin')}:${process.env.PATH ?? ''}`,
        WRANGLER_SEND_METRICS: 'false',
        WRANGLER_SEND_ERROR_REPORTS: 'false',
        WRANGLER_HIDE_BANNER: 'true',
        CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill(), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(input);
  });
}
const key = (args: string[], input?: string) => run(process.execPath, [cli, 'key', ...args], input);

interface Made {
  key: string;
  name: string;
  hash: string;
  settings: Record<string, unknown>;
  command: string;
}

describe('replyguard key new', () => {
  it('prints a fresh key once, its SHA-256, and the wrangler command storing the hash', async () => {
    const made = await key(['new', '--name', 'team-a']);
    expect(made).toMatchObject({ code: 0, stderr: '' });
    const printed = /rg_[A-Za-z0-9_-]{43}/.exec(made.stdout)![0];
    expect(made.stdout.split(printed)).toHaveLength(2);
    expect(made.stdout).toContain(`sha256: ${sha256(printed)}`);
    expect(made.stdout).toContain(
      `npx wrangler kv key put --config worker/wrangler.jsonc --binding CLIENT_KEYS --remote ${sha256(printed)} '{"name":"team-a"}'`,
    );
    const again = (JSON.parse((await key(['new', '--name', 'team-a', '--json'])).stdout) as Made)
      .key;
    expect(again).not.toBe(printed);
  });

  it('writes the settings an operator narrows, as the Worker reads them', async () => {
    const made = JSON.parse(
      (
        await key([
          'new',
          '--name',
          'bot.1',
          '--routes',
          '/v1/chat/completions,/v1/models',
          '--model',
          'gpt-4o-mini',
          '--max-body-bytes',
          '65536',
          '--no-progress',
          '--rate-limit',
          'RATE_LIMIT_TIGHT',
          '--schemas',
          'read',
          '--json',
        ])
      ).stdout,
    ) as Made;
    expect(made.settings).toEqual({
      name: 'bot.1',
      routes: ['/v1/chat/completions', '/v1/models'],
      model: 'gpt-4o-mini',
      maxBodyBytes: 65536,
      progress: false,
      rateLimit: 'RATE_LIMIT_TIGHT',
      schemas: 'read',
    });
    expect(made.hash).toBe(sha256(made.key));
  });

  it('refuses what the Worker would refuse (exit 2, with the usage)', async () => {
    for (const args of [
      ['new'],
      ['new', '--name', 'has space'],
      ['new', '--name', 'api-key'],
      ['new', '--name', 'a', '--routes', '/v1/everything'],
      ['new', '--name', 'a', '--max-body-bytes', '-1'],
      ['new', '--name', 'a', '--schemas', 'admin'],
      ['new', '--name', 'a', '--colour', 'red'],
      ['rotate', '--name', 'a'],
      [],
    ]) {
      const result = await key(args);
      expect([result.code, result.stdout], args.join(' ')).toEqual([2, '']);
      expect(result.stderr).toContain('Usage:');
    }
  });

  it('key hash prints the SHA-256 of a key on stdin', async () => {
    expect((await key(['hash'], 'my-own-key\n')).stdout).toBe(`${sha256('my-own-key')}\n`);
    expect((await key(['hash'], '')).code).toBe(2);
  });
});

describe('the printed commands, run as printed', () => {
  it('store a key the Worker in workerd then lets in, and revoke it', async () => {
    requireBuilt('worker/dist/worker.js');
    const made = JSON.parse(
      (await key(['new', '--name', 'e2e', '--local', '--json'])).stdout,
    ) as Made;
    expect(made.command).toContain(' --local ');
    const stored = await run('sh', ['-c', made.command]);
    expect(stored.code, stored.stderr).toBe(0);
    const ask = async () => {
      const mf = new Miniflare({
        modules: true,
        script: readFileSync(join(root, 'worker/dist/worker.js'), 'utf8'),
        compatibilityDate: '2025-01-01',
        compatibilityFlags: ['enable_request_signal'],
        kvNamespaces: { CLIENT_KEYS: 'replyguard-client-keys-local' },
        kvPersist: join(dir, 'worker/.wrangler/state/v3/kv'),
      });
      try {
        const response = await mf.dispatchFetch('http://localhost/v1/check', {
          method: 'POST',
          headers: { 'content-type': 'text/plain', authorization: `Bearer ${made.key}` },
          body: '{"segments":[]}',
        });
        return { status: response.status, body: await response.text() };
      } finally {
        await mf.dispose();
      }
    };
    expect((await ask()).status).toBe(200);
    const revoked = await key([
      'revoke',
      '--name',
      'e2e',
      '--hash',
      made.hash,
      '--local',
      '--json',
    ]);
    const { command } = JSON.parse(revoked.stdout) as { command: string };
    expect((await run('sh', ['-c', command])).code).toBe(0);
    const refused = await ask();
    expect(refused.status).toBe(401);
    expect(refused.body).toContain('KEY_REVOKED');
  }, 120_000);

  it('--file keeps hashes only, for the CLIENT_KEYS_JSON secret, and revokes by name', async () => {
    const file = join(dir, 'keys.json');
    const first = JSON.parse(
      (await key(['new', '--name', 'one', '--file', file, '--json'])).stdout,
    ) as Made;
    const second = JSON.parse(
      (await key(['new', '--name', 'two', '--routes', '/v1/check', '--file', file, '--json']))
        .stdout,
    ) as Made;
    expect(second.command).toBe(
      `npx wrangler secret put CLIENT_KEYS_JSON --config worker/wrangler.jsonc < ${file}`,
    );
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(first.key);
    expect(JSON.parse(text)).toEqual({
      [first.hash]: { name: 'one' },
      [second.hash]: { name: 'two', routes: ['/v1/check'] },
    });
    expect((await key(['new', '--name', 'one', '--file', file])).code).toBe(2);
    const handler = createHandler();
    const check = (secret: string, given: string) =>
      handler.fetch(
        new Request('http://127.0.0.1/v1/check', {
          method: 'POST',
          headers: { 'content-type': 'text/plain', authorization: `Bearer ${given}` },
          body: '{"segments":[]}',
        }),
        { CLIENT_KEYS_JSON: secret },
      );
    expect((await check(text, first.key)).status).toBe(200);
    expect((await check(text, second.key)).status).toBe(200);
    expect((await key(['revoke', '--name', 'one', '--file', file])).code).toBe(0);
    const after = readFileSync(file, 'utf8');
    expect((await check(after, first.key)).status).toBe(401);
    expect((await check(after, second.key)).status).toBe(200);
    expect((await key(['revoke', '--name', 'nobody', '--file', file])).code).toBe(2);
  });
});

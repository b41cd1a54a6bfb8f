import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { segmentJsonSchema } from '../../src/index';
import { requireBuilt } from '../requireBuilt';
import { buildCli } from './buildCli';

// The command as a child process: built from cli/ into a temporary folder here (so the test never
// runs a stale build), and the shipped dist/cli.js (the package's bin) when `npm run build` made it.
const root = fileURLToPath(new URL('../../', import.meta.url));
const shipped = join(root, 'dist/cli.js');
let dir: string;
let cli: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'replyguard-cli-'));
  cli = join(dir, 'dist/cli.mjs');
  await buildCli(cli);
  // The version is read from the package.json above the bundle's folder, as in the package.
  writeFileSync(join(dir, 'package.json'), '{"version":"9.9.9"}');
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function run(
  args: string[],
  input?: string | Uint8Array,
  script = cli,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: dir,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill(), 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(input);
  });
}

const file = (name: string, content: string | Uint8Array) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};
const good =
  '{"segments":[{"type":"text","data":{"text":"hi"}},{"type":"mention","data":{"target":"u1"}}]}';

describe('replyguard check', () => {
  it('exits 0 for a deliverable reply from a FILE, with a one-line verdict', async () => {
    const result = await run(['check', file('good.json', good)]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toBe('deliverable: 2 segments (text, mention)\n');
  });

  it('reads stdin with - or with no FILE, and exits 1 for a refused reply with line:column', async () => {
    const reply = '{"segments":[\n  {"type":"text","data":{"text":"a","text":"b"}}]}';
    for (const args of [['check', '-'], ['check']]) {
      const result = await run(args, reply);
      expect(result.code).toBe(1);
      expect(result.stdout).toContain('refused (validation_failed): 1 issue');
      expect(result.stdout).toMatch(/<stdin>:2:\d+ DUPLICATE_KEY at \/segments\/0\/data\/text: /);
      expect(result.stdout).toContain('the host would send the notice instead');
    }
  });

  it('locates schema issues by their pointer in the source', async () => {
    const result = await run([
      'check',
      file('fields.json', '{"segments":[\n{"type":"text",\n "data":{"txt":"a"}}]}'),
    ]);
    expect(result.code).toBe(1);
    // The unknown member's value, and the object that lacks the required one.
    expect(result.stdout).toContain('fields.json:3:16 UNKNOWN_FIELD at /segments/0/data/txt');
    expect(result.stdout).toContain('fields.json:3:9 MISSING_FIELD at /segments/0/data/text');
  });

  it('prints the ReplyResult with --json, with the same exit codes', async () => {
    const refused = await run(['check', '--json', '-'], '```json\n{"segments":[]}\n```');
    expect(refused.code).toBe(1);
    const result = JSON.parse(refused.stdout);
    expect(result).toMatchObject({
      status: 'validation_failed',
      issues: [{ code: 'CODE_FENCE', path: '', line: 1, column: 1 }],
      notice: { segments: [{ type: 'text' }] },
      meta: { attempts: 1 },
    });
    const delivered = await run(['check', '--json', file('good2.json', good)]);
    expect(delivered.code).toBe(0);
    expect(JSON.parse(delivered.stdout)).toMatchObject({
      status: 'completed',
      value: JSON.parse(good),
    });
  });

  it('checks mentions against --mentions', async () => {
    expect((await run(['check', '--mentions', 'u0, u1'], good)).code).toBe(0);
    const refused = await run(['check', '--mentions', 'u2'], good);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(
      /<stdin>:1:\d+ MENTION_NOT_ALLOWED at \/segments\/1\/data\/target/,
    );
  });

  it('takes prose with --plain, masking a leaked key at its column', async () => {
    const key =
      'sk-proj-q8ZrT2vLm4Xw9NbK7pYc3HdF6sJa1GeU0iOtRnMx' +
      'T3BlbkFJ' +
      'Vb7Qk2Lp9XzW4mNc8RtY1sHd6GfJ3aKe5uIoP0qZ';
    const result = await run(['check', '--plain', '--json'], `line one\nthe key: ${key}`);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain(key);
    const summary = await run(['check', '--plain'], `line one\nthe key: ${key}`);
    expect(summary.stdout).toContain('deliverable: 1 segment (text), 1 change by policy');
    expect(summary.stdout).toContain(
      '<stdin>:2:10 LEAK_MASKED (openai-api-key) at /segments/0/data/text',
    );
  });

  it('checks against a custom JSON Schema file with --schema', async () => {
    const schema = file(
      'ticket.schema.json',
      JSON.stringify({
        title: 'ticket',
        type: 'object',
        properties: { priority: { enum: ['low', 'high'] } },
        required: ['priority'],
        additionalProperties: false,
      }),
    );
    const ok = await run(['check', '--schema', schema], '{"priority":"high"}');
    expect(ok).toMatchObject({ code: 0, stdout: 'deliverable: a value that matches ticket\n' });
    const refused = await run(['check', '--schema', schema, '--json'], '{\n "priority": "urgent"}');
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toMatchObject({
      status: 'validation_failed',
      issues: [{ code: 'SCHEMA_MISMATCH', path: '/priority' }],
      meta: { schemaName: 'ticket' },
    });
    const summary = await run(['check', '--schema', schema], '{\n "priority": "urgent"}');
    expect(summary.stdout).toContain('<stdin>:2:14 SCHEMA_MISMATCH at /priority');
  });

  it('exits 2 for an unusable --schema file: missing, not JSON, or not a schema', async () => {
    const missing = await run(['check', '--schema', join(dir, 'nope.json')], '{}');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot read');
    const notJson = await run(['check', '--schema', file('bad.json', '{"type": ')], '{}');
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toContain('is not JSON');
    const malformed = await run(
      ['check', '--schema', file('malformed.json', '{"type":"objekt"}')],
      '{}',
    );
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('SCHEMA_MALFORMED');
  });

  it('exits 2 for a missing FILE, input that is not UTF-8, and conflicting or unknown flags', async () => {
    const missing = await run(['check', join(dir, 'absent.json')]);
    expect(missing).toMatchObject({ code: 2, stdout: '' });
    expect(missing.stderr).toContain('cannot read');
    expect(missing.stderr).toContain('ENOENT');
    expect(missing.stderr).not.toContain('Usage:');
    const latin1 = await run([
      'check',
      file('latin1.json', new Uint8Array([0x7b, 0x22, 0xe9, 0x22, 0x7d])),
    ]);
    expect(latin1.code).toBe(2);
    expect(latin1.stderr).toContain('not valid UTF-8');
    const unknown = await run(['check', '--bogus'], good);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown option '--bogus'");
    expect(unknown.stderr).toContain('Usage:');
    expect((await run(['check', '--plain', '--schema', 'x.json'], good)).code).toBe(2);
    expect((await run(['check', '--mentions'], good)).code).toBe(2);
    expect((await run(['check', 'a.json', 'b.json'])).code).toBe(2);
  });
});

describe('replyguard', () => {
  it('prints the segment JSON Schema', async () => {
    const result = await run(['schema']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(segmentJsonSchema());
    expect((await run(['schema', '--json'])).code).toBe(2);
  });

  it('answers --help and --version, and exits 2 with no or an unknown command', async () => {
    const help = await run(['--help']);
    expect(help).toMatchObject({ code: 0 });
    expect(help.stdout).toContain('replyguard check [FILE|-]');
    expect(await run(['--version'])).toMatchObject({ code: 0, stdout: '9.9.9\n' });
    for (const args of [[], ['lint']]) {
      const result = await run(args);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('Usage:');
    }
  });

  it('ships as dist/cli.js, the package’s bin, runnable as is', async () => {
    requireBuilt('dist/cli.js');
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(pkg.bin).toEqual({ replyguard: './dist/cli.js' });
    expect(readFileSync(shipped, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    const result = await run(['check', '-'], good, shipped);
    expect(result).toMatchObject({
      code: 0,
      stdout: 'deliverable: 2 segments (text, mention)\n',
    });
    expect(await run(['--version'], undefined, shipped)).toMatchObject({
      code: 0,
      stdout: `${pkg.version}\n`,
    });
  });
});

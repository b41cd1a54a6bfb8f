import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { requireBuilt } from '../requireBuilt';

// What ships as `replyguard/worker`: dist/worker.{js,cjs}, built by `npm run build`, imported by the
// package's name through its exports map.
const root = fileURLToPath(new URL('../../', import.meta.url));
requireBuilt('dist/worker.js', 'dist/worker.cjs');
const entry: string = 'replyguard/worker';
type Entry = typeof import('../../src/worker/index');

describe('the built replyguard/worker entry', () => {
  it('imports as ESM and requires as CJS by its name, and mounts in hono', async () => {
    const esm = (await import(entry)) as Entry;
    const cjs = createRequire(import.meta.url)(entry) as Entry;
    for (const module of [esm, cjs]) {
      expect(Object.keys(module).sort()).toEqual([
        'createHandler',
        'replyguardMetadataExtractor',
        'replyguardVerdict',
        'scriptedModel',
        'verdictFromHeaders',
      ]);
      const app = new Hono();
      app.mount('/replyguard', module.createHandler().fetch);
      const response = await app.request('/replyguard/v1/chat/completions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ role: 'user', content: 'hello' }] }),
      });
      const completion: unknown = await response.json();
      expect(completion).toMatchObject({
        object: 'chat.completion',
        replyguard: { status: 'completed' },
      });
      expect(module.replyguardVerdict(completion)?.status).toBe('completed');
      expect(module.verdictFromHeaders(response.headers)?.status).toBe('completed');
    }
  });

  it('takes the core from the package’s main entry: no second copy', () => {
    for (const file of ['dist/worker.js', 'dist/worker.cjs']) {
      const code = readFileSync(`${root}${file}`, 'utf8');
      expect(code).toMatch(/from\s*["']replyguard["']|require\(\s*["']replyguard["']\s*\)/);
      expect(code).not.toContain('DUPLICATE_KEY');
    }
  });

  it('is edge-clean: no Node built-ins, no eval, no Node globals', () => {
    for (const file of ['dist/worker.js', 'dist/worker.cjs']) {
      const code = readFileSync(`${root}${file}`, 'utf8');
      expect(code).not.toMatch(/from\s*["']node:|require\(\s*["']node:/);
      expect(code).not.toMatch(/\beval\s*\(|new\s+Function\s*\(/);
      expect(code).not.toMatch(/\bprocess\.env\b|\bBuffer\.from\b/);
    }
  });
});

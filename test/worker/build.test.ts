import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// wrangler dev reloads on every change to worker/dist/worker.js and reads it at once: the build must
// replace the file whole (a new file renamed into place), never truncate and rewrite it, or a reload
// can load an empty Worker, which loops requests through wrangler's own proxy until workerd runs
// out of file descriptors.
describe('the Worker build', () => {
  it('replaces worker/dist/worker.js atomically with a complete bundle', () => {
    const file = new URL('../../worker/dist/worker.js', import.meta.url);
    const before = statSync(file).ino;
    const built = spawnSync(process.execPath, ['worker/build.mjs'], { encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    // A rename gives the path a new inode; writing in place keeps the old one.
    expect(statSync(file).ino).not.toBe(before);
    // The last statement is the default export; esbuild may append its dependencies' licence
    // comments after it (RE2JS has one).
    expect(readFileSync(file, 'utf8')).toMatch(
      /export\s*\{[^}]*\bas default\b[^}]*\}\s*;?\s*(\/\*![\s\S]*\*\/\s*)?$/,
    );
  });
});

import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../requireBuilt';

// The house rules a reader relies on: imports run downward only (no cycle, type-only and dynamic
// ones included: a lazy chunk is still an import), and a file stays short enough to read in one
// sitting.
const MAX_LINES = 400;
const SOURCES = ['src', 'worker/src', 'cli', 'demo/src'];

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter(
      (entry) => entry.isFile() && /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name),
    )
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

/** Relative imports, re-exports and dynamic imports of a file, resolved to repository paths. */
function importsOf(file: string, text: string, known: Set<string>): string[] {
  const found: string[] = [];
  const pattern =
    /(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'|\bimport\(\s*'(\.{1,2}\/[^']+)'\s*\)/g;
  for (const match of text.matchAll(pattern)) {
    const base = relative(ROOT, resolve(ROOT, dirname(file), (match[1] ?? match[2])!));
    const target = [`${base}.ts`, `${base}/index.ts`].find((path) => known.has(path));
    if (target) found.push(target);
  }
  return found;
}

/** Every cycle, each as the files around it. */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

const files = SOURCES.flatMap(filesUnder);
const texts = new Map(files.map((file) => [file, readFileSync(join(ROOT, file), 'utf8')]));

describe('the house', () => {
  it('has no import cycle, type-only imports included', () => {
    const known = new Set(files);
    const graph = new Map(files.map((file) => [file, importsOf(file, texts.get(file)!, known)]));
    expect(graph.get('src/index.ts')!.length).toBeGreaterThan(10);
    expect(cyclesOf(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it(`keeps every hand-written source file within ${MAX_LINES} lines`, () => {
    const long = files
      .filter((file) => !file.endsWith('.generated.ts'))
      .map((file) => [file, texts.get(file)!.split('\n').length] as const)
      .filter(([, lines]) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});

it('finds a cycle, a type-only one too (negative control)', () => {
  const graph = new Map([
    ['a.ts', ['b.ts']],
    ['b.ts', ['c.ts']],
    ['c.ts', ['a.ts']],
  ]);
  expect(cyclesOf(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  const known = new Set(['src/reply/turnOptions.ts']);
  expect(
    importsOf('src/reply/turnPlan.ts', "import type { X } from './turnOptions';", known),
  ).toEqual(['src/reply/turnOptions.ts']);
  expect(
    importsOf('src/reply/turnPlan.ts', "const x = await import('./turnOptions');", known),
  ).toEqual(['src/reply/turnOptions.ts']);
});

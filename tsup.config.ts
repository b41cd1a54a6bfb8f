import { readFileSync, readdirSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import type { Plugin } from 'esbuild';
import { defineConfig } from 'tsup';

const shared = {
  format: ['esm', 'cjs'] as const,
  dts: true,
  // No sourcemaps: they would point at sources the package does not ship.
  sourcemap: false,
  target: 'es2022',
  platform: 'neutral' as const,
  treeshake: true,
  tsconfig: 'tsconfig.json',
};

// The core's lazy chunks. A bundler splits a package's ESM by file, and a file that a first load
// uses keeps every static import it has (esbuild: a chunk holding what the file imports is loaded
// with it, used or not). So the core ships as dist/index.js, everything a first load may need,
// importing no file of its own but dynamically, and dist/lazy/*.js: each module the core imports
// dynamically, self-contained (the schema judge and other code it shares with the index are
// copied into it). What must be one for both — ProviderError, so that `instanceof` holds for what
// a transport throws — a lazy chunk imports from the index, and so are the SHARED helpers below.
const LAZY = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .flatMap((file) =>
    [
      ...readFileSync(join('src', file), 'utf8').matchAll(/\bimport\(\s*'(\.{1,2}\/[^']+)'\s*\)/g),
    ].map((match) => resolve('src', file, '..', `${match[1]!}.ts`)),
  );
// Each lazy chunk is named after its module, so two modules of one name cannot both be lazy.
if (new Set(LAZY.map((path) => basename(path))).size !== new Set(LAZY).size)
  throw new Error(`lazy modules with the same file name: ${LAZY.join(', ')}`);
const FROM_INDEX = [resolve('src/providers/providerError.ts')];
// Helpers a first load and the lazy chunks both use: a lazy chunk imports them from the index
// rather than carry a copy, which a bundle would ship twice ({ checkReply } in all -0.5 KB gz).
// The ESM index exports them under these names for dist/lazy/ only: not in index.d.ts, not the
// API (index.cjs inlines its lazy modules). A lazy module importing another name of theirs fails
// to build.
const SHARED: Record<string, Record<string, string>> = {
  [resolve('src/issues/excerpt.ts')]: { excerpt: '_excerpt' },
  [resolve('src/issues/appendPointer.ts')]: { appendPointer: '_appendPointer' },
};

/** The index: its dynamic imports of lazy modules leave the bundle, for dist/lazy/. */
const lazyImports: Plugin = {
  name: 'lazy-imports',
  setup(build) {
    build.onResolve({ filter: /^\.{1,2}\// }, (args) => {
      const path = resolve(args.resolveDir, `${args.path}.ts`);
      if (args.kind !== 'dynamic-import' || !LAZY.includes(path)) return undefined;
      return { path: `./lazy/${basename(path, '.ts')}.js`, external: true };
    });
  },
};

/** The index's JavaScript (not its types) also exports the SHARED helpers, for the lazy chunks. */
const shareHelpers: Plugin = {
  name: 'share-helpers',
  setup(build) {
    build.onLoad({ filter: /index\.ts$/ }, (args) => {
      if (args.path !== resolve('src/index.ts')) return undefined;
      // An import specifier is a POSIX path wherever the build runs.
      const specifier = (path: string) =>
        `./${relative('src', path).slice(0, -'.ts'.length).split(sep).join('/')}`;
      const exports = Object.entries(SHARED).map(
        ([path, names]) =>
          `export { ${Object.entries(names)
            .map(([name, as]) => `${name} as ${as}`)
            .join(', ')} } from '${specifier(path)}';`,
      );
      return { contents: [readFileSync(args.path, 'utf8'), ...exports].join('\n'), loader: 'ts' };
    });
  },
};

/** A lazy chunk: what must be one with the index, and the SHARED helpers, come from it. */
const fromIndex: Plugin = {
  name: 'from-index',
  setup(build) {
    build.onResolve({ filter: /^\.{1,2}\// }, (args) => {
      if (args.namespace === 'from-index') return { path: '../index.js', external: true };
      const path = resolve(args.resolveDir, `${args.path}.ts`);
      if (FROM_INDEX.includes(path)) return { path: '../index.js', external: true };
      // One module per importer: shared by several chunks, it would be a chunk of its own.
      return SHARED[path]
        ? { path: `${path}#${args.importer}`, namespace: 'from-index', pluginData: path }
        : undefined;
    });
    // A SHARED helper's file, as the index exports it.
    build.onLoad({ filter: /./, namespace: 'from-index' }, (args) => ({
      contents: `export { ${Object.entries(SHARED[args.pluginData as string]!)
        .map(([name, as]) => `${as} as ${name}`)
        .join(', ')} } from '../index.js';`,
    }));
  },
};

// The Markdown engine's helpers (URL sanitising, label folding, character references) are
// ESM-only: bundled into the renderer so CommonJS consumers can require it too.
const markdownHelpers = [
  /^micromark-util-/,
  /^decode-named-character-reference/,
  /^character-entities/,
];

// The agent runtimes' entries (replyguard/<name>, from src/<name>/), and their frameworks.
const AGENT_ENTRIES = ['openai-agents', 'langchain', 'mastra', 'agentos'];
const AGENT_PEERS = [
  /^@openai\/agents/,
  /^@langchain\/core/,
  /^@mastra\/core/,
  /^@framers\/agentos/,
];

/** An adapter's core.ts imports `../index`: mapped to `replyguard`, so no second copy ships. */
function coreFromPackage(name: string): Plugin {
  return {
    name: 'core-from-package',
    setup(build) {
      build.onResolve({ filter: /^\.\.\/index$/ }, (args) =>
        args.importer.endsWith(`/src/${name}/core.ts`)
          ? { path: 'replyguard', external: true }
          : undefined,
      );
    },
  };
}

export default defineConfig([
  // The core: ESM as dist/index.js and dist/lazy/ (see LAZY above), CJS as one file (its dynamic
  // imports are inlined: CommonJS loads everything at once).
  {
    ...shared,
    format: ['esm'],
    entry: { index: 'src/index.ts' },
    clean: true,
    splitting: false,
    esbuildPlugins: [lazyImports, shareHelpers],
  },
  { ...shared, format: ['cjs'], entry: { index: 'src/index.ts' }, clean: false },
  {
    ...shared,
    format: ['esm'],
    dts: false,
    entry: Object.fromEntries(LAZY.map((path) => [basename(path, '.ts'), path])),
    outDir: 'dist/lazy',
    clean: false,
    // What only lazy chunks share (the transports' SSE layer) is a chunk of its own among them.
    splitting: true,
    esbuildPlugins: [fromIndex],
  },
  // The complete renderer, for Node, Deno, Bun and Workers (no DOM): entities from a full table.
  {
    ...shared,
    entry: { render: 'src/render/index.ts' },
    clean: false,
    noExternal: markdownHelpers,
  },
  // The browser renderer: the `browser` build of the entity decoder asks the DOM, without the table.
  {
    ...shared,
    entry: { 'render.browser': 'src/render/index.ts' },
    dts: false,
    platform: 'browser',
    clean: false,
    noExternal: markdownHelpers,
    esbuildOptions(options) {
      options.conditions = ['browser'];
    },
  },
  // The AI SDK entry imports nothing of the AI SDK (its types are its own; `ai` and
  // @ai-sdk/provider stay external should that change), and the core through src/ai-sdk/core.ts,
  // mapped here to the package's main entry: no second copy of it.
  {
    ...shared,
    entry: { 'ai-sdk': 'src/ai-sdk/index.ts' },
    clean: false,
    external: ['@ai-sdk/provider', 'ai'],
    esbuildPlugins: [
      {
        name: 'core-from-package',
        setup(build) {
          build.onResolve({ filter: /^\.\.\/index$/ }, (args) =>
            args.importer.endsWith('/src/ai-sdk/core.ts')
              ? { path: 'replyguard', external: true }
              : undefined,
          );
        },
      },
    ],
  },
  // The Worker as a library (replyguard/worker): the core through src/worker/core.ts, mapped to the
  // package's main entry like the AI SDK entry; valibot stays an external dependency.
  {
    ...shared,
    entry: { worker: 'src/worker/index.ts' },
    clean: false,
    esbuildPlugins: [
      {
        name: 'core-from-package',
        setup(build) {
          build.onResolve({ filter: /^\.\.\/index$/ }, (args) =>
            args.importer.endsWith('/src/worker/core.ts')
              ? { path: 'replyguard', external: true }
              : undefined,
          );
        },
      },
    ],
  },
  // The IM delivery entries (replyguard/im, replyguard/im/satori): the catalog check and the
  // plain-text renderer through src/im/core.ts, mapped to the package's renderer entry like the
  // AI SDK entry maps the core; @satorijs/element stays an external (optional peer) dependency.
  {
    ...shared,
    entry: { im: 'src/im/index.ts', 'im/satori': 'src/im/satori/index.ts' },
    clean: false,
    // Each entry self-contained: the little they share is copied, not a chunk at dist/'s root.
    splitting: false,
    external: ['@satorijs/element'],
    esbuildPlugins: [
      {
        name: 'renderer-from-package',
        setup(build) {
          build.onResolve({ filter: /^\.\.\/render\/index$/ }, (args) =>
            args.importer.endsWith('/src/im/core.ts')
              ? { path: 'replyguard/render', external: true }
              : undefined,
          );
        },
      },
    ],
  },
  // One entry per agent runtime: each imports its framework (an optional peer: types only, but
  // for LangChain's parser classes) and the core through its own core.ts, mapped to the package's
  // main entry like the AI SDK entry's.
  ...AGENT_ENTRIES.map((name) => ({
    ...shared,
    entry: { [name]: `src/${name}/index.ts` },
    clean: false,
    external: AGENT_PEERS,
    esbuildPlugins: [coreFromPackage(name)],
  })),
  // The `replyguard` command: Node only, ESM, the core bundled in; the package's `bin`. One file:
  // the core's lazy chunks are inlined (no splitting), so the command ships no chunks of its own.
  {
    entry: { cli: 'cli/index.ts' },
    format: ['esm'],
    splitting: false,
    platform: 'node',
    target: 'node20',
    dts: false,
    sourcemap: false,
    clean: false,
    tsconfig: 'tsconfig.json',
    banner: { js: '#!/usr/bin/env node' },
  },
]);

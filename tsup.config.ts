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

// The Markdown engine's helpers (URL sanitising, label folding, character references) are
// ESM-only: bundled into the renderer so CommonJS consumers can require it too.
const markdownHelpers = [
  /^micromark-util-/,
  /^decode-named-character-reference/,
  /^character-entities/,
];

export default defineConfig([
  { ...shared, entry: { index: 'src/index.ts' }, clean: true },
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
  // The `replyguard` command: Node only, ESM, the core bundled in; the package's `bin`.
  {
    entry: { cli: 'cli/index.ts' },
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    dts: false,
    sourcemap: false,
    clean: false,
    tsconfig: 'tsconfig.json',
    banner: { js: '#!/usr/bin/env node' },
  },
]);

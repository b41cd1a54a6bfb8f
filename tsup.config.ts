import { defineConfig } from 'tsup';

const shared = {
  format: ['esm', 'cjs'] as const,
  dts: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral' as const,
  treeshake: true,
  tsconfig: 'tsconfig.json',
};

export default defineConfig([
  { ...shared, entry: { index: 'src/index.ts' }, clean: true },
  // micromark is ESM-only: bundled into the renderer so CommonJS consumers can require it too.
  { ...shared, entry: { render: 'src/render/index.ts' }, clean: false, noExternal: [/^micromark/, /^decode-named-character-reference/, /^character-entities/, /^devlop/] },
  // The AI SDK entry imports only types from @ai-sdk/provider (an optional peer): nothing at run time.
  { ...shared, entry: { 'ai-sdk': 'src/ai-sdk/index.ts' }, clean: false, external: ['@ai-sdk/provider', 'ai'] },
  // The `replyguard` command: Node only, ESM, the core bundled in; the package's `bin`.
  { entry: { cli: 'cli/index.ts' }, format: ['esm'], platform: 'node', target: 'node20', dts: false, sourcemap: false, clean: false, tsconfig: 'tsconfig.json', banner: { js: '#!/usr/bin/env node' } },
]);

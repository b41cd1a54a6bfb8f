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
]);

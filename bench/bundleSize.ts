// What a user's bundler ships for one import: esbuild bundles it with its dependencies, minified,
// with code splitting on so a lazily imported part (the JSON Schema validator) is its own chunk;
// each chunk is gzipped at level 9. Shared by the bench (on dist/) and the size test (on src/).
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** Bytes of one output chunk, minified and minified + gzipped. */
export interface ChunkSize {
  readonly minBytes: number;
  readonly gzipBytes: number;
}

/** The entry chunk, and the chunks loaded only when used. */
export interface BundleSize extends ChunkSize {
  readonly lazy: readonly ChunkSize[];
}

/** Bundles `contents` (an ES module, resolved from `resolveDir`) and measures it. */
export async function bundleSize(contents: string, resolveDir: string): Promise<BundleSize> {
  const out = await build({
    stdin: { contents, resolveDir, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    splitting: true,
    outdir: 'bundle-size-out',
    write: false,
    logLevel: 'silent',
  });
  const sizeOf = (bytes: Uint8Array): ChunkSize => ({
    minBytes: bytes.length,
    gzipBytes: gzipSync(bytes, { level: 9 }).length,
  });
  const [entry, ...lazy] = out.outputFiles.filter((file) => file.path.endsWith('.js'));
  return { ...sizeOf(entry!.contents), lazy: lazy.map((file) => sizeOf(file.contents)) };
}

/** Kibibytes with one decimal, as the budgets are written. */
export function kib(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}

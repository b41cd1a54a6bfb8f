// What a user's bundler ships for one import: esbuild bundles it with its dependencies, minified,
// with code splitting on so a lazily imported part (the JSON Schema validator, a provider's
// transport…) is a chunk of its own; each chunk is gzipped at level 9. Shared by the bench (on
// dist/) and the size test (on src/).
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';

/** Bytes of one output chunk (or of several, summed), minified and minified + gzipped. */
export interface ChunkSize {
  readonly minBytes: number;
  readonly gzipBytes: number;
}

/**
 * The first load (the entry chunk and the chunks it imports statically), the chunks loaded only
 * on first use (reached through a dynamic `import()` and nothing else), and the total of both.
 * Chunks that nothing the entry reaches can load (esbuild writes one for every dynamic import,
 * even of code the import tree-shook away) are in neither.
 */
export interface BundleSize extends ChunkSize {
  readonly lazy: readonly (ChunkSize & { readonly name: string })[];
  readonly total: ChunkSize;
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
    metafile: true,
    logLevel: 'silent',
  });
  const sizes = new Map(
    out.outputFiles.map((file) => [
      file.path.slice(file.path.lastIndexOf('bundle-size-out/')),
      { minBytes: file.contents.length, gzipBytes: gzipSync(file.contents, { level: 9 }).length },
    ]),
  );
  const { first, lazy } = reachableChunks(out.metafile);
  const sum = (paths: Iterable<string>): ChunkSize => {
    let minBytes = 0;
    let gzipBytes = 0;
    for (const path of paths) {
      minBytes += sizes.get(path)!.minBytes;
      gzipBytes += sizes.get(path)!.gzipBytes;
    }
    return { minBytes, gzipBytes };
  };
  return {
    ...sum(first),
    lazy: [...lazy].map((path) => ({ name: chunkName(out.metafile, path), ...sum([path]) })),
    total: sum([...first, ...lazy]),
  };
}

/** The chunks of the first load, and those reached through a dynamic import only. */
function reachableChunks(metafile: Metafile): { first: Set<string>; lazy: Set<string> } {
  const outputs = metafile.outputs;
  // Every dynamic import is an entry point of its own too: the import's entry is stdin.
  const entry = Object.keys(outputs).find((path) => outputs[path]!.entryPoint === '<stdin>')!;
  const walk = (start: Iterable<string>, dynamic: boolean, seen: Set<string>): Set<string> => {
    const queue = [...start];
    while (queue.length > 0) {
      const path = queue.pop()!;
      if (seen.has(path)) continue;
      seen.add(path);
      for (const next of outputs[path]!.imports)
        if (!next.external && (next.kind === 'import-statement' || dynamic)) queue.push(next.path);
    }
    return seen;
  };
  const first = walk([entry], false, new Set());
  const all = walk([entry], true, new Set());
  return { first, lazy: new Set([...all].filter((path) => !first.has(path))) };
}

/** A lazy chunk named after its largest source file, for reports. */
function chunkName(metafile: Metafile, path: string): string {
  const inputs = Object.entries(metafile.outputs[path]!.inputs).sort(
    ([, a], [, b]) => b.bytesInOutput - a.bytesInOutput,
  );
  const top = inputs[0]?.[0] ?? path;
  return top.replace(/^.*node_modules\/((?:@[^/]+\/)?[^/]+).*$/, '$1').replace(/^.*\//, '');
}

/** Kibibytes with one decimal, as the budgets are written. */
export function kib(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}

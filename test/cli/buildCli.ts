import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Builds the command from cli/ into `outfile` (a test never runs a stale build). */
export async function buildCli(outfile: string): Promise<void> {
  await build({
    entryPoints: [join(root, 'cli/index.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
}

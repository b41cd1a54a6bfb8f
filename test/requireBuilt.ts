import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../', import.meta.url));

/**
 * Fails the test file, naming what is missing, when a built file it tests is absent: a test of
 * what ships never passes by skipping. `npm test` builds first.
 */
export function requireBuilt(...files: string[]): void {
  const missing = files.filter((file) => !existsSync(`${ROOT}${file}`));
  if (missing.length > 0)
    throw new Error(`${missing.join(', ')} missing: run \`npm run build\` first (npm test does)`);
}

// npm run test:node-lines: the package, type and integration tests (vitest.nodeLines.config.ts)
// again on each Node line users run — 22 and 24, the LTS lines — after `npm test` ran the whole
// suite on the Node at hand. The Node binaries are the npm registry's own packages
// (node-<platform>-<arch>, pinned below), installed by npm into node_modules/.cache/node-lines/:
// nothing is downloaded from anywhere else. A line passes when every test ran and passed: a test
// skipped there (Mastra's skip below Node 22.13, say) fails the run.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The Node versions tested, one per line (the newest of each when this was written). */
export const NODE_LINES = ['22.23.5', '24.22.3'];

const root = fileURLToPath(new URL('..', import.meta.url));
const platform = process.platform === 'win32' ? 'win' : process.platform;
const binaryPackage = `node-${platform}-${process.arch}`;
const only = process.argv.slice(2);

for (const version of NODE_LINES) {
  if (only.length > 0 && !only.some((line) => version.startsWith(line))) continue;
  const prefix = join(root, 'node_modules', '.cache', 'node-lines', version);
  const node = join(prefix, 'node_modules', binaryPackage, 'bin', 'node');
  if (!existsSync(node)) {
    console.log(`node-lines: installing ${binaryPackage}@${version} from the npm registry`);
    run('npm', [
      'install',
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--prefix',
      prefix,
      `${binaryPackage}@${version}`,
    ]);
  }
  const reported = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout?.trim();
  if (reported !== `v${version}`) fail(`${node} reports ${reported ?? 'nothing'}, not v${version}`);

  console.log(`node-lines: the package, type and integration tests on Node ${version}`);
  const results = join(prefix, 'results.json');
  const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
  const tested = spawnSync(
    node,
    [
      vitest,
      'run',
      '--config',
      'vitest.nodeLines.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${results}`,
    ],
    { cwd: root, stdio: 'inherit' },
  );
  const report = JSON.parse(readFileSync(results, 'utf8'));
  const skipped = report.numPendingTests + report.numTodoTests;
  if (tested.status !== 0 || report.numFailedTests > 0 || !report.success)
    fail(`Node ${version}: ${report.numFailedTests} failed`);
  if (skipped > 0 || report.numTotalTests === 0)
    fail(`Node ${version}: ${skipped} of ${report.numTotalTests} tests did not run`);
  console.log(`node-lines: Node ${version}: ${report.numPassedTests} passed, none skipped`);
}

function run(command, args) {
  const done = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (done.status !== 0) fail(`${command} ${args.join(' ')} exited with ${done.status}`);
}

function fail(message) {
  console.error(`node-lines: ${message}`);
  process.exit(1);
}

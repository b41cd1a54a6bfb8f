import { spawn } from 'node:child_process';
import { ROOT } from '../requireBuilt';

const tsx = `${ROOT}node_modules/tsx/dist/cli.mjs`;

/** How an example runs: the tsconfig tsx maps the package with, and when the child is killed. */
export interface ExampleRun {
  readonly tsconfig?: string;
  readonly killAfterMs?: number;
}

/**
 * Runs an example as a user runs it (tsx, examples/tsconfig.json mapping the package to its
 * source) on this Node, against `baseUrl`: no network, no keys.
 */
export function runExample(
  path: string,
  baseUrl: string,
  args: string[],
  env: Record<string, string> = {},
  { tsconfig = 'examples/tsconfig.json', killAfterMs = 110_000 }: ExampleRun = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsx, '--tsconfig', tsconfig, path, ...args], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        OPENAI_BASE_URL: baseUrl,
        OPENAI_API_KEY: 'test-key',
        MODEL: 'local-model',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill(), killAfterMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

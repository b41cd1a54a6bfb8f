// The `replyguard` command (Node only): built to dist/cli.js, the package's `bin`.
import { createRequire } from 'node:module';
import { runCli } from './runCli';

const MAX_STDIN_BYTES = 64 * 1024 * 1024;

async function readStdin(): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_STDIN_BYTES) throw new Error(`stdin is over ${MAX_STDIN_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function version(): string {
  try {
    return (createRequire(import.meta.url)('../package.json') as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

runCli(process.argv.slice(2), {
  readStdin,
  stdinIsTty: process.stdin.isTTY === true,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  version: version(),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`replyguard: ${(error as Error)?.stack ?? String(error)}\n`);
    process.exitCode = 2;
  },
);

// npm start: builds everything, then runs the Worker locally in workerd (wrangler dev) on
// http://127.0.0.1:8787 with its embedded scripted model; the demo is served at /. It asks no key
// (AUTH=off, although worker/wrangler.jsonc binds CLIENT_KEYS); `npm start -- --var AUTH:keys`
// asks for them, from the local CLIENT_KEYS namespace and .dev.vars.
//
// Rebuilding while it runs (npm run build, node worker/build.mjs) reloads the Worker: the build
// renames a complete bundle into place, so wrangler never loads a half-written one (an empty Worker
// once looped requests through wrangler's own proxy until workerd ran out of file descriptors).
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const env = {
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_SEND_ERROR_REPORTS: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
};
const port = process.env.PORT ?? '8787';

const built = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit', env });
if (built.status !== 0) process.exit(built.status ?? 1);

console.log(
  `replyguard Worker: http://127.0.0.1:${port}/ (demo), POST /v1/check, POST /v1/chat/completions, POST /v1/responses, POST /v1/messages, GET /v1/models, GET /v1/schema, PUT|GET /v1/schemas/:name`,
);
const cli = fileURLToPath(new URL('../node_modules/wrangler/bin/wrangler.js', import.meta.url));
const wrangler = spawn(
  process.execPath,
  [
    cli,
    'dev',
    '--config',
    'worker/wrangler.jsonc',
    '--ip',
    '127.0.0.1',
    '--port',
    port,
    '--local',
    '--var',
    'AUTH:off',
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', env },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => wrangler.kill(signal));
wrangler.on('exit', (code) => process.exit(code ?? 0));

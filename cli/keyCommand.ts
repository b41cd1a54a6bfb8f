import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  type ClientKeySettings,
  KEY_ROUTES,
  RESERVED_KEY_NAMES,
  readKeySettings,
} from '../src/worker/keys/clientKeySettings';
import { KEY_HASH, keyHash } from '../src/worker/keys/keyHash';
import type { CliIo } from './runCli';

export const KEY_USAGE = `Usage:
  replyguard key new --name NAME [--routes R,R] [--model M] [--max-body-bytes N]
                     [--no-progress] [--rate-limit BINDING] [--file FILE] [--local]
                     [--config PATH] [--json]
  replyguard key revoke --name NAME (--hash HEX | --file FILE) [--local] [--config PATH] [--json]
  replyguard key hash < KEYFILE

new     makes a client key, prints it once (only its SHA-256 hash is stored) and the wrangler
        command that stores the hash with the key's settings in the CLIENT_KEYS KV namespace
        (--remote: the deployed one; --local: npm start's). With --file FILE, adds it to FILE,
        a JSON object of hashes for the CLIENT_KEYS_JSON secret, and prints the command that
        stores that secret. Settings narrow the Worker's own:
          --routes R,R        the only routes the key may call (${KEY_ROUTES.join(', ')})
          --model M           the upstream model its turns use (one of the Worker's models)
          --max-body-bytes N  a body limit below MAX_BODY_BYTES
          --no-progress       refuse replyguard.progress for this key
          --rate-limit B      a ratelimits binding counted for this key on top of RATE_LIMIT
revoke  marks a key revoked (refused with 401 KEY_REVOKED, its name still logged): prints the
        command for KV (--hash), or updates FILE (--file, found by --name)
hash    prints the SHA-256 hash of a key read from stdin (for a key you made yourself)
`;

/** A wrong invocation: the message, shown with the usage text. */
class KeyUsageError extends Error {}

const DEFAULT_CONFIG = 'worker/wrangler.jsonc';

/**
 * `replyguard key …`: makes, revokes and hashes client keys. Returns the exit code (0 done, 2 a
 * usage or input error); a key is printed once and never written anywhere.
 */
export async function runKeyCommand(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        name: { type: 'string' },
        routes: { type: 'string' },
        model: { type: 'string' },
        'max-body-bytes': { type: 'string' },
        'no-progress': { type: 'boolean' },
        'rate-limit': { type: 'string' },
        hash: { type: 'string' },
        file: { type: 'string' },
        local: { type: 'boolean' },
        config: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    const [command, ...rest] = positionals;
    if (values.help) {
      io.out(KEY_USAGE);
      return 0;
    }
    if (rest.length > 0) throw new KeyUsageError(`unexpected argument "${rest[0]!.slice(0, 40)}"`);
    if (command === 'new') return await newKey(values, io);
    if (command === 'revoke') return await revokeKey(values, io);
    if (command === 'hash') {
      const key = new TextDecoder().decode(await io.readStdin()).trim();
      if (key === '') throw new KeyUsageError('no key on stdin');
      io.out(`${await keyHash(key)}\n`);
      return 0;
    }
    throw new KeyUsageError(
      command === undefined ? 'no key command' : `unknown key command "${command}"`,
    );
  } catch (error) {
    const flags = String((error as NodeJS.ErrnoException)?.code ?? '').startsWith('ERR_PARSE_ARGS');
    if (!flags && !(error instanceof KeyUsageError)) throw error;
    io.err(`replyguard key: ${(error as Error).message}\n\n${KEY_USAGE}`);
    return 2;
  }
}

type Values = Record<string, string | boolean | undefined>;

async function newKey(values: Values, io: CliIo): Promise<number> {
  const settings = settingsOf(values);
  const key = `rg_${randomBytes(32).toString('base64url')}`;
  const hash = await keyHash(key);
  const config = configOf(values);
  const file = values.file as string | undefined;
  let command: string;
  if (file !== undefined) {
    const keys = await readKeysFile(file, true);
    if (Object.values(keys).some((entry) => entry.name === settings.name))
      throw new KeyUsageError(`${file} already has a key named "${settings.name}"`);
    keys[hash] = settings;
    await writeKeysFile(file, keys);
    command = secretCommand(file, config);
  } else command = kvPutCommand(hash, settings, config, values.local === true);
  if (values.json) {
    io.out(`${JSON.stringify({ key, name: settings.name, hash, settings, command }, null, 2)}\n`);
    return 0;
  }
  io.out(
    [
      `key (shown once: give it to the client now; only its hash is stored): ${key}`,
      `name: ${settings.name}`,
      `sha256: ${hash}`,
      file !== undefined
        ? `added to ${file} (hashes only). Store the file as the CLIENT_KEYS_JSON secret:`
        : `store its hash and settings in the CLIENT_KEYS namespace (${values.local ? 'npm start' : 'the deployed Worker'}):`,
      `  ${command}`,
      '',
    ].join('\n'),
  );
  return 0;
}

async function revokeKey(values: Values, io: CliIo): Promise<number> {
  const name = values.name as string | undefined;
  const hash = values.hash as string | undefined;
  const file = values.file as string | undefined;
  const config = configOf(values);
  if ((hash === undefined) === (file === undefined))
    throw new KeyUsageError('revoke takes --hash (KV) or --file (CLIENT_KEYS_JSON), one of them');
  let command: string;
  if (file !== undefined) {
    const keys = await readKeysFile(file, false);
    const found = Object.entries(keys).filter(
      ([entryHash, entry]) => entry.name === name || (name === undefined && entryHash === hash),
    );
    if (name === undefined || found.length === 0)
      throw new KeyUsageError(`no key named "${String(name).slice(0, 64)}" in ${file}`);
    for (const [entryHash, entry] of found) keys[entryHash] = { ...entry, revoked: true };
    await writeKeysFile(file, keys);
    command = secretCommand(file, config);
  } else {
    if (!KEY_HASH.test(hash!)) throw new KeyUsageError('--hash takes 64 lowercase hex digits');
    const settings = settingsOf({ name: values.name });
    command = kvPutCommand(
      hash!,
      { name: settings.name, revoked: true },
      config,
      values.local === true,
    );
  }
  if (values.json) io.out(`${JSON.stringify({ name, command }, null, 2)}\n`);
  else
    io.out(
      `revoked "${name}". ${file !== undefined ? 'Store the file again' : 'Store it'}:\n  ${command}\n`,
    );
  return 0;
}

/** The key's settings from the flags, checked by the Worker's own reader. */
function settingsOf(values: Values): ClientKeySettings {
  const name = values.name;
  if (typeof name !== 'string') throw new KeyUsageError('--name is required');
  if (RESERVED_KEY_NAMES.includes(name))
    throw new KeyUsageError(`"${name}" is the Worker's own name for a caller; pick another`);
  const bytes = values['max-body-bytes'];
  const candidate = {
    name,
    ...(typeof values.routes === 'string'
      ? { routes: values.routes.split(',').map((route) => route.trim()) }
      : {}),
    ...(typeof values.model === 'string' ? { model: values.model } : {}),
    ...(typeof bytes === 'string' ? { maxBodyBytes: Number(bytes) } : {}),
    ...(values['no-progress'] === true ? { progress: false } : {}),
    ...(typeof values['rate-limit'] === 'string' ? { rateLimit: values['rate-limit'] } : {}),
  };
  const read = readKeySettings(candidate);
  if (!read.ok) throw new KeyUsageError(`the key's ${read.field} is not valid`);
  return read.settings;
}

function configOf(values: Values): string {
  return typeof values.config === 'string' ? values.config : DEFAULT_CONFIG;
}

/** The wrangler command that stores one key's settings under its hash. */
function kvPutCommand(
  hash: string,
  settings: ClientKeySettings,
  config: string,
  local: boolean,
): string {
  return [
    'npx wrangler kv key put',
    `--config ${quote(config)}`,
    '--binding CLIENT_KEYS',
    local ? '--local' : '--remote',
    hash,
    quote(JSON.stringify(settings)),
  ].join(' ');
}

function secretCommand(file: string, config: string): string {
  return `npx wrangler secret put CLIENT_KEYS_JSON --config ${quote(config)} < ${quote(file)}`;
}

/** A word for a POSIX shell: single-quoted unless it is plainly safe. */
function quote(word: string): string {
  return /^[A-Za-z0-9_./:@=-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

async function readKeysFile(
  file: string,
  mayBeMissing: boolean,
): Promise<Record<string, ClientKeySettings>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (mayBeMissing && (error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new KeyUsageError(
      `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new KeyUsageError(`${file} is not JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new KeyUsageError(`${file} is not a JSON object of key hashes`);
  const keys: Record<string, ClientKeySettings> = {};
  for (const [hash, entry] of Object.entries(value)) {
    const read = readKeySettings(entry);
    if (!KEY_HASH.test(hash) || !read.ok)
      throw new KeyUsageError(`${file} has an entry that is not a key hash with valid settings`);
    keys[hash] = read.settings;
  }
  return keys;
}

async function writeKeysFile(file: string, keys: Record<string, ClientKeySettings>): Promise<void> {
  await writeFile(file, `${JSON.stringify(keys, null, 2)}\n`);
}

import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  checkCustomReply,
  checkReply,
  finalizeReply,
  formatIssues,
  parseJson,
  prepareSchema,
  segmentJsonSchema,
} from '../src/index';
import type { ReplyResult } from '../src/index';
import { formatSummary } from './formatSummary';
import { runKeyCommand } from './keyCommand';

/** Where the command reads and writes; the process's own streams in `cli/index.ts`. */
export interface CliIo {
  readonly readStdin: () => Promise<Uint8Array>;
  readonly stdinIsTty: boolean;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly version: string;
}

/** The exit codes: deliverable, refused, and a usage or input error. */
export const EXIT = Object.freeze({ deliverable: 0, refused: 1, usage: 2 });

export const USAGE = `Usage:
  replyguard check [FILE|-] [--json] [--mentions a,b] [--schema FILE] [--plain]
  replyguard schema
  replyguard key new|revoke|hash …   (replyguard key --help)
  replyguard --help | --version

check   reads a model reply from FILE (or stdin with - or no FILE) and checks it like the
        IM preset does: strict JSON, the closed segment schema, mentions, media, leaks.
          --json          print the ReplyResult as JSON instead of a summary
          --mentions a,b  the platform ids the reply may mention
          --schema FILE   check against your JSON Schema instead of the segment schema
          --plain         plain-text mode: the reply is one text segment (leaks still masked)
        exit 0 deliverable, 1 refused, 2 usage or input error
schema  prints the segment JSON Schema (draft 2020-12)
key     makes and revokes the Worker's client keys (only their SHA-256 hashes are stored)
`;

/** A usage error (shown with the usage text) or an input error (the message alone); both exit 2. */
class UsageError extends Error {
  constructor(
    message: string,
    readonly showUsage = false,
  ) {
    super(message);
  }
}

/** Reads stdin or a file whole, as strict UTF-8. */
async function readInput(
  path: string | undefined,
  io: CliIo,
): Promise<{ text: string; source: string }> {
  let bytes: Uint8Array;
  const source = path === undefined || path === '-' ? '<stdin>' : path;
  if (source === '<stdin>') {
    if (io.stdinIsTty)
      throw new UsageError('no input: give a FILE, or pipe the reply into stdin', true);
    try {
      bytes = await io.readStdin();
    } catch (error) {
      throw new UsageError(`cannot read stdin: ${(error as Error).message}`);
    }
  } else {
    try {
      bytes = await readFile(source);
    } catch (error) {
      throw new UsageError(
        `cannot read ${source}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
    }
  }
  try {
    return {
      text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes),
      source,
    };
  } catch {
    throw new UsageError(`${source} is not valid UTF-8`);
  }
}

async function check(
  positionals: string[],
  values: Record<string, string | boolean | undefined>,
  io: CliIo,
): Promise<number> {
  if (positionals.length > 1)
    throw new UsageError(`check takes one FILE, got ${positionals.length}`, true);
  const schemaFile = values.schema as string | undefined;
  const plain = values.plain === true;
  if (plain && schemaFile !== undefined)
    throw new UsageError('--plain and --schema cannot be used together', true);
  if (schemaFile !== undefined && values.mentions !== undefined)
    throw new UsageError('--mentions applies to the segment schema, not to --schema', true);
  const mentions =
    typeof values.mentions === 'string'
      ? values.mentions
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean)
      : undefined;

  const input = await readInput(positionals[0], io);
  const result =
    schemaFile === undefined
      ? await checkReply(input.text, {
          schema: plain ? false : 'segments',
          ...(mentions ? { mentions: { allowed: mentions } } : {}),
        })
      : await checkCustom(input.text, schemaFile, io);
  io.out(
    values.json
      ? `${JSON.stringify(result, null, 2)}\n`
      : formatSummary(result, { source: input.source, text: input.text, plain }),
  );
  return result.status === 'completed' ? EXIT.deliverable : EXIT.refused;
}

/** A reply against the caller's JSON Schema: a schema that cannot be read or compiled is an input error. */
async function checkCustom(
  text: string,
  schemaFile: string,
  io: CliIo,
): Promise<ReplyResult<unknown>> {
  const startedAt = performance.now();
  const read = await readInput(schemaFile, io);
  const parsed = parseJson(read.text);
  if (!parsed.ok)
    throw new UsageError(`${schemaFile} is not JSON:\n${formatIssues([parsed.issue])}`);
  const prepared = await prepareSchema(parsed.value);
  if (!prepared.ok)
    throw new UsageError(
      `${schemaFile} is not a usable JSON Schema:\n${formatIssues(prepared.issues)}`,
    );
  const schemaName =
    typeof (parsed.value as { title?: unknown }).title === 'string'
      ? (parsed.value as { title: string }).title
      : schemaFile;
  const verdict = await checkCustomReply(text, prepared.schema);
  const end = {
    attempts: 1,
    stage: verdict.masked ? ('post_guardrail' as const) : ('model' as const),
    enforcement: 'prompt_only' as const,
    schemaName,
    startedAt,
    issues: verdict.issues,
    findings: verdict.findings,
  };
  return verdict.ok
    ? finalizeReply({ ...end, status: 'completed', value: verdict.value })
    : finalizeReply({ ...end, status: 'validation_failed' });
}

/**
 * The `replyguard` command. Returns the exit code; never throws for bad input (a usage or input
 * error is reported on stderr with exit 2).
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  // The key commands have flags of their own.
  if (argv[0] === 'key') return runKeyCommand(argv.slice(1), io);
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        json: { type: 'boolean' },
        mentions: { type: 'string' },
        schema: { type: 'string' },
        plain: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
    const [command, ...rest] = positionals;
    if (values.help || command === 'help') {
      io.out(USAGE);
      return EXIT.deliverable;
    }
    if (values.version) {
      io.out(`${io.version}\n`);
      return EXIT.deliverable;
    }
    if (command === 'check') return await check(rest, values, io);
    if (command === 'schema') {
      if (rest.length > 0 || Object.keys(values).length > 0)
        throw new UsageError('schema takes no arguments', true);
      io.out(`${JSON.stringify(segmentJsonSchema(), null, 2)}\n`);
      return EXIT.deliverable;
    }
    throw new UsageError(
      command === undefined ? 'no command' : `unknown command "${command}"`,
      true,
    );
  } catch (error) {
    // parseArgs reports unknown flags and missing values as TypeErrors with an ERR_PARSE_ARGS code.
    const flags = String((error as NodeJS.ErrnoException)?.code ?? '').startsWith('ERR_PARSE_ARGS');
    if (!flags && !(error instanceof UsageError)) throw error;
    const showUsage = flags || (error as UsageError).showUsage;
    io.err(`replyguard: ${(error as Error).message}\n${showUsage ? `\n${USAGE}` : ''}`);
    return EXIT.usage;
  }
}

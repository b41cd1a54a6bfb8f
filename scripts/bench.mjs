// npm run bench: replyguard against its peers, side by side in one run, printed as ratios.
// Absolute times drift on shared machines; the ratios within one run are what to read.
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { bench, do_not_optimize, group, run } from 'mitata';
import secureJsonParse from 'secure-json-parse';
import * as jsonc from 'jsonc-parser';
import * as momoa from '@humanwhocodes/momoa';
import jsonlint from '@prantlf/jsonlint';
import dupKeyValidator from 'json-dup-key-validator';
import { checkReply, parseJson } from '../dist/index.js';
import { segmentReply } from '../bench/replies.mjs';

const SIZES = [4096, 32768];

/** Each JSON parser: how to parse, and whether it refuses duplicate keys. */
const parsers = {
  'JSON.parse': (text) => JSON.parse(text),
  'replyguard parseJson': (text) => {
    const result = parseJson(text);
    if (!result.ok) throw new Error(result.issue.code);
    return result.value;
  },
  'secure-json-parse': (text) => secureJsonParse.parse(text),
  'jsonc-parser': (text) => {
    const errors = [];
    const value = jsonc.parse(text, errors, { disallowComments: true, allowTrailingComma: false });
    if (errors.length) throw new Error('invalid');
    return value;
  },
  '@humanwhocodes/momoa': (text) => momoa.evaluate(momoa.parse(text)),
  '@prantlf/jsonlint': (text) => jsonlint.parse(text, { allowDuplicateObjectKeys: false }),
  'json-dup-key-validator + JSON.parse': (text) => {
    const error = dupKeyValidator.validate(text, false);
    if (error) throw new Error(error);
    return JSON.parse(text);
  },
};

function refusesDuplicates(parse) {
  const refuses = (text) => {
    try {
      parse(text);
      return false;
    } catch {
      return true;
    }
  };
  if (!refuses('{"a":1,"a":2}')) return 'no';
  return refuses('{"a":1,"\\u0061":2}') ? 'yes' : 'raw only';
}

const texts = Object.fromEntries(SIZES.map((size) => [size, segmentReply(size)]));
for (const [name, parse] of Object.entries(parsers)) {
  for (const size of SIZES) {
    if (JSON.stringify(parse(texts[size])) !== JSON.stringify(JSON.parse(texts[size]))) throw new Error(`${name} disagrees with JSON.parse`);
  }
}

for (const size of SIZES) {
  group(`parse ${size / 1024} KB`, () => {
    for (const [name, parse] of Object.entries(parsers)) bench(`${name} @${size}`, () => do_not_optimize(parse(texts[size])));
  });
  group(`checkReply ${size / 1024} KB`, () => {
    bench(`checkReply @${size}`, async () => do_not_optimize(await checkReply(texts[size])));
    bench(`JSON.parse + nothing else @${size}`, () => do_not_optimize(JSON.parse(texts[size])));
  });
}

const { benchmarks } = await run({ format: 'quiet', throw: true });
const median = new Map();
for (const trial of benchmarks) for (const entry of trial.runs) median.set(entry.name, entry.stats.p50);

const micros = (ns) => (ns / 1000).toFixed(1).padStart(8);
const ratio = (a, b) => `${(a / b).toFixed(2)}×`.padStart(8);

console.log(`\nreplyguard bench — ${new Date().toISOString()} — node ${process.version}`);
for (const size of SIZES) {
  console.log(`\n## parse a ${(texts[size].length / 1024).toFixed(1)} KB segment reply (median µs; ratio to JSON.parse and to replyguard)`);
  console.log(`${'parser'.padEnd(38)} ${'µs'.padStart(8)} ${'/JSON'.padStart(8)} ${'/ours'.padStart(8)}  refuses duplicates`);
  const base = median.get(`JSON.parse @${size}`);
  const ours = median.get(`replyguard parseJson @${size}`);
  for (const [name, parse] of Object.entries(parsers)) {
    const time = median.get(`${name} @${size}`);
    console.log(`${name.padEnd(38)} ${micros(time)} ${ratio(time, base)} ${ratio(time, ours)}  ${refusesDuplicates(parse)}`);
  }
  const check = median.get(`checkReply @${size}`);
  console.log(`checkReply end to end ${(texts[size].length / 1024).toFixed(1)} KB: ${micros(check).trim()} µs median (${ratio(check, base).trim()} JSON.parse)`);
}

// The core entry as a user's bundler would ship it: everything it imports, minified, gzipped.
console.log('\n## size (minified + gzipped, with dependencies)');
const shapes = { 'core entry (everything)': '*', 'checkReply only': '{ checkReply }', 'parseJson only': '{ parseJson }' };
for (const [label, names] of Object.entries(shapes)) {
  const contents = `export ${names} from './dist/index.js';`;
  const out = await build({ stdin: { contents, resolveDir: process.cwd() }, bundle: true, minify: true, format: 'esm', platform: 'neutral', write: false });
  const bytes = out.outputFiles[0].contents;
  console.log(`${label.padEnd(38)} ${(bytes.length / 1024).toFixed(1).padStart(6)} KB min ${(gzipSync(bytes, { level: 9 }).length / 1024).toFixed(1).padStart(6)} KB gz`);
}

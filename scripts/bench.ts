// npm run bench: replyguard against its peers, side by side in one run, printed as ratios.
// Absolute times drift on shared machines; the ratios within one run are what to read.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as momoa from '@humanwhocodes/momoa';
import jsonlint from '@prantlf/jsonlint';
import { lintSource } from '@secretlint/core';
import { creator as secretlintPreset } from '@secretlint/secretlint-rule-preset-recommend';
import { build } from 'esbuild';
import dupKeyValidator from 'json-dup-key-validator';
import * as jsonc from 'jsonc-parser';
import { bench, do_not_optimize, group, run } from 'mitata';
import secureJsonParse from 'secure-json-parse';
import { replyText, segmentReply } from '../bench/replies';
import { printWorkerdCost, workerdCheckCost } from '../bench/workerd';
import { familyOf, gitleaksVectors, secretlintCases, secretsDir } from '../test/leaks/corpus';
import { RULE_SAMPLES } from '../test/leaks/ruleSamples';

// What ships: the built package (a variable path, so the type check needs no dist/).
const distEntry: string = '../dist/index.js';
const { LEAK_RULES, checkReply, parseJson, scanText } = (await import(distEntry)) as typeof import('../src/index');

const SIZES = [4096, 32768];

type Parse = (text: string) => unknown;

/** Each JSON parser, made to throw on invalid input. */
const parsers: Record<string, Parse> = {
  'JSON.parse': (text) => JSON.parse(text),
  'replyguard parseJson': (text) => {
    const result = parseJson(text);
    if (!result.ok) throw new Error(result.issue.code);
    return result.value;
  },
  'secure-json-parse': (text) => secureJsonParse.parse(text),
  'jsonc-parser': (text) => {
    const errors: jsonc.ParseError[] = [];
    const value = jsonc.parse(text, errors, { disallowComments: true, allowTrailingComma: false });
    if (errors.length) throw new Error('invalid');
    return value;
  },
  '@humanwhocodes/momoa': (text) => momoa.evaluate(momoa.parse(text)),
  '@prantlf/jsonlint': (text) => jsonlint.parse(text, { allowDuplicateObjectKeys: false }),
  'json-dup-key-validator + JSON.parse': (text) => {
    const error = dupKeyValidator.validate(text, false);
    if (error) throw new Error(String(error));
    return JSON.parse(text);
  },
};

/** Measured, not assumed: does the parser refuse duplicates, and escaped ones too? */
function refusesDuplicates(parse: Parse): string {
  const refuses = (text: string) => {
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

const secretlintConfig = { rules: [{ id: '@secretlint/secretlint-rule-preset-recommend', rule: secretlintPreset }] };
async function secretlintFindings(content: string, filePath = '/reply/reply.txt'): Promise<number> {
  const result = await lintSource({ source: { filePath, content, contentType: 'text' }, options: { config: secretlintConfig } as never });
  return result.messages.length;
}

const replies = Object.fromEntries(SIZES.map((size) => [size, segmentReply(size)]));
// Scanner input: the strings of a reply with three secrets in the middle, as a leaking reply has.
const leakTexts = Object.fromEntries(
  SIZES.map((size) => {
    const text = replyText(size);
    const half = text.length >> 1;
    const secrets = [RULE_SAMPLES['github-token']!.tp[0], RULE_SAMPLES['basic-auth-url']!.tp[0], RULE_SAMPLES['aws-access-key-id']!.tp[0]].join('\n');
    return [size, `${text.slice(0, half)}\n${secrets}\n${text.slice(half)}`];
  }),
);

for (const [name, parse] of Object.entries(parsers)) {
  for (const size of SIZES) {
    if (JSON.stringify(parse(replies[size]!)) !== JSON.stringify(JSON.parse(replies[size]!))) throw new Error(`${name} disagrees with JSON.parse`);
  }
}
for (const size of SIZES) {
  if (scanText(leakTexts[size]!, LEAK_RULES).length < 3 || (await secretlintFindings(leakTexts[size]!)) < 2) throw new Error('a scanner missed the planted secrets');
}

for (const size of SIZES) {
  group(`parse ${size}`, () => {
    for (const [name, parse] of Object.entries(parsers)) bench(`${name} @${size}`, () => do_not_optimize(parse(replies[size]!)));
  });
  group(`checkReply ${size}`, () => {
    bench(`checkReply @${size}`, async () => do_not_optimize(await checkReply(replies[size]!)));
  });
  group(`scan ${size}`, () => {
    bench(`replyguard scanText @${size}`, () => do_not_optimize(scanText(leakTexts[size]!, LEAK_RULES)));
    bench(`secretlint preset-recommend @${size}`, async () => do_not_optimize(await secretlintFindings(leakTexts[size]!)));
  });
}

const { benchmarks } = await run({ format: 'quiet', throw: true });
const median = new Map<string, number>();
for (const trial of benchmarks) for (const entry of trial.runs) if (entry.stats) median.set(entry.name, entry.stats.p50);
const time = (name: string) => {
  const value = median.get(name);
  if (value === undefined) throw new Error(`no result for ${name}`);
  return value;
};

const micros = (ns: number) => (ns / 1000).toFixed(1).padStart(8);
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`.padStart(8);
const kb = (text: string) => (text.length / 1024).toFixed(1);

console.log(`\nreplyguard bench — ${new Date().toISOString()} — node ${process.version}`);
for (const size of SIZES) {
  console.log(`\n## parse a ${kb(replies[size]!)} KB segment reply (median µs; ratio to JSON.parse and to replyguard)`);
  console.log(`${'parser'.padEnd(38)} ${'µs'.padStart(8)} ${'/JSON'.padStart(8)} ${'/ours'.padStart(8)}  refuses duplicates`);
  const base = time(`JSON.parse @${size}`);
  const ours = time(`replyguard parseJson @${size}`);
  for (const [name, parse] of Object.entries(parsers)) {
    const t = time(`${name} @${size}`);
    console.log(`${name.padEnd(38)} ${micros(t)} ${ratio(t, base)} ${ratio(t, ours)}  ${refusesDuplicates(parse)}`);
  }
  const check = time(`checkReply @${size}`);
  console.log(`checkReply end to end (parse, validate, media, leaks): ${micros(check).trim()} µs median (${ratio(check, base).trim()} JSON.parse)`);
}

console.log('\n## leak scanner on reply text with three planted secrets (median µs; throughput ratio)');
for (const size of SIZES) {
  const ours = time(`replyguard scanText @${size}`);
  const theirs = time(`secretlint preset-recommend @${size}`);
  console.log(`${kb(leakTexts[size]!)} KB: replyguard ${micros(ours).trim()} µs, secretlint ${micros(theirs).trim()} µs → replyguard ${(theirs / ours).toFixed(1)}× the throughput`);
}

// Recall on the shared fixtures, both scanners on the same cases.
const skips: Record<string, string> = JSON.parse(readFileSync(join(secretsDir, 'skip.json'), 'utf8'));
const positives = secretlintCases().filter((c) => c.text !== undefined && c.expectFinding && !(c.name in skips));
const inputName = (name: string) => (name.startsWith('npm/') && !name.includes('NPM_ACCESS') ? `/case/${name.includes('lock') ? 'package-lock.json' : name.includes('package.json') ? 'package.json' : '.npmrc'}` : '/case/input.txt');
let oursFound = 0;
let theirsFound = 0;
for (const c of positives) {
  if (scanText(c.text!, LEAK_RULES).length > 0) oursFound++;
  if ((await secretlintFindings(c.text!, inputName(c.name))) > 0) theirsFound++;
}
const vectors = gitleaksVectors().filter((v) => v.kind === 'tp' && familyOf(v.rule));
let oursVectors = 0;
let theirsVectors = 0;
for (const v of vectors) {
  if (scanText(v.text, LEAK_RULES).length > 0) oursVectors++;
  if ((await secretlintFindings(v.text)) > 0) theirsVectors++;
}
console.log(`recall, secretlint fixtures (${positives.length} cases with a secret): replyguard ${oursFound}, secretlint ${theirsFound}`);
console.log(`recall, gitleaks true positives in scope (${vectors.length}): replyguard ${oursVectors}, secretlint ${theirsVectors}`);

printWorkerdCost(await workerdCheckCost());

// The core entry as a user's bundler would ship it: everything it imports, minified, gzipped, with
// code splitting on, so the lazily imported JSON Schema validator is its own chunk.
console.log('\n## size (minified + gzipped, with dependencies; lazy chunks apart)');
const shapes = { 'core entry (everything)': '*', 'enforceReply only': '{ enforceReply }', 'checkReply only': '{ checkReply }', 'parseJson only': '{ parseJson }', 'renderer (replyguard/render)': 'RENDER' };
for (const [label, names] of Object.entries(shapes)) {
  const contents = names === 'RENDER' ? `export * from './dist/render.js';` : `export ${names} from './dist/index.js';`;
  const out = await build({ stdin: { contents, resolveDir: process.cwd() }, bundle: true, minify: true, format: 'esm', platform: 'neutral', splitting: true, outdir: 'bench-out', write: false });
  const [entry, ...lazy] = out.outputFiles.filter((file) => file.path.endsWith('.js'));
  const gz = (bytes: Uint8Array) => (gzipSync(bytes, { level: 9 }).length / 1024).toFixed(1);
  const lazyNote = lazy.length > 0 ? `  (+ ${lazy.map((file) => `${gz(file.contents)} KB gz`).join(', ')} loaded only when used)` : '';
  console.log(`${label.padEnd(32)} ${(entry!.contents.length / 1024).toFixed(1).padStart(6)} KB min ${gz(entry!.contents).padStart(6)} KB gz${lazyNote}`);
}

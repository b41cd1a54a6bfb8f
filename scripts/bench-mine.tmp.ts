// npm run bench: replyguard against JSON.parse, valibot and its peers, side by side in one run,
// printed as ratios. Absolute times drift on shared machines; the ratios within one run (each
// JSON.parse measured right before and after what it is compared with) are what to read.
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as momoa from '@humanwhocodes/momoa';
import jsonlint from '@prantlf/jsonlint';
import { lintSource } from '@secretlint/core';
import { creator as secretlintPreset } from '@secretlint/secretlint-rule-preset-recommend';
import dupKeyValidator from 'json-dup-key-validator';
import * as jsonc from 'jsonc-parser';
import { do_not_optimize, measure } from 'mitata';
import secureJsonParse from 'secure-json-parse';
import * as v from 'valibot';
import { bundleSize, kib } from '../bench/bundleSize';
import { ORDER_SCHEMA, breakOrderAt, orderReply } from '../bench/customReplies';
import { breakAt, measureEarlyReject } from '../bench/earlyRejectTurn';
import { SHAPES, SIZES, type Shape, replyText, shapedReply } from '../bench/replies';
import { printWorkerCosts, workerCpuByDifference, workerRouteCost } from '../bench/workerd';
import { createProgress } from '../src/progress/createProgress';
import { familyOf, gitleaksVectors, secretlintCases, secretsDir } from '../test/leaks/corpus';
import { RULE_SAMPLES } from '../test/leaks/ruleSamples';

// What ships: the built package (a variable path, so the type check needs no dist/).
const distEntry: string = '../dist/index.js';
// createJsonStream and createSegmentJudge land from the streaming work: used only when exported.
const core = (await import(distEntry)) as typeof import('../src/index') & {
  createJsonStream?: unknown;
  createSegmentJudge?: unknown;
};
const { SegmentReplySchema, checkReply, parseJson, scanLeaks } = core;

const startedAt = performance.now();
let sectionAt = startedAt;
/** Prints how long the section before took, so a slow run shows where its time went. */
const lap = () => {
  const now = performance.now();
  console.log(`(${((now - sectionAt) / 1000).toFixed(0)} s)`);
  sectionAt = now;
};
const label = (size: number) =>
  size >= 1_048_576 ? `${size / 1_048_576} MiB` : `${size / 1024} KB`;
const micros = (ns: number) => (ns / 1000).toFixed(1);
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;

// A real garbage collection between measurements: without one, mitata falls back to allocating
// 1 GiB before each measurement, and each measurement would pay for the garbage of the last.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/**
 * The time of `fn` in ns: the fastest sample (after mitata drops outliers; a sample of a fast
 * function is a batch of many calls). On a shared machine other processes only ever add time, so
 * the fastest samples are the ones that measured the code; medians would measure the neighbours.
 * The budget grows with the input, so the whole run stays near 5 minutes.
 */
async function fastest(fn: () => unknown, size: number, budgetMs = 200): Promise<number> {
  const big = size >= 262_144;
  const stats = await measure(fn, {
    gc: collect,
    min_cpu_time: (big ? budgetMs * 1.5 : budgetMs) * 1e6,
    min_samples: big ? 4 : 8,
    max_samples: 5_000,
  });
  return stats.min;
}

/**
 * The time of each `fn` and of JSON.parse on the same text, in paired rounds (JSON.parse, then
 * each fn, three times over); each keeps its fastest round, so a burst of load on the machine
 * does not land on one side only.
 */
async function paired(
  text: string,
  fns: Record<string, () => unknown>,
): Promise<{ base: number; times: Record<string, number> }> {
  const parse = () => do_not_optimize(JSON.parse(text));
  let base = Infinity;
  const times: Record<string, number> = {};
  for (let round = 0; round < 3; round++) {
    base = Math.min(base, await fastest(parse, text.length, 70));
    for (const [name, fn] of Object.entries(fns))
      times[name] = Math.min(times[name] ?? Infinity, await fastest(fn, text.length, 70));
  }
  return { base, times };
}

console.log(
  `replyguard bench — ${new Date().toISOString()} — node ${process.version} — ${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}`,
);

const { createJsonStream, createSegmentJudge } = core;
// ---------------------------------------------------------------------------------------------
// 2b. Custom schemas (issue 22): the streaming schema judge. Early reject on a 32 KB order reply
//     that turns invalid (a quantity written as a string) at 10 / 50 / 90 %, its cost over the
//     valid reply against the push parser alone, and the IM preset's own judge against the
//     schema judge on the segment JSON Schema. Then the progress views' hold-back.
console.log(
  '\n## custom schema early reject: createJsonStream + createSchemaJudge, 16-character chunks, a 32 KB order reply turning invalid',
);
const { createSchemaJudge, prepareSchema, segmentJsonSchema } = core;
const orderSchema = await prepareSchema(ORDER_SCHEMA);
if (!orderSchema.ok || orderSchema.schema.judge === undefined)
  throw new Error('the order schema gets no judge');
const orderJudge = orderSchema.schema.judge;
const order = orderReply(32_768);
console.log('goal (issue 22): refused within one chunk of the violation');
for (const at of [0.1, 0.5, 0.9]) {
  const { text: broken, violation } = breakOrderAt(order, at);
  const stream = createJsonStream(undefined, orderJudge());
  let read = broken.length;
  for (let i = 0; i < broken.length; i += 16) {
    if (stream.push(broken.slice(i, i + 16)) !== undefined) {
      read = Math.min(i + 16, broken.length);
      break;
    }
  }
  console.log(
    `invalid at ${(at * 100).toFixed(0).padStart(2)} %: read ${read} of ${broken.length} characters (${((read / broken.length) * 100).toFixed(1)} %), ${read - violation} past the start of the violation`,
  );
}

/** Feeds a text in 16-character chunks to a push parser with `observer`, to its end. */
const streamIn = (text: string, chunks: readonly string[], observer?: () => unknown) => () => {
  const stream = createJsonStream(
    undefined,
    observer?.() as Parameters<typeof createJsonStream>[1],
  );
  for (const chunk of chunks) stream.push(chunk);
  return stream.end();
};
const sixteen = (text: string) =>
  Array.from({ length: Math.ceil(text.length / 16) }, (_, k) => text.slice(k * 16, k * 16 + 16));

console.log(
  "\n## the schema judge's cost: a valid 32 KB reply in 16-character chunks, against the push parser alone",
);
console.log('goal (issue 22): ≤ 1.5× the push parser alone');
const segmentSchema = await prepareSchema(segmentJsonSchema());
if (!segmentSchema.ok || segmentSchema.schema.judge === undefined)
  throw new Error('the segment schema gets no judge');
const segmentReplyText = shapedReply('ordinary', 32_768);
for (const [name, text, observers] of [
  ['order (custom schema)', order, { createSchemaJudge: orderJudge }],
  [
    'segments (IM preset)',
    segmentReplyText,
    {
      createSegmentJudge: createSegmentJudge as () => unknown,
      'createSchemaJudge on segmentJsonSchema()': segmentSchema.schema.judge,
    },
  ],
] as const) {
  const chunks = sixteen(text);
  for (const observer of Object.values(observers))
    if ((streamIn(text, chunks, observer)() as { ok: boolean }).ok !== true)
      throw new Error(`a judge refuses the valid ${name} reply`);
  const { times } = await paired(text, {
    alone: streamIn(text, chunks),
    ...Object.fromEntries(
      Object.entries(observers).map(([judge, observer]) => [
        judge,
        streamIn(text, chunks, observer),
      ]),
    ),
  });
  for (const judge of Object.keys(observers))
    console.log(
      `${name.padEnd(22)} ${judge.padEnd(42)} ${ratio(times[judge]!, times.alone!)} the push parser alone (${micros(times.alone!)} µs alone)`,
    );
}

console.log(
  '\n## progress views (streamProgress): ordinary replies in 16-character chunks, every view a turn would send',
);
console.log('goal (issue 22): held back ≤ 128 characters behind the stream');
for (const size of [2048, 32_768]) {
  const text = shapedReply('ordinary', size);
  const chunks = sixteen(text);
  const run = () => {
    const tracker = createProgress('segments', {});
    const stream = createJsonStream(undefined, tracker.observer);
    const views: { offset: number; heldBack: number }[] = [];
    for (const chunk of chunks) {
      stream.push(chunk);
      const view = tracker.next(stream.offset);
      if (view) views.push({ offset: stream.offset, heldBack: view.heldBack });
    }
    return views;
  };
  const views = run();
  const held = views.map((view) => view.heldBack);
  const gaps = views.slice(1).map((view, k) => view.offset - views[k]!.offset);
  const { times } = await paired(text, { alone: streamIn(text, chunks), progress: run });
  console.log(
    `${label(size).padStart(6)}: ${views.length} views; held back max ${Math.max(...held)}, mean ${(held.reduce((a, b) => a + b, 0) / held.length).toFixed(0)} characters; views ${Math.min(...gaps)}–${Math.max(...gaps)} characters of the stream apart; cost ${ratio(times.progress!, times.alone!)} the push parser alone`,
  );
}

lap();


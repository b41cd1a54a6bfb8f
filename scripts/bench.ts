// npm run bench: replyguard against JSON.parse, valibot and its peers, side by side in one run,
// printed as ratios. Absolute times drift on shared machines; the ratios within one run (each
// JSON.parse measured right before and after what it is compared with) are what to read.
import { cpus } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as momoa from '@humanwhocodes/momoa';
import jsonlint from '@prantlf/jsonlint';
import dupKeyValidator from 'json-dup-key-validator';
import * as jsonc from 'jsonc-parser';
import { do_not_optimize, measure } from 'mitata';
import secureJsonParse from 'secure-json-parse';
import * as v from 'valibot';
import { ORDER_SCHEMA, breakOrderAt, orderReply } from '../bench/customReplies';
import { handPipeline, scanStrings, stringsOf } from '../bench/handPipeline';
import { breakAt, measureEarlyReject } from '../bench/earlyRejectTurn';
import { detectionQuality, printDetectionQuality } from '../bench/detectionQuality';
import { printRenderTimes } from '../bench/renderTime';
import { SHAPES, SIZES, type Shape, replyText, shapedReply } from '../bench/replies';
import { kib } from '../bench/bundleSize';
import { printSizes } from '../bench/printSizes';
import { secretlintFindings, settleSecretlint } from '../bench/secretlintFindings';
import { printWorkerCosts, workerCpuByDifference, workerRouteCost } from '../bench/workerd';
import {
  BODY_LIMIT_BYTES,
  ordinaryReplyWithin,
  printWorkerRequestCpu,
  workerRequestCpu,
} from '../bench/workerRequestCpu';
import { createProgress } from '../src/progress/createProgress';
import { progressScanner } from '../src/progress/progressScanner';
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
  await settleSecretlint();
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

// ---------------------------------------------------------------------------------------------
// 1. Reply shapes × sizes: parseJson, checkReply, JSON.parse + valibot safeParse of the same
//    schema (a like-for-like baseline for the validation), and the whole pipeline a user would
//    write instead of checkReply (issue 20: valibot, then secretlint over the reply's strings),
//    as ratios to JSON.parse; then checkReply ÷ that pipeline.
console.log(
  '\n## reply shapes (µs of JSON.parse; the rest as ratios to it; fastest samples, see fastest())',
);
console.log(
  'goals (issue 11): parseJson ≤ 2× (escapes too); checkReply ≤ 2.5× ordinary, ≤ 6× refused, ≤ 12× keywords',
);
console.log(
  'goals (issue 20): ordinary checkReply ≤ 4× JSON.parse at 32 KB and 1 MiB, and < 1× the pipeline at every size',
);
console.log(
  'pipeline: JSON.parse + valibot safeParse(SegmentReplySchema) + secretlint preset-recommend over every string of the parsed reply, joined by newlines into one text (one lintSource call); it stops at the first step that refuses',
);
console.log(
  `${'shape'.padEnd(9)} ${'size'.padStart(8)} ${'JSON.parse'.padStart(11)} ${'parseJson'.padStart(10)} ${'checkReply'.padStart(11)} ${'JSON.parse+valibot'.padStart(19)} ${'pipeline'.padStart(9)} ${'checkReply÷pipeline'.padStart(20)}  verdict`,
);
const pipeline = handPipeline(SegmentReplySchema);
const issue20: string[] = [];
for (const shape of SHAPES) {
  for (const size of SIZES) {
    const text = shapedReply(shape, size);
    const verdict = await checkReply(text);
    const baseline = v.safeParse(SegmentReplySchema, JSON.parse(text));
    if ((verdict.status === 'completed') !== baseline.success)
      throw new Error(`checkReply and valibot disagree on ${shape} @${size}`);
    const byHand = await pipeline(text);
    if ((verdict.status === 'completed') !== byHand.ok)
      throw new Error(
        `checkReply and the pipeline disagree on ${shape} @${size} (${byHand.step}, ${byHand.findings} found)`,
      );
    const { base, times } = await paired(text, {
      parseJson: () => do_not_optimize(parseJson(text)),
      checkReply: async () => do_not_optimize(await checkReply(text)),
      valibot: () => do_not_optimize(v.safeParse(SegmentReplySchema, JSON.parse(text))),
      pipeline: async () => do_not_optimize(await pipeline(text)),
    });
    const issues =
      verdict.status === 'completed'
        ? ''
        : ` (${verdict.issues.length} issues; valibot ${baseline.success ? 0 : baseline.issues.length})`;
    const toParse = times.checkReply! / base;
    const toPipeline = times.checkReply! / times.pipeline!;
    console.log(
      `${shape.padEnd(9)} ${label(size).padStart(8)} ${micros(base).padStart(11)} ${ratio(times.parseJson!, base).padStart(10)} ${ratio(times.checkReply!, base).padStart(11)} ${ratio(times.valibot!, base).padStart(19)} ${ratio(times.pipeline!, base).padStart(9)} ${ratio(times.checkReply!, times.pipeline!).padStart(20)}  ${verdict.status}${issues}`,
    );
    if (shape === 'ordinary') {
      const parseGoal =
        size === 32_768 || size === 1_048_576 ? ` (≤ 4×: ${toParse <= 4 ? 'met' : 'not met'})` : '';
      issue20.push(
        `${label(size).padStart(8)}: checkReply ÷ JSON.parse ${toParse.toFixed(2)}×${parseGoal}, checkReply ÷ pipeline ${toPipeline.toFixed(2)}× (< 1×: ${toPipeline < 1 ? 'met' : 'not met'})`,
      );
    }
  }
}
console.log('issue 20, ordinary replies:');
for (const line of issue20) console.log(line);

// The other way to scan: one lintSource call per string. Measured once, to show which way is
// the cheaper one for the pipeline (the column above uses it).
{
  const strings = stringsOf(JSON.parse(shapedReply('ordinary', 32_768)));
  const joined = await fastest(
    async () => do_not_optimize(await scanStrings(strings, 'joined')),
    32_768,
  );
  const each = await fastest(
    async () => do_not_optimize(await scanStrings(strings, 'one by one')),
    32_768,
  );
  console.log(
    `secretlint over the ${strings.length} strings of the 32 KB ordinary reply: joined ${micros(joined)} µs, one by one ${micros(each)} µs (${ratio(each, joined)} joined)`,
  );
}

lap();

// ---------------------------------------------------------------------------------------------
// 2. The push parser, fed 16-character chunks (it lands from the streaming work: skipped if absent).
console.log('\n## push parser: createJsonStream fed 16-character chunks (ordinary replies)');
const { createJsonStream } = core;
if (typeof createJsonStream === 'function') {
  console.log('goal (issue 10): ≤ 1.5× parseJson and ≤ 2.5× JSON.parse at 32 KB');
  type Stream = { push(chunk: string): unknown; end(): unknown };
  const open = createJsonStream as () => Stream;
  for (const size of SIZES) {
    const text = shapedReply('ordinary', size);
    const chunks: string[] = [];
    for (let i = 0; i < text.length; i += 16) chunks.push(text.slice(i, i + 16));
    const streamed = () => {
      const stream = open();
      for (const chunk of chunks) stream.push(chunk);
      return stream.end();
    };
    const result = streamed() as { ok?: boolean; value?: unknown };
    if (result?.ok !== true || JSON.stringify(result.value) !== JSON.stringify(JSON.parse(text))) {
      console.log(
        `${label(size)}: the stream's end() did not give { ok: true, value } equal to JSON.parse; not measured`,
      );
      continue;
    }
    const { base, times } = await paired(text, {
      parseJson: () => do_not_optimize(parseJson(text)),
      stream: () => do_not_optimize(streamed()),
    });
    console.log(
      `${label(size).padStart(8)}  stream ${ratio(times.stream!, times.parseJson!)} parseJson, ${ratio(times.stream!, base)} JSON.parse`,
    );
  }
} else {
  console.log('createJsonStream is not exported by this build: not measured');
}

// Early reject: a 32 KB reply that turns invalid (a numeric mention id) at 10 %, 50 %, 90 % of its
// length, fed in 16-character chunks to the push parser with the segment judge watching. The
// characters read before the refusal ÷ the whole reply; the goal is within one chunk of the
// violation. The wall time against a streaming upstream follows.
console.log(
  '\n## early reject: createJsonStream + createSegmentJudge, 16-character chunks, a 32 KB reply turning invalid',
);
const { createSegmentJudge } = core;
if (typeof createJsonStream === 'function' && typeof createSegmentJudge === 'function') {
  type Stream = { push(chunk: string): unknown; end(): unknown };
  const open = createJsonStream as (limits: undefined, observer: unknown) => Stream;
  const text = shapedReply('ordinary', 32_768);
  for (const at of [0.1, 0.5, 0.9]) {
    const { text: broken, violation: cut } = breakAt(text, at);
    const stream = open(undefined, (createSegmentJudge as () => unknown)());
    let read = broken.length;
    for (let i = 0; i < broken.length; i += 16) {
      if (stream.push(broken.slice(i, i + 16)) !== undefined) {
        read = Math.min(i + 16, broken.length);
        break;
      }
    }
    console.log(
      `invalid at ${(at * 100).toFixed(0).padStart(2)} %: read ${read} of ${broken.length} characters (${((read / broken.length) * 100).toFixed(1)} %), ${read - cut} past the start of the violation`,
    );
  }
} else {
  console.log('createJsonStream or createSegmentJudge is not exported by this build: not measured');
}

// The same in a whole turn (streamReply through openAiChatProvider) against a local upstream that
// streams 64 characters every 2 ms: the time until the correction starts, against reading it all.
console.log(
  '\n## early reject in a turn: a local upstream streaming a 32 KB reply, 64 characters every 2 ms',
);
for (const row of await measureEarlyReject(
  core,
  shapedReply('ordinary', 32_768),
  { chunk: 64, everyMs: 2 },
  [0.1, 0.5, 0.9],
)) {
  const saved = 1 - row.toCorrectionMs / row.wholeStreamMs;
  console.log(
    `invalid at ${(row.at * 100).toFixed(0).padStart(2)} %: correction after ${row.toCorrectionMs.toFixed(0)} ms against ${row.wholeStreamMs.toFixed(0)} ms for the whole reply (${(saved * 100).toFixed(0)} % sooner); the upstream wrote ${row.written} of ${row.length} characters (${row.written - row.violation} past the violation)`,
  );
}

lap();

// ---------------------------------------------------------------------------------------------
// 2b. Custom schemas (issue 22): the streaming schema judge. Early reject on a 32 KB order reply
//     that turns invalid (a quantity written as a string) at 10 / 50 / 90 %, its cost over the
//     valid reply against the push parser alone, and the IM preset's own judge against the
//     schema judge on the segment JSON Schema. Then the progress views' hold-back.
console.log(
  '\n## custom schema early reject: createJsonStream + createSchemaJudge, 16-character chunks, a 32 KB order reply turning invalid',
);
const { prepareSchema, segmentJsonSchema } = core;
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
    const tracker = createProgress('segments', progressScanner({}));
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

// ---------------------------------------------------------------------------------------------
// 3. The duplicate-refusing peers on ordinary replies.
type Parse = (text: string) => unknown;
const peers: Record<string, Parse> = {
  'replyguard parseJson': (text) => {
    const result = parseJson(text);
    if (!result.ok) throw new Error(result.issue.code);
    return result.value;
  },
  'secure-json-parse': (text): unknown => secureJsonParse.parse(text),
  'jsonc-parser': (text) => {
    const errors: jsonc.ParseError[] = [];
    const value: unknown = jsonc.parse(text, errors, {
      disallowComments: true,
      allowTrailingComma: false,
    });
    if (errors.length) throw new Error('invalid');
    return value;
  },
  '@humanwhocodes/momoa': (text) => momoa.evaluate(momoa.parse(text)),
  '@prantlf/jsonlint': (text) => jsonlint.parse(text, { allowDuplicateObjectKeys: false }),
  'json-dup-key-validator + JSON.parse': (text) => {
    const error = dupKeyValidator.validate(text, false);
    if (error) throw new Error(String(error));
    return JSON.parse(text) as unknown;
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

// A peer slower than this at 256 KB is not run at 1 MiB (it would cost the run minutes).
const SLOW_PEER_NS = 40e6;
console.log(
  '\n## duplicate-refusing JSON parsers on ordinary replies (ratio to JSON.parse, measured in pairs)',
);
console.log(
  `${'parser'.padEnd(36)} ${SIZES.map((size) => label(size).padStart(9)).join(' ')}  refuses duplicates`,
);
const peerRows: Record<string, string[]> = Object.fromEntries(
  Object.keys(peers).map((name) => [name, []]),
);
const skipped = new Set<string>();
for (const size of SIZES) {
  const text = shapedReply('ordinary', size);
  const expected = JSON.stringify(JSON.parse(text));
  for (const [name, parse] of Object.entries(peers)) {
    if (skipped.has(name)) {
      peerRows[name]!.push('—');
      continue;
    }
    if (JSON.stringify(parse(text)) !== expected)
      throw new Error(`${name} disagrees with JSON.parse`);
    const { base, times } = await paired(text, { peer: () => do_not_optimize(parse(text)) });
    peerRows[name]!.push(ratio(times.peer!, base));
    if (size === 262_144 && times.peer! > SLOW_PEER_NS) skipped.add(name);
  }
}
for (const [name, parse] of Object.entries(peers))
  console.log(
    `${name.padEnd(36)} ${peerRows[name]!.map((cell) => cell.padStart(9)).join(' ')}  ${refusesDuplicates(parse)}`,
  );
if (skipped.size > 0)
  console.log(
    `— not run at 1 MiB (over ${SLOW_PEER_NS / 1e6} ms at 256 KB): ${[...skipped].join(', ')}`,
  );

lap();

// ---------------------------------------------------------------------------------------------
// 4. The public leak scanner against secretlint on the same text: the strings of a reply with
//    three secrets planted in the middle, as a leaking reply has.
const planted = [
  RULE_SAMPLES['github-token']!.tp[0],
  RULE_SAMPLES['basic-auth-url']!.tp[0],
  RULE_SAMPLES['aws-access-key-id']!.tp[0],
].join('\n');
const leakText = (size: number, shape: Shape) => {
  const text = replyText(size, shape);
  const half = text.length >> 1;
  return `${text.slice(0, half)}\n${planted}\n${text.slice(half)}`;
};
console.log(
  '\n## leak scanner: scanLeaks against secretlint preset-recommend, the same text with three planted secrets',
);
for (const shape of ['ordinary', 'keywords'] as const) {
  for (const size of SIZES) {
    const text = leakText(size, shape);
    const ours = scanLeaks(text).length;
    const theirs = await secretlintFindings(text);
    if (ours < 3 || theirs < 2)
      throw new Error(
        `a scanner missed the planted secrets (${shape} @${size}: ${ours}, ${theirs})`,
      );
    const oursNs = await fastest(() => do_not_optimize(scanLeaks(text)), size);
    const theirsNs = await fastest(
      async () => do_not_optimize(await secretlintFindings(text)),
      size,
    );
    console.log(
      `${shape.padEnd(9)} ${label(size).padStart(8)} (${kib(text.length)} KB of text): scanLeaks ${micros(oursNs)} µs (${ours} found), secretlint ${micros(theirsNs)} µs (${theirs} found) → scanLeaks ${(theirsNs / oursNs).toFixed(1)}× the throughput`,
    );
  }
}

// Recall on the shared fixtures and false positives on the benign replies, both scanners on the
// same texts (bench/detectionQuality.ts).
printDetectionQuality(await detectionQuality(scanLeaks));

lap();

// ---------------------------------------------------------------------------------------------
// 5. The Worker under workerd.
const routeReplies = [
  { label: 'ordinary', text: shapedReply('ordinary', 4096) },
  { label: 'ordinary', text: shapedReply('ordinary', 32_768) },
  { label: 'refused', text: shapedReply('refused', 32_768) },
  { label: 'refused', text: shapedReply('refused', 262_144 - 1024) },
];
const cpuReplies = [
  ...(['ordinary', 'refused', 'keywords'] as const).flatMap((shape) =>
    [32_768, 1_048_576].map((size) => ({ label: shape, text: shapedReply(shape, size) })),
  ),
  // The reply of the issue 20 request below, checked alone: what of that request is checkReply.
  { label: 'ordinary', text: ordinaryReplyWithin(BODY_LIMIT_BYTES) },
];
printWorkerCosts(await workerRouteCost(routeReplies), await workerCpuByDifference(cpuReplies));
// Issue 20: the whole request at the body limit, by differencing batches of requests.
printWorkerRequestCpu(await workerRequestCpu());

lap();

// ---------------------------------------------------------------------------------------------
// 6. Rendering: ordinary and pathological Markdown, up to the core's length limit.
const renderEntry: string = '../dist/render.js';
const { renderHtml } = (await import(renderEntry)) as typeof import('../src/render/index');
printRenderTimes(renderHtml, [64 * 1024, 256 * 1024, 1_048_576 - 8 * 1024]);

lap();

// ---------------------------------------------------------------------------------------------
// 7. Sizes: the built entries as a user's bundler would ship them, first load and lazy chunks.
await printSizes(process.cwd());

lap();
console.log(`\nbench took ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);

import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { bundleSize, kib } from '../../bench/bundleSize';
import { requireBuilt } from '../requireBuilt';

// Sizes are min + gzip, esbuild with code splitting as an app's bundler splits it, every
// dependency included, measured on the built package (dist/: what ships, its lazy chunks laid out
// for bundlers as tsup.config.ts says). The first load is the entry's chunk and what it imports;
// the total adds every lazy chunk it can load. `npm test` builds first.
const root = fileURLToPath(new URL('../../', import.meta.url));
const KIB = 1024;
requireBuilt('dist/index.js');

const CHECK_REPLY = `export { checkReply } from './dist/index.js';`;
const PARSE_JSON = `export { parseJson } from './dist/index.js';`;
const ENFORCE_REPLY = `export { enforceReply } from './dist/index.js';`;
const EVERYTHING = `export * from './dist/index.js';`;

type Load = 'first load' | 'total';
const measured = async (contents: string, load: Load) => {
  const size = await bundleSize(contents, root);
  return load === 'first load' ? size.gzipBytes : size.total.gzipBytes;
};

// Regression guards: the sizes measured on 2026-12-03 plus about 3%. A change that grows a bundle
// past its guard must say why in its commit (and move the guard), not slip in. Moved once: the
// scanner's speed-up (prepared rule plans, keyword hits) and the batched redaction cost 1.2 KB.
// Moved for everything only (issue 17): the providers reading the real wire cost 3.0 KB. Moved
// again (issue 22): the streaming JSON Schema judge and the safe progress views joined the turn;
// with the Responses upstream (issue 18) everything measured 51.6 KB (on src/).
// Issue 20 (measured on dist/): what a first load does not need loads on first use — each
// provider's transport (HTTP, wire readers, SSE), the custom-schema support (schema checks, the
// judge's compiler, the validator), the progress views and the media inspection. First loads fell
// (everything 51.6 → 40.7 KB, { enforceReply } 40.3 → 30.0, { checkReply } 22.9 → 22.3); the
// total rose (58.1 → 69.7): each chunk is gzipped alone, and the custom-schema chunk carries its
// own copy of the judge (7.5 KB), which the core entry also exports synchronously.
// Merged with issue 19 (hidden characters, look-alikes, wrapped secrets, names/numbers/mentions:
// about 3.3 KB on the scanner) the figures are the ones below.
// Moved for everything's total (issue 20, perf): checkReply's checks (policies, the leak scanner,
// its rules and tables, the markup rules) are a lazy chunk of their own (replyChecks, 20.1 KB),
// which is how { checkReply } meets its budget; the core entry still exports the scanner
// synchronously, so a bundle of everything carries it twice (73.4 → 93.3 KB in all, first loads
// unchanged). Moved again with this round's last merges: the scanner's first-pass work (the
// joined view copied as written, sampled base64 runs, the seam survey), the judge's fast paths
// and the review's fixes grew the bundles by 0.1-2.5 KB; guards at the figures below plus ~3%.
// Moved for issue 28's rules (measured on dist/ against the branch point): the new token formats
// (0.2 KB), the names and structured values that are no secrets (0.9 KB) and the look-alikes
// beyond UTS #39 (0.15 KB) cost { checkReply } 1.3 KB (28.9 → 30.2), the first loads that carry
// the scanner 1.3-1.4 KB, everything's total 2.7 KB (it carries the scanner twice).
// Moved for everything's total (issue 26): client patterns run on a linear-time engine, a lazy
// chunk loaded only for a schema with a pattern (RE2JS, the ECMAScript pattern parser regexpp
// and the translation between them: 60.7 KB gz), and the schema chunk's $ref and size checks
// (+0.9 KB); first loads unchanged (95.8 → 159.2 KB in all).
const GUARDS: [string, string, Load, number][] = [
  // Moved (issue 26): the checks chunk masks, then shortens issue messages (quoteOutboundOf),
  // +0.8 KB; a provider's failure masking is a lazy chunk sharing the scanner with the checks
  // chunk, which esbuild splits into a chunk of their own, +0.4 KB (with issue 28's rules, +1.3).
  // Moved again with the exits merged (masking tool calls, quoting upstream text, the Worker's
  // own secrets): { enforceReply } 35.2 -> 36.1, everything's first load 46.7 -> 48.4, total
  // 162.7 -> 165.2. Moved with issue 32's first pass and issue 28's decoders (measured on dist/
  // after the merge): the scanner's code is 5.6 KB larger (the typed-array tables are built at run
  // time, but their builder, the first pass, the joined windows and seven decoders are code), so
  // { checkReply } in all 31.4 -> 37.0, { enforceReply } first load 36.1 -> 42.4 (the core
  // entry exports the scanner synchronously), everything 48.4 -> 54.5 first, 165.2 -> 178.4 in
  // all; { checkReply }'s first load (6.7 KB, the budget 12) did not move. Moved with issue
  // 28.2's tails (tailAcross.ts, the second joined read without word seams, the blank-line
  // hold-back): { checkReply } in all 37.0 -> 38.7, { enforceReply } first load 42.4 -> 44.0.
  // Moved for everything's first load (issue 32, the text stream's lazy pointers, +0.2 KB; with
  // the tails above it measured 56.4 KB against 56.2).
  // Moved 39.9 -> 39.95 in round 10 for a closed object's own names counted whole (a hidden
  // known field let an unknown one through validateSegments; +11 B, 8 B over the old guard).
  // Moved 39.95 -> 39.99 in round 11 for host rules' lookarounds read whole (patternReach's
  // around, wholeView: +14 B) and the round's speed-ups (+16 B net); the budget is 40.
  // Round 13 found 484 B (rule makers, the quote limit in place); with its speed-ups (the first
  // pass's specials and the seams' pair table −73 alone, line ends +36) it measures 40,456 B
  // (40,442 with the three anchored-rule makers made one; 40,461 with the pair index named).
  // Round 14: the Markdown markers found after the first pass's loop +106, spaced-out runs
  // across a seam kept whole +62. Round 15: line breaks +46, joined windows +148 and their hit
  // skip +56, trims −34 (one inertSeam mode, arrow rule makers): +212 merged. Then −535: the lazy
  // chunks import excerpt and appendPointer from the index (tsup.config.ts, SHARED) instead of a
  // chunk of their own copies (531 B), and excerpt's surrogate tests are bit masks. Round 16
  // (moved 39.99 -> 39.3): 40,306 -> 40,019 with module constants built in pure calls (a first
  // load that never used them kept them), then 40,105 with the policies' skip when a scan finds
  // nothing (+47 alone), checkReplyWith (+12 alone) and the seams' keyword index and spaced-units
  // pre-check (+25 alone; gzip sizes do not add exactly). Round 17 (moved 39.3 -> 39.2): 40,095
  // with the media limits written as numbers (first load 6,621 -> 6,589, tree-shaken), the
  // check's endings assigned, not spread (+11), the policies' skip moved into findMarkup and
  // findLeaks (+3) and the turn's objects (−3); 40,133 with the literals' rule found again by
  // their content (leakRulesFor, +38).
  ['{ checkReply }', CHECK_REPLY, 'total', 39.2 * KIB], // measured 39.2 KB (40,133 B; first 6,601)
  ['{ parseJson }', PARSE_JSON, 'first load', 4.8 * KIB], // measured 4.7 KB
  // Moved 45.3 -> 45.35 in round 11: the progress views' window follows the rules' lookarounds
  // and the scanner reads a host rule's long lookarounds whole (46,413 B measured then; 46,079 in
  // round 13, 46,223 in round 14, 46,411 in round 15, 46,409 with the helpers shared above: a
  // first load pays ~12 B for the two names it exports to the lazy chunks, excerpt's masks −14).
  // Moved 45.35 -> 46.25 (round 16): a turn checks its answers with the checks its first load
  // carries (turnPlan.ts, checkReplyWith) instead of loading the checks chunk, a second copy of
  // the scanner: the first load +808 B (the policies, the markup rules; 46,410 -> 47,218), a
  // turn's download 78,721 -> 47,218 B (it loads no chunk to check), in all 164,628 -> 133,124.
  // Round 17: 47,313 B (the media limits as numbers +13: the products gzipped better; the skip
  // in findMarkup and findLeaks −11; the check's endings +9 and the turn's objects +24 assigned,
  // not spread). Moved 46.25 -> 46.3: 47,361 B with the literals' rule found again by their
  // content (leakRulesFor, +48): a host writing `literals: [env.KEY]` in each call built the
  // scanner's tables on every call (~0.45 ms).
  ['{ enforceReply }', ENFORCE_REPLY, 'first load', 46.3 * KIB], // measured 46.3 KB (47,361 B)
  // Everything's first load exports the shared helpers' names too: 58,896 -> 58,918 B. Moved
  // 57.6 -> 58.5 for the turn's own checks (above): 58,920 -> 59,768 B.
  ['everything', EVERYTHING, 'first load', 58.5 * KIB], // measured 58.5 KB (59,897 B, round 17)
  // Moved for issue 32's inert seams (round 8): everything carries the scanner twice (its first
  // load and the checks chunk), so they cost it ~0.75 KB; measured 184.2 KB (188,608 B); 184.0 KB
  // (188,374 B) with the helpers shared. Moved 184.5 -> 185.0 for the turn's own checks (its
  // first load above): 189,214 B; 189,326 with round 16's seams; 189,390 in round 17. Moved
  // 185.0 -> 185.1 for the literals' rule by content ({ enforceReply }, above): 189,466 B.
  ['everything', EVERYTHING, 'total', 185.1 * KIB],
];

// The budgets of issue 20, not met (see bench/RESULTS.md, "Issue 20"). The parser is
// 4.2 KB alone, of which its messages are ~0.7 and the excerpts ~0.3; everything's first load
// keeps what the entry exports synchronously (the leak scanner, the schema judge, the valibot
// catalog, the segment schema and judge) and the turn driver. Marked as expected failures so the
// day one is met, vitest reports it: then make it a plain test and drop its guard above.
const TARGETS: [string, string, Load, number][] = [
  ['{ parseJson }', PARSE_JSON, 'first load', 3 * KIB],
  ['everything', EVERYTHING, 'first load', 20 * KIB],
  ['everything', EVERYTHING, 'total', 40 * KIB],
];

/** The input files of the entry chunk a user's bundler ships for `contents` (tree-shaken, minified). */
async function bundledInputs(contents: string, conditions: string[] = []): Promise<string[]> {
  const out = await build({
    stdin: { contents, resolveDir: root, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    splitting: true,
    outdir: 'bundle-inputs-out',
    write: false,
    metafile: true,
    logLevel: 'silent',
    conditions,
  });
  // Each dynamic import is an entry point too; the user's import is stdin.
  const entry = Object.values(out.metafile.outputs).find(
    (output) => output.entryPoint === '<stdin>',
  )!;
  // An input is listed only when some of its bytes are in the output.
  return Object.entries(entry.inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([path]) => path);
}

const isValibot = (path: string) => /node_modules\/valibot\//.test(path);

describe('bundle sizes (min+gz)', () => {
  it.each(GUARDS)('%s (%s) does not grow past its guard', async (_label, contents, load, guard) => {
    const size = await measured(contents, load);
    expect(size, `${kib(size)} KB gz against a guard of ${kib(guard)} KB`).toBeLessThanOrEqual(
      guard,
    );
  });

  it.fails.each(TARGETS)(
    '%s (%s) meets the budget of issue 20 (not yet)',
    async (_label, contents, load, budget) => {
      const size = await measured(contents, load);
      expect(size, `${kib(size)} KB gz against a budget of ${kib(budget)} KB`).toBeLessThanOrEqual(
        budget,
      );
    },
  );

  it('loads each lazy part on first use only, in chunks of its own', async () => {
    const everything = await bundleSize(EVERYTHING, root);
    expect(everything.lazy.map((chunk) => chunk.name).sort()).toEqual(
      expect.arrayContaining([
        'anthropicTransport.js',
        'createProgress.js',
        'findMediaProblems.js',
        'geminiTransport.js',
        'json-schema',
        'openAiChatTransport.js',
        'openAiResponsesTransport.js',
        'prepareCustomSchema.js',
        're2js',
      ]),
    );
    // A parse loads nothing more; a check loads its checks, and the media inspection for media.
    const parse = await bundleSize(PARSE_JSON, root);
    expect(parse.lazy).toEqual([]);
    const check = await bundleSize(CHECK_REPLY, root);
    expect(check.lazy.map((chunk) => chunk.name)).toEqual(
      expect.arrayContaining(['findMediaProblems.js', 'replyChecks.js']),
    );
    // A turn's first load carries the scanner: it checks with it, loading no second copy.
    const turn = await bundleSize(ENFORCE_REPLY, root);
    expect(turn.lazy.map((chunk) => chunk.name)).toContain('findMediaProblems.js');
    expect(turn.lazy.map((chunk) => chunk.name)).not.toContain('replyChecks.js');
  });

  // Met (issue 20): checkReply loads its checks (the leak scanner, its rules and tables, the
  // markup rules, the policies) on first use; what a reply is parsed and validated with loads first.
  it('{ checkReply } meets its budget: first load ≤ 12 KB, with its lazy chunks ≤ 40 KB', async () => {
    const size = await bundleSize(CHECK_REPLY, root);
    expect(size.gzipBytes, `first load ${kib(size.gzipBytes)} KB gz`).toBeLessThanOrEqual(12 * KIB);
    expect(size.total.gzipBytes, `total ${kib(size.total.gzipBytes)} KB gz`).toBeLessThanOrEqual(
      40 * KIB,
    );
    // The scanner is in the lazy part: the total is more than twice the first load.
    expect(size.total.gzipBytes).toBeGreaterThan(2 * size.gzipBytes);
  });

  it('keeps the leak scanner out of the first load of { checkReply }', async () => {
    const inputs = await bundledInputs(`export { checkReply } from './src/index.ts';`);
    expect(inputs).toContain('src/json/parseJson.ts');
    expect(inputs).toContain('src/segments/validateSegments.ts');
    expect(inputs.filter((path) => /^src\/(leaks|hygiene|text)\//.test(path))).toEqual([]);
  });

  it('keeps the linear-time pattern engine out of every first load', async () => {
    for (const contents of [
      `export * from './src/index.ts';`,
      `export { enforceReply, prepareSchema } from './src/index.ts';`,
    ]) {
      const inputs = await bundledInputs(contents);
      expect(inputs).toContain('src/schema/customSchema.ts');
      expect(
        inputs.filter((path) => /re2js|regexpp|translatePattern|compileBoundedPatterns/.test(path)),
      ).toEqual([]);
    }
  });
});

describe('valibot ships only to those who import the valibot schemas', () => {
  // The run time reads the catalog's generated plain-data table (segmentTable.generated.ts).
  it.each([
    ['{ checkReply }', `export { checkReply } from './src/index.ts';`],
    ['{ validateSegments }', `export { validateSegments } from './src/index.ts';`],
    ['{ enforceReply }', `export { enforceReply } from './src/index.ts';`],
    ['{ segmentInstruction }', `export { segmentInstruction } from './src/index.ts';`],
  ])('%s bundles no valibot code', async (_label, contents) => {
    const inputs = await bundledInputs(contents);
    expect(inputs).toContain('src/segments/segmentTable.generated.ts');
    expect(inputs.filter(isValibot)).toEqual([]);
  });

  it('the renderer (both builds) bundles no valibot code', async () => {
    for (const conditions of [[], ['browser']]) {
      const inputs = await bundledInputs(`export * from './src/render/index.ts';`, conditions);
      expect(inputs).toContain('src/render/isSegmentReply.ts');
      expect(inputs.filter(isValibot)).toEqual([]);
    }
  });

  it('{ SegmentReplySchema } does bundle valibot (the check above can see it)', async () => {
    expect(
      (await bundledInputs(`export { SegmentReplySchema } from './src/index.ts';`)).some(isValibot),
    ).toBe(true);
  });
});

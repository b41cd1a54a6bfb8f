import { decodeTokenRun } from './decodeTokenRun';
import { firstPass } from './firstPass';
import type { LeakRule, Span } from './leakRule';
import { joinedView } from './joinedView';
import { joinedWindows } from './joinedWindows';
import { toArray } from './passOutput';
import { readerView, sourceEnd, sourceStart } from './readerView';
import { rulesAtHits } from './rulesAtHits';
import { firstSeam, seamAfter, tailAcross, tailWithin, wordsApart } from './tailAcross';
import { MIN_ENCODED_RUN } from './encodedRuns';
import { type ScanTables, scanTables } from './scanTables';
import { decodeSeparated, Separated } from './separatedRuns';

/** One finding inside one string. */
export interface TextFinding {
  readonly rule: string;
  readonly start: number;
  readonly end: number;
}

/** How deep views nest: a view of a decoded run of a view is as deep as the scanner goes. */
const MAX_DEPTH = 3;
const enum Kind {
  Source,
  View,
  Joined,
  /** Lines joined, nothing else changed: normalised further only where its own pass says. */
  PlainJoined,
  Decoded,
}

/**
 * Runs the rules over one string and returns every finding, in order of position. The string is
 * scanned as written and as a reader sees it: character references, Markdown escapes, percent
 * escapes, emphasis markers, look-alike and invisible characters normalised, wrapped lines joined,
 * base64 runs decoded. A finding in a view covers the whole original run it came from.
 * `joins` lists line breaks `[start, end)` that join two strings the reader sees as one.
 *
 * @example
 * scanText('key: ghp_\u200b' + 'a'.repeat(36), LEAK_RULES); // [{ rule: 'github-token', start: 5, end: 46 }]
 */
export function scanText(
  text: string,
  rules: readonly LeakRule[],
  joins: readonly number[] = [],
): TextFinding[] {
  const found: TextFinding[] = [];
  const joined: TextFinding[] = [];
  const seamed: TextFinding[] = [];
  const source: SourceBreaks = { breaks: NONE };
  scanNode(
    text,
    scanTables(rules),
    0,
    0,
    Kind.Source,
    (start, end, rule, across) => [found, joined, seamed][+across]!.push({ rule, start, end }),
    joins,
    source,
  );
  // Joining lines only matters for what it completes: a finding that merely runs a whole token on
  // into the next line (found unjoined from the same start) is that token, not more; except across
  // a seam between two strings, where it runs on over the next string's start when that continues
  // the key as the reader sees it (tailAcross): a key cut after its shortest match is masked
  // whole. Across a string's seams after the first, a finding runs on only as far as that too.
  // The same holds at the line, space and table breaks within the string (the ones its first
  // pass kept: they cut a random-looking run), up to a break before a sentence (tailWithin).
  const within = source.breaks;
  let longer: Map<string, number> | undefined;
  if (joined.length > 0) {
    const alone = new Map<string, number>();
    for (const item of found) {
      const key = `${item.rule} ${item.start}`;
      alone.set(key, Math.max(alone.get(key) ?? 0, item.end));
    }
    for (const item of joined) {
      const key = `${item.rule} ${item.start}`;
      const end = alone.get(key);
      if (end === undefined) {
        const first = firstSeam(joins, item.start);
        const seam = first < joins.length ? joins[first]! : Infinity;
        const tail = seam < item.end ? tailAcross(text, seam + 1, item.end, joins) : item.end;
        found.push({ ...item, end: tail });
      } else if (
        item.end > end &&
        (seamAfter(text, end, joins) || (within.length > 0 && seamAfter(text, end, within)))
      ) {
        const tail = tailWithin(text, end, tailAcross(text, end, item.end, joins), within);
        if (tail > end && tail > (longer?.get(key) ?? 0)) {
          found.push({ ...item, end: tail });
          (longer ??= new Map()).set(key, tail);
        }
      }
    }
  }
  // What the strings joined at their seams alone (their own lines kept) find where nothing else
  // did: a rule that reads lines, in a text whose cut made its lines read as a wrapped block. A
  // finding there that reaches past another (a value cut at a seam) is kept whole.
  found.push(
    ...seamed.filter(
      (item) => !found.some((other) => other.start <= item.start && item.end <= other.end),
    ),
  );
  found.sort(
    (a, b) =>
      a.start - b.start || b.end - a.end || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0),
  );
  return found.filter(
    (item, k) =>
      !(item.end < (longer?.get(`${item.rule} ${item.start}`) ?? 0)) &&
      (k === 0 ||
        item.start !== found[k - 1]!.start ||
        item.end !== found[k - 1]!.end ||
        item.rule !== found[k - 1]!.rule),
  );
}

/** The breaks the first pass kept in the scanned string itself (filled by its {@link scanNode}). */
interface SourceBreaks {
  breaks: readonly number[];
}

/** Reports a finding in the coordinates of the text a node was derived from; `across` when found in a joined view (2: joined at the seams alone). */
type Report = (start: number, end: number, rule: string, across: boolean | 2) => void;

/**
 * Scans one text of the tree of views: the first pass, the rules where it found their keywords,
 * then the views it asks for (`level` counts nesting, for the pass's reused output).
 */
function scanNode(
  text: string,
  tables: ScanTables,
  depth: number,
  level: number,
  kind: Kind,
  report: Report,
  joins: readonly number[] = [],
  source?: SourceBreaks,
): void {
  const joined = kind === Kind.Joined || kind === Kind.PlainJoined;
  const pass = firstPass(text, tables, !joined, level);
  const rules = tables.rules;
  rulesAtHits(text, tables, pass.hits, (r, start, end, matchStart, matchEnd) => {
    if (end <= start) return;
    const rule = rules[r]!;
    const secret = text.slice(start, end);
    if (FILLER.test(secret)) return;
    if (
      rule.accept === undefined ||
      rule.accept(
        secret,
        text.slice(matchStart, matchEnd),
        text.slice(Math.max(0, matchStart - 32), matchStart),
      )
    )
      report(start, end, rule.id, joined);
  });
  // The pass's output is reused by the next pass at this level: what the views need is copied.
  const points = pass.points.length > 0 ? toArray(pass.points) : NONE;
  const passBreaks = pass.breaks.length > 0 ? toArray(pass.breaks) : NONE;
  if (source !== undefined) source.breaks = passBreaks;
  const runs = pass.runs.length > 0 ? toArray(pass.runs) : NONE;
  const lists = pass.lists.length > 0 ? toArray(pass.lists) : NONE;
  // A plainly joined text stands for a joined view, which was normalised as it was built: its
  // normalised view is read even at the depth limit (what only the join made read differently).
  const plain = kind === Kind.PlainJoined;
  if (depth >= MAX_DEPTH && !plain) return;
  if (kind !== Kind.View && kind !== Kind.Joined && points.length > 0) {
    // Read as the joined view it stands for: normalised, not joined again, at the same depth;
    // whole when a host rule's lookarounds read past the 64 characters of context its windows
    // give a match.
    const view = readerView(
      text,
      points,
      [],
      false,
      tables.around > 64 ? [[0, text.length]] : undefined,
    );
    scanNode(
      view.text,
      tables,
      plain ? depth : depth + 1,
      level + 1,
      plain ? Kind.Joined : Kind.View,
      (start, end, rule, across) =>
        report(sourceStart(view, start), sourceEnd(view, end - 1), rule, across),
    );
  }
  if (depth >= MAX_DEPTH) return;
  const breaks = joins.length === 0 ? passBreaks : mergePairs(passBreaks, joins);
  if (!joined && breaks.length > 0) {
    // A string, or a line (after a line, space or table break), that starts with a plain word
    // is read apart as well: glued to a key, the word broke its match (`…AA` + `Thanks` fails a
    // rule that ends at the key's last character).
    const apart = pass.hits.length > 0 ? wordsApart(text, breaks) : breaks;
    const sets = [breaks];
    if (apart !== breaks) sets.push(apart);
    // The strings joined at their seams alone, their own lines kept (read for what nothing else finds).
    if (pass.hits.length > 0 && breaks.length > joins.length) sets.push(joins);
    for (const set of sets) {
      if (set.length === 0) continue;
      // Where nothing reads differently, the lines are joined as written (a copy a line at a
      // time) and the joined text's own pass asks for a normalised view if the join made one
      // needed; elsewhere the joined view is normalised as it is built.
      const asWritten = points.length === 0;
      const windows = joinedWindows(text, set, points, pass, tables, !asWritten, level + 1);
      if (windows.length === 0) continue;
      const view = asWritten
        ? joinedView(text, set, windows)
        : readerView(text, points, set, true, windows);
      scanNode(
        view.text,
        tables,
        depth + 1,
        level + 1,
        asWritten ? Kind.PlainJoined : Kind.Joined,
        (start, end, rule) =>
          report(sourceStart(view, start), sourceEnd(view, end - 1), rule, set !== joins || 2),
      );
    }
  }
  scanRuns(text, tables, depth, level, runs, lists, report);
}

/**
 * Decodes the long token runs (base64, base32, hex) and the runs of separated units (spaced
 * out, listed) of a text, and scans what they decode to: a finding there covers the whole run.
 */
function scanRuns(
  text: string,
  tables: ScanTables,
  depth: number,
  level: number,
  runs: readonly number[],
  lists: readonly number[],
  report: Report,
): void {
  for (let k = 0; k < lists.length; k += 3) {
    const start = lists[k]!;
    const end = lists[k + 1]!;
    const kind = lists[k + 2]!;
    const decoded = decodeSeparated(text, start, end, kind);
    if (decoded === undefined) continue;
    // A word of one letter before spaced-out characters is spaced like them (`a g h p _ …`):
    // read with a space after the first unit and after the second as well.
    const readings =
      kind === Separated.Characters
        ? [
            decoded,
            `${decoded.slice(0, 1)} ${decoded.slice(1)}`,
            `${decoded.slice(0, 2)} ${decoded.slice(2)}`,
          ]
        : [decoded];
    for (const reading of readings)
      scanNode(reading, tables, depth + 1, level + 1, Kind.Decoded, (_s, _e, rule, across) =>
        report(start, end, rule, across),
      );
  }
  for (let k = 0; k < runs.length; k += 2) {
    const runStart = runs[k]!;
    // "name=base64": each piece between `=` signs is decoded on its own.
    const pieces = /[^=]+=*/g;
    const run = text.slice(runStart, runs[k + 1]);
    for (let piece = pieces.exec(run); piece; piece = pieces.exec(run)) {
      if (piece[0].length < MIN_ENCODED_RUN) continue;
      const start = runStart + piece.index;
      const end = start + piece[0].length;
      for (const decoded of decodeTokenRun(piece[0]))
        scanNode(decoded, tables, depth + 1, level + 1, Kind.Decoded, (_s, _e, rule, across) =>
          report(start, end, rule, across),
        );
    }
  }
}

const NONE: readonly number[] = [];

/** The breaks of both lists in order, each once: a seam the line breaks found too is one break (twice, it undid the join after it). */
function mergePairs(...lists: readonly (readonly number[])[]): number[] {
  const pairs: [number, number][] = [];
  for (const list of lists)
    for (let k = 0; k < list.length; k += 2) pairs.push([list[k]!, list[k + 1]!]);
  pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: number[] = [];
  for (const [start, end] of pairs)
    if (start !== merged.at(-2) || end !== merged.at(-1)) merged.push(start, end);
  return merged;
}

// Documentation fills a sample token with x's, stars or hashes: never a real secret.
const FILLER = /[xX*#]{5}|(?:EXAMPLE){2}/;

/**
 * The spans one rule's engine yields on `text` as written: keywords, anchoring and the pattern,
 * without acceptance checks. What a test of reachability needs: a rule alternative no keyword
 * admits yields nothing here.
 */
export function ruleSpans(text: string, rule: LeakRule): Span[] {
  const spans: Span[] = [];
  const tables = scanTables(ruleSet(rule));
  rulesAtHits(text, tables, firstPass(text, tables, false, 0).hits, (_r, start, end) =>
    spans.push([start, end]),
  );
  return spans;
}

const ruleSets = new WeakMap<LeakRule, readonly LeakRule[]>();

/** One rule as a set of its own, the same array each time (its tables are kept with it). */
function ruleSet(rule: LeakRule): readonly LeakRule[] {
  let set = ruleSets.get(rule);
  if (!set) ruleSets.set(rule, (set = [rule]));
  return set;
}

import { type BigramFilter, bigramFilter } from './bigramFilter';
import { decodeBase64Run } from './decodeBase64Run';
import { hitsOf, type KeywordHits, keywordHits } from './keywordHits';
import type { LeakRule, Span } from './leakRule';
import { joinedView } from './joinedView';
import { readerView, sourceEnd, sourceStart } from './readerView';
import { ignoresCase, planRules } from './rulePlan';
import { MIN_ENCODED_RUN } from './encodedRuns';
import { surveyJoined, surveyText } from './survey';

/** One finding inside one string. */
interface LegacyTextFinding {
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
  /** Lines joined, nothing else changed: normalised further only where its own survey says. */
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
export function legacyScanText(
  text: string,
  rules: readonly LeakRule[],
  joins: readonly number[] = [],
): LegacyTextFinding[] {
  const found: LegacyTextFinding[] = [];
  const joined: LegacyTextFinding[] = [];
  scanNode(
    text,
    rules,
    0,
    Kind.Source,
    (start, end, rule, across) => (across ? joined : found).push({ rule, start, end }),
    joins,
  );
  // Joining lines only matters for what it completes: a finding that merely runs a whole token on
  // into the next line (found unjoined from the same start) is that token, not more.
  const starts = new Set(found.map((item) => `${item.rule} ${item.start}`));
  for (const item of joined) if (!starts.has(`${item.rule} ${item.start}`)) found.push(item);
  found.sort(
    (a, b) =>
      a.start - b.start || b.end - a.end || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0),
  );
  return found.filter(
    (item, k) =>
      k === 0 ||
      item.start !== found[k - 1]!.start ||
      item.end !== found[k - 1]!.end ||
      item.rule !== found[k - 1]!.rule,
  );
}

/** Reports a finding in the coordinates of the text a node was derived from; `across` when found in a joined view. */
type Report = (start: number, end: number, rule: string, across?: boolean) => void;

function scanNode(
  text: string,
  rules: readonly LeakRule[],
  depth: number,
  kind: Kind,
  report: Report,
  joins: readonly number[] = [],
  seams?: { readonly at: readonly number[]; readonly filter: BigramFilter },
): void {
  const joined = kind === Kind.Joined || kind === Kind.PlainJoined;
  const survey = seams ? surveyJoined(text, seams.at, seams.filter) : surveyText(text, !joined);
  const hits = keywordHits(text);
  for (const { rule, present } of planRules(hits, rules, survey.filter)) {
    for (const [start, end, matchStart = start, matchEnd = end] of spansOf(rule, present, hits)) {
      if (end <= start) continue;
      const secret = text.slice(start, end);
      if (isFiller(secret)) continue;
      if (
        rule.accept === undefined ||
        rule.accept(
          secret,
          text.slice(matchStart, matchEnd),
          text.slice(Math.max(0, matchStart - 32), matchStart),
        )
      ) {
        report(start, end, rule.id, joined);
      }
    }
  }
  // A plainly joined text stands for a joined view, which was normalised as it was built: its
  // normalised view is read even at the depth limit (what only the join made read differently).
  const plain = kind === Kind.PlainJoined;
  if (depth >= MAX_DEPTH && !plain) return;
  if (kind !== Kind.View && kind !== Kind.Joined && survey.points.length > 0) {
    // Read as the joined view it stands for: normalised, not joined again, at the same depth.
    const view = readerView(text, survey.points, [], false);
    scanNode(
      view.text,
      rules,
      plain ? depth : depth + 1,
      plain ? Kind.Joined : Kind.View,
      (start, end, rule, across) =>
        report(sourceStart(view, start), sourceEnd(view, end - 1), rule, across),
    );
  }
  if (depth >= MAX_DEPTH) return;
  const breaks = joins.length === 0 ? survey.breaks : mergePairs(survey.breaks, joins);
  if (!joined && breaks.length > 0) {
    // Where nothing reads differently, the lines are joined as written (a copy a line at a
    // time) and the joined text's own survey asks for a normalised view if the join made one
    // needed; elsewhere the joined view is normalised as it is built.
    const asWritten = survey.points.length === 0;
    const view = asWritten
      ? joinedView(text, breaks)
      : readerView(text, survey.points, breaks, true);
    scanNode(
      view.text,
      rules,
      depth + 1,
      asWritten ? Kind.PlainJoined : Kind.Joined,
      (start, end, rule) => report(sourceStart(view, start), sourceEnd(view, end - 1), rule, true),
      [],
      // The plainly joined text is surveyed only around its seams (see surveyJoined).
      asWritten ? { at: view.at.filter((at) => at > 0), filter: survey.filter } : undefined,
    );
  }
  for (let k = 0; k < survey.runs.length; k += 2) {
    const runStart = survey.runs[k]!;
    // "name=base64": each piece between `=` signs is decoded on its own.
    const pieces = /[^=]+=*/g;
    const run = text.slice(runStart, survey.runs[k + 1]);
    for (let piece = pieces.exec(run); piece; piece = pieces.exec(run)) {
      if (piece[0].length < MIN_ENCODED_RUN) continue;
      const start = runStart + piece.index;
      const end = start + piece[0].length;
      for (const decoded of decodeBase64Run(piece[0]))
        scanNode(decoded, rules, depth + 1, Kind.Decoded, (_s, _e, rule, across) =>
          report(start, end, rule, across),
        );
    }
  }
}

function mergePairs(a: readonly number[], b: readonly number[]): number[] {
  const pairs: [number, number][] = [];
  for (let k = 0; k < a.length; k += 2) pairs.push([a[k]!, a[k + 1]!]);
  for (let k = 0; k < b.length; k += 2) pairs.push([b[k]!, b[k + 1]!]);
  pairs.sort((x, y) => x[0] - y[0]);
  return pairs.flat();
}

// Documentation fills a sample token with x's, stars or hashes: never a real secret.
const FILLER = /[xX*#]{5}|(?:EXAMPLE){2}/;

function isFiller(secret: string): boolean {
  return FILLER.test(secret);
}

const stickyPatterns = new WeakMap<RegExp, RegExp>();

/** The same pattern, sticky: it matches only where `lastIndex` points. */
function stickyOf(pattern: RegExp): RegExp {
  let sticky = stickyPatterns.get(pattern);
  if (!sticky) {
    sticky = new RegExp(pattern.source, pattern.flags.replace('g', '') + 'y');
    stickyPatterns.set(pattern, sticky);
  }
  return sticky;
}

/** Where the keywords start, in order (in any case when `anyCase`). */
function keywordStarts(
  keywords: readonly string[],
  hits: KeywordHits,
  anyCase: boolean,
): ArrayLike<number> & Iterable<number> {
  if (keywords.length === 1) return hitsOf(hits, keywords[0]!, anyCase);
  const lists = keywords.map((keyword) => hitsOf(hits, keyword, anyCase));
  const starts = new Int32Array(lists.reduce((total, list) => total + list.length, 0));
  let at = 0;
  for (const list of lists) {
    starts.set(list, at);
    at += list.length;
  }
  return starts.sort(); // numeric, native: no comparator call per pair
}

/** Runs an anchored rule only where one of its (present) keywords starts. */
function* anchoredSpans(
  rule: LeakRule,
  keywords: readonly string[],
  pattern: RegExp,
  hits: KeywordHits,
): Iterable<MatchSpans> {
  const text = hits.text;
  const within = rule.within;
  const sticky = stickyOf(pattern);
  let consumed = -1;
  let next = -1; // the next occurrence of `within.char` at or after the current start
  for (const at of keywordStarts(keywords, hits, ignoresCase(rule))) {
    if (at < consumed) continue;
    if (within) {
      // Starts only move forward, so the search for the next occurrence never goes back.
      if (next !== Infinity && next < at) {
        const found = text.indexOf(within.char, at);
        next = found === -1 ? Infinity : found;
      }
      if (next - at > within.distance) continue;
    }
    sticky.lastIndex = at;
    const match = sticky.exec(text);
    if (!match) continue;
    consumed = match.index + match[0].length;
    yield spansOfMatch(match);
  }
}

/** The secret's span, then the whole match's span. */
type MatchSpans = readonly [start: number, end: number, matchStart?: number, matchEnd?: number];

function* spansOf(
  rule: LeakRule,
  present: readonly string[],
  hits: KeywordHits,
): Iterable<MatchSpans> {
  const text = hits.text;
  if (rule.find) yield* rule.find(text);
  const pattern = rule.pattern;
  if (!pattern) return;
  if (rule.anchored) {
    yield* anchoredSpans(rule, present, pattern, hits);
    return;
  }
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    yield spansOfMatch(match);
    if (match[0].length === 0) pattern.lastIndex++;
  }
}

/** A match's secret span (its `secret` group, or all of it), then the whole match's span. */
function spansOfMatch(match: RegExpExecArray): MatchSpans {
  const group = match.indices?.groups?.secret;
  const matchEnd = match.index + match[0].length;
  return group ? [group[0], group[1], match.index, matchEnd] : [match.index, matchEnd];
}

/**
 * The spans one rule's engine yields on `text` as written: keyword prefilter, anchoring and the
 * pattern, without acceptance checks. What a test of reachability needs: a rule alternative no
 * keyword admits yields nothing here.
 */
export function legacyRuleSpans(text: string, rule: LeakRule): Span[] {
  const spans: Span[] = [];
  const hits = keywordHits(text);
  for (const { present } of planRules(hits, [rule], bigramFilter(text))) {
    for (const [start, end] of spansOf(rule, present, hits)) spans.push([start, end]);
  }
  return spans;
}

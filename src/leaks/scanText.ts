import { bigramFilter, mayContain } from './bigramFilter';
import type { LeakRule } from './leakRule';

/** Strings at least this long get a bigram prefilter; shorter ones are searched directly. */
const FILTER_FROM = 512;

/** One finding inside one string. */
export interface TextFinding {
  readonly rule: string;
  readonly start: number;
  readonly end: number;
}

/**
 * Runs the rules over one string and returns every finding, in order of position.
 */
export function scanText(text: string, rules: readonly LeakRule[]): TextFinding[] {
  const findings: TextFinding[] = [];
  for (const { rule, present } of planRules(text, rules)) {
    for (const [start, end, matchStart = start, matchEnd = end] of spansOf(rule, present, text)) {
      if (end <= start) continue;
      const secret = text.slice(start, end);
      if (isFiller(secret)) continue;
      if (rule.accept === undefined || rule.accept(secret, text.slice(matchStart, matchEnd), text.slice(Math.max(0, matchStart - 32), matchStart))) {
        findings.push({ rule: rule.id, start, end });
      }
    }
  }
  return findings.sort((a, b) => a.start - b.start || b.end - a.end);
}

/**
 * The rules whose keywords occur in `text`. Scanning many short strings, call it once on all of
 * them joined, then scan each string with only these rules.
 */
export function candidateRules(text: string, rules: readonly LeakRule[]): LeakRule[] {
  return planRules(text, rules).map((entry) => entry.rule);
}

/** A rule that may match, with the keywords that occur (an anchored rule starts only at those). */
interface PlannedRule {
  readonly rule: LeakRule;
  readonly present: readonly string[];
}

function planRules(text: string, rules: readonly LeakRule[]): PlannedRule[] {
  // On longer text, one pass rules out most keywords without searching the text for each; each
  // keyword is searched once however many rules share it.
  const filter = text.length >= FILTER_FROM ? bigramFilter(text) : undefined;
  const seen = new Map<string, boolean>();
  const occurs = (keyword: string) => {
    let found = seen.get(keyword);
    if (found === undefined) {
      found = (filter === undefined || mayContain(filter, keyword)) && text.includes(keyword);
      seen.set(keyword, found);
    }
    return found;
  };
  const planned: PlannedRule[] = [];
  for (const rule of rules) {
    if (rule.requires && !rule.requires.every(occurs)) continue;
    const present = rule.keywords.filter(occurs);
    if (rule.keywords.length === 0 || present.length > 0) planned.push({ rule, present });
  }
  return planned;
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

/** Runs an anchored rule only where one of its (present) keywords starts. */
function* anchoredSpans(keywords: readonly string[], pattern: RegExp, text: string, within: LeakRule['within']): Iterable<MatchSpans> {
  const starts: number[] = [];
  for (const keyword of keywords) {
    for (let at = text.indexOf(keyword); at !== -1; at = text.indexOf(keyword, at + 1)) starts.push(at);
  }
  starts.sort((a, b) => a - b);
  const sticky = stickyOf(pattern);
  let consumed = -1;
  let next = -1; // the next occurrence of `within.char` at or after the current start
  for (const at of starts) {
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

function* spansOf(rule: LeakRule, present: readonly string[], text: string): Iterable<MatchSpans> {
  if (rule.find) yield* rule.find(text);
  const pattern = rule.pattern;
  if (!pattern) return;
  if (rule.anchored) {
    yield* anchoredSpans(present, pattern, text, rule.within);
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

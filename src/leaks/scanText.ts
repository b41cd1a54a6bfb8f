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
  for (const rule of candidateRules(text, rules)) {
    for (const [start, end, matchStart = start, matchEnd = end] of spansOf(rule, text)) {
      if (end <= start) continue;
      const secret = text.slice(start, end);
      if (isFiller(secret)) continue;
      if (rule.accept === undefined || rule.accept(secret, text.slice(matchStart, matchEnd))) findings.push({ rule: rule.id, start, end });
    }
  }
  return findings.sort((a, b) => a.start - b.start || b.end - a.end);
}

/**
 * The rules whose keywords occur in `text`. Scanning many short strings, call it once on all of
 * them joined, then scan each string with only these rules.
 */
export function candidateRules(text: string, rules: readonly LeakRule[]): LeakRule[] {
  // On longer text, one pass rules out most keywords without searching the text for each.
  const filter = text.length >= FILTER_FROM ? bigramFilter(text) : undefined;
  const occurs = (keyword: string) => (filter === undefined || mayContain(filter, keyword)) && text.includes(keyword);
  return rules.filter((rule) => (rule.keywords.length === 0 || rule.keywords.some(occurs)) && (rule.requires === undefined || rule.requires.every(occurs)));
}

// Documentation fills a sample token with x's, stars or hashes: never a real secret.
const FILLER = /[xX*#]{5}|(?:EXAMPLE){2}/;

function isFiller(secret: string): boolean {
  return FILLER.test(secret);
}

/** The secret's span, then the whole match's span. */
type MatchSpans = readonly [start: number, end: number, matchStart?: number, matchEnd?: number];

function* spansOf(rule: LeakRule, text: string): Iterable<MatchSpans> {
  if (rule.find) yield* rule.find(text);
  const pattern = rule.pattern;
  if (!pattern) return;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const group = match.indices?.groups?.secret;
    const matchEnd = match.index + match[0].length;
    yield group ? [group[0], group[1], match.index, matchEnd] : [match.index, matchEnd];
    if (match[0].length === 0) pattern.lastIndex++;
  }
}

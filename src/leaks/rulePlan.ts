import { type BigramFilter, bigramsOf, mayContainBigrams } from './bigramFilter';
import { type KeywordHits, keywordKey, occurs } from './keywordHits';
import type { LeakRule } from './leakRule';

/** True when a rule's keywords match in any letter case: its pattern has the `i` flag, or it says so. */
export function ignoresCase(rule: LeakRule): boolean {
  return rule.ignoreCase ?? rule.pattern?.ignoreCase ?? false;
}

/** A rule that may match, with the keywords that occur (an anchored rule starts only at those). */
export interface PlannedRule {
  readonly rule: LeakRule;
  readonly present: readonly string[];
}

/** A rule set prepared once: its distinct keywords (with their bigrams), and each rule's by number. */
interface Compiled {
  readonly keywords: string[];
  readonly anyCase: boolean[];
  readonly bigrams: number[][];
  readonly rules: { rule: LeakRule; keywords: number[]; requires: number[] }[];
}

// Planning runs for every text and view: without this, each asked every rule for its keywords,
// built lookup keys and walked bigrams anew, which cost a short text more than its rules did.
const compiledSets = new WeakMap<readonly LeakRule[], Compiled>();

function compile(rules: readonly LeakRule[]): Compiled {
  let compiled = compiledSets.get(rules);
  if (compiled) return compiled;
  const ids = new Map<string, number>();
  const keywords: string[] = [];
  const anyCase: boolean[] = [];
  const bigrams: number[][] = [];
  const idOf = (keyword: string, caseless: boolean) => {
    const key = keywordKey(keyword, caseless);
    let id = ids.get(key);
    if (id === undefined) {
      id = keywords.push(keyword) - 1;
      anyCase.push(caseless);
      bigrams.push(bigramsOf(keyword));
      ids.set(key, id);
    }
    return id;
  };
  const entries = rules.map((rule) => ({
    rule,
    requires: (rule.requires ?? []).map((required) => idOf(required, false)),
    keywords: rule.keywords.map((keyword) => idOf(keyword, ignoresCase(rule))),
  }));
  compiled = { keywords, anyCase, bigrams, rules: entries };
  compiledSets.set(rules, compiled);
  return compiled;
}

/**
 * The rules whose keywords occur in the text (in any case where the rule ignores case), each
 * keyword looked for once however many rules share it; the filter rules out most keywords
 * without searching the text.
 */
export function planRules(
  hits: KeywordHits,
  rules: readonly LeakRule[],
  filter: BigramFilter,
): PlannedRule[] {
  const { keywords, anyCase, bigrams, rules: entries } = compile(rules);
  const state = new Uint8Array(keywords.length); // 0 not yet asked, 1 absent, 2 present
  const present = (id: number) => {
    if (state[id] === 0)
      state[id] =
        mayContainBigrams(filter, bigrams[id]!) && occurs(hits, keywords[id]!, anyCase[id]!)
          ? 2
          : 1;
    return state[id] === 2;
  };
  const planned: PlannedRule[] = [];
  for (const entry of entries) {
    if (!entry.requires.every(present)) continue;
    const found: string[] = [];
    for (const id of entry.keywords) if (present(id)) found.push(keywords[id]!);
    if (entry.keywords.length === 0 || found.length > 0)
      planned.push({ rule: entry.rule, present: found });
  }
  return planned;
}

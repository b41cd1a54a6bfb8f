import { unitPair } from './caselessUnit';
import { ignoresCase } from './ignoresCase';
import { flat, type KeywordTables, keywordTables } from './keywordTables';
import type { LeakRule } from './leakRule';
import { patternReach } from './patternReach';

/**
 * A rule set prepared for the first pass, once (cached per rule array, and per the rules in it):
 * its keywords' tables (shared by rule sets with the same keywords), each keyword entry's rules,
 * the rules that run always, the strings rules require, how far their lookarounds read. Nothing
 * of it is rebuilt per call or per view.
 */
export interface ScanTables extends KeywordTables {
  readonly rules: readonly LeakRule[];
  /** Per entry (a keyword and whether it matches in any case): the keyword, its rules `entryRules[entryFrom[e]..entryFrom[e + 1])`. */
  readonly keywords: readonly string[];
  readonly anyCase: Uint8Array;
  readonly entryFrom: Int32Array;
  readonly entryRules: Int32Array;
  /** Rules that run on every text (no keywords). */
  readonly always: Int32Array;
  /** Per rule: its required strings `required[requiredFrom[r]..requiredFrom[r + 1])` (indices into `requires`). */
  readonly requiredFrom: Int32Array;
  readonly required: Int32Array;
  readonly requires: readonly string[];
  /**
   * How far the rules' lookarounds read around a match, the largest `patternReach` `around`
   * (Infinity: without bound). The built-in rules' is 18; past 64, views are of the whole text.
   */
  readonly around: number;
  /**
   * Per two units one after the other in a keyword (by `unitPair`), the keywords that have them
   * and where, `[entry, offset of the second, …]`: a keyword across a seam has the units either
   * side of it here (`inertSeam`).
   */
  readonly pairs: readonly (readonly number[] | undefined)[];
}

// Tables by rule array, and by the rules in it: a host that makes a new array of the same rules
// for every turn (its own rules with the markup rules, say) finds the tables it built before.
const prepared = new WeakMap<readonly LeakRule[], ScanTables>();
interface Prefix {
  tables?: ScanTables;
  readonly next: WeakMap<LeakRule, Prefix>;
}
const byRules: Prefix = { next: new WeakMap() };

/** The tables of a rule set, built on first use and kept while its rules live. */
export function scanTables(rules: readonly LeakRule[]): ScanTables {
  let tables = prepared.get(rules);
  if (!tables) {
    let prefix = byRules;
    for (const rule of rules) {
      let next = prefix.next.get(rule);
      if (!next) prefix.next.set(rule, (next = { next: new WeakMap() }));
      prefix = next;
    }
    tables = prefix.tables ??= build(rules);
    prepared.set(rules, tables);
  }
  return tables;
}

function build(rules: readonly LeakRule[]): ScanTables {
  // Entries: one per distinct keyword and case; groups: one per distinct folded prefix.
  const entryIds = new Map<string, number>();
  const keywords: string[] = [];
  const anyCase: number[] = [];
  const rulesOf: number[][] = [];
  const always: number[] = [];
  const requires: string[] = [];
  const requiredOf: number[][] = [];
  let around = 0;
  rules.forEach((rule, r) => {
    if (rule.pattern) around = Math.max(around, patternReach(rule.pattern).around);
    const caseless = ignoresCase(rule);
    requiredOf.push(
      (rule.requires ?? []).map((text) => {
        const known = requires.indexOf(text);
        return known >= 0 ? known : requires.push(text) - 1;
      }),
    );
    // A rule without keywords (or with an empty one) runs on every text.
    if (rule.keywords.length === 0 || rule.keywords.includes('')) {
      always.push(r);
      return;
    }
    for (const keyword of rule.keywords) {
      const key = `${caseless ? 'i' : 's'}${keyword}`;
      let id = entryIds.get(key);
      if (id === undefined) {
        id = keywords.push(keyword) - 1;
        anyCase.push(caseless ? 1 : 0);
        rulesOf.push([]);
        entryIds.set(key, id);
      }
      if (!rulesOf[id]!.includes(r)) rulesOf[id]!.push(r);
    }
  });
  const anyCaseUnits = Uint8Array.from(anyCase);
  const [entryFrom, entryRules] = flat(rulesOf);
  const [requiredFrom, required] = flat(requiredOf);
  const pairs: number[][] = [];
  keywords.forEach((keyword, e) => {
    for (let k = 1; k < keyword.length; k++)
      (pairs[unitPair(keyword.charCodeAt(k - 1), keyword.charCodeAt(k))] ??= []).push(e, k);
  });
  return {
    ...keywordTables(keywords, anyCaseUnits),
    rules,
    keywords,
    anyCase: anyCaseUnits,
    entryFrom,
    entryRules,
    always: Int32Array.from(always),
    requiredFrom,
    required,
    requires,
    around,
    pairs,
  };
}

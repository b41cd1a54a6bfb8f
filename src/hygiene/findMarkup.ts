import type { Issue } from '../issues/issue';
import { collectStrings } from '../json/collectStrings';
import { mapStrings } from '../json/mapStrings';
import { candidateRules, scanText } from '../leaks/scanText';
import { HYGIENE_RULES, type HygieneRule } from './hygieneRules';

/**
 * Finds reasoning and tool-call markup in every string of a reply. Each finding is an issue
 * that names its rule and pointer; the reply is refused, never delivered with the markup.
 * `allText` is `collectStrings(value)`, for a caller that has it already.
 */
export function findMarkup(value: unknown, rules: readonly HygieneRule[] = HYGIENE_RULES, allText = collectStrings(value)): Issue[] {
  const active = candidateRules(allText, rules) as HygieneRule[];
  if (active.length === 0) return [];
  const byId = new Map(active.map((rule) => [rule.id, rule]));
  const issues: Issue[] = [];
  mapStrings(value, (text, path) => {
    for (const found of scanText(text, active)) {
      const rule = byId.get(found.rule)!;
      issues.push({ code: rule.code, path, rule: rule.id, message: `${rule.means}; answer with the final reply only` });
    }
    return text;
  });
  return issues;
}

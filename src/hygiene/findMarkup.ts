import type { Issue } from '../issues/issue';
import { scanText, type TextFinding } from '../leaks/scanText';
import { eachOverlap, type TextStream, textStream } from '../leaks/textStream';
import { HYGIENE_RULES, type HygieneRule } from './hygieneRules';

/**
 * Finds reasoning and tool-call markup in every string of a reply, as the reader sees it (entities,
 * escapes, full-width and invisible characters normalised; a tag cut across segments joined).
 * Each finding is an issue that names its rule and pointer; the reply is refused, never delivered
 * with the markup. `stream` is the value's text stream and `shared` its findings for these rules
 * (and maybe others: a scan shared with the leak rules), when the caller has them already.
 *
 * @example
 * findMarkup({ segments: [{ type: 'text', data: { text: '<think>…</think>Hi' } }] });
 * // [{ code: 'REASONING_IN_REPLY', rule: 'reasoning-tag', path: '/segments/0/data/text', … }, …]
 */
export function findMarkup(
  value: unknown,
  rules: readonly HygieneRule[] = HYGIENE_RULES,
  stream: TextStream = textStream(value),
  shared?: readonly TextFinding[],
): Issue[] {
  // A shared scan that found nothing: nothing to report (and no map of the rules to build).
  if (shared?.length === 0) return [];
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  const issues: Issue[] = [];
  // Not another rule set's findings (a scan shared with the leak rules).
  const hits = (shared ?? scanText(stream.text, rules, stream.joins)).filter((hit) =>
    byId.has(hit.rule),
  );
  eachOverlap(stream, hits, (found, piece) => {
    const rule = byId.get(found.rule)!;
    issues.push({
      code: rule.code,
      path: piece.pointer,
      rule: rule.id,
      message: `${rule.means}; answer with the final reply only`,
    });
  });
  return issues;
}

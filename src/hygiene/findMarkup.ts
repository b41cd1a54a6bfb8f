import type { Issue } from '../issues/issue';
import { scanText, type TextFinding } from '../leaks/scanText';
import { type TextStream, textStream } from '../leaks/textStream';
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
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  const issues: Issue[] = [];
  // Not another rule set's findings (a scan shared with the leak rules); the pieces made are only
  // those a finding overlaps (none for a reply without markup).
  const hits = (shared ?? scanText(stream.text, rules, stream.joins)).filter((hit) =>
    byId.has(hit.rule),
  );
  const pieces = stream.pieces(hits);
  let first = 0;
  for (const found of hits) {
    const rule = byId.get(found.rule)!;
    while (first + 1 < pieces.length && pieces[first + 1]!.start <= found.start) first++;
    for (let k = first; k < pieces.length && pieces[k]!.start < found.end; k++) {
      if (
        Math.min(found.end, pieces[k]!.start + pieces[k]!.length) <=
        Math.max(found.start, pieces[k]!.start)
      )
        continue;
      issues.push({
        code: rule.code,
        path: pieces[k]!.pointer,
        rule: rule.id,
        message: `${rule.means}; answer with the final reply only`,
      });
    }
  }
  return issues;
}

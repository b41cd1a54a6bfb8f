import type { Finding } from '../results/replyResult';
import type { LeakOptions } from './leakOptions';
import { leakRulesFor } from './leakRulesFor';
import { MIN_LITERAL_LENGTH } from './hostLiteralRule';
import { scanText, type TextFinding } from './scanText';
import { eachOverlap, type TextStream } from './textStream';

/**
 * Every secret in a value's text stream, each piece of it reported with the pointer of its string
 * (and `memberName` for a name), in document order; then the numbers that hold a host literal.
 * `shared` is the stream's findings for these rules and maybe others (a scan shared with other
 * rules), in order, when the caller has them.
 */
export function findLeaks(
  stream: TextStream,
  options: LeakOptions,
  shared?: readonly TextFinding[],
): Finding[] {
  const allow = new Set(options.allow ?? []);
  const findings: Finding[] = [];
  const text = stream.text;
  const rules = leakRulesFor(options);
  const ids = shared && new Set(rules.map((rule) => rule.id));
  const hits = (
    ids ? shared.filter((item) => ids.has(item.rule)) : scanText(text, rules, stream.joins)
  ).filter(({ start, end }) => !allow.has(text.slice(start, end).replace(/[\n\u2029]/g, '')));
  eachOverlap(stream, hits, (found, piece, start, end) =>
    findings.push({
      code: 'LEAK_MASKED',
      rule: found.rule,
      path: piece.pointer,
      start,
      end,
      ...(piece.name ? { memberName: true } : {}),
      order: piece.order,
    } as Finding),
  );
  // Reported in document order, without the ordering key.
  const order = (finding: Finding) => (finding as Finding & { order: number }).order;
  const sorted = findings
    .sort((a, b) => order(a) - order(b) || a.start! - b.start!)
    .map(({ order: _, ...finding }: Finding & { order?: number }) => finding);
  return [...sorted, ...literalNumbers(stream, options, allow)];
}

// A number's text can hold only these characters: a literal with any other is never in one.
const NUMBER_TEXT = /^[-+.0-9eE]+$/;

/**
 * Numbers whose text (as JSON writes it) holds a host literal, in document order: a literal the
 * model wrote as a number is still the literal to whoever reads the reply.
 */
function literalNumbers(
  stream: TextStream,
  options: LeakOptions,
  allow: ReadonlySet<string>,
): Finding[] {
  const literals = (options.literals ?? []).filter(
    (literal) => literal.length >= MIN_LITERAL_LENGTH && NUMBER_TEXT.test(literal),
  );
  if (literals.length === 0) return [];
  return stream
    .numbers((value) => {
      const text = String(value);
      return !allow.has(text) && literals.some((literal) => text.includes(literal));
    })
    .map(({ pointer }) => ({ code: 'LEAK_MASKED', rule: 'host-literal', path: pointer }));
}

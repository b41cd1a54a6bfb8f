import type { Finding } from '../results/replyResult';
import type { LeakOptions } from './leakOptions';
import type { LeakRule } from './leakRule';
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
  // Made first: an allow that is no list is refused (a TypeError), found or not.
  const allow = new Set(options.allow ?? []);
  // A shared scan that found nothing: only numbers can still hold a host literal.
  if (shared?.length === 0) return literalNumbers(stream, options, allow);
  const findings: Finding[] = [];
  const text = stream.text;
  const rules = leakRulesFor(options);
  const hits = (
    shared ? shared.filter(ruleIds(rules)) : scanText(text, rules, stream.joins)
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

// Per rule array, a test that a finding is of one of its rules: made once, as the scanner's tables
// are (scanTables), so a rule array is likewise not to be changed after its first use.
const ofRules = new WeakMap<readonly LeakRule[], (item: TextFinding) => boolean>();

/** The test that a finding (of a scan shared with other rules) is of one of these rules. */
function ruleIds(rules: readonly LeakRule[]): (item: TextFinding) => boolean {
  let test = ofRules.get(rules);
  if (!test) {
    const ids = new Set(rules.map((rule) => rule.id));
    ofRules.set(rules, (test = (item) => ids.has(item.rule)));
  }
  return test;
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

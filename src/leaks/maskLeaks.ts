import { mapJson } from '../json/mapJson';
import type { Finding } from '../results/replyResult';
import type { LeakRule } from './leakRule';
import { LEAK_RULES } from './leakRules';
import { MIN_LITERAL_LENGTH, literalSecretRule } from './literalSecretRule';
import { scanText, type TextFinding } from './scanText';
import { type TextStream, textStream } from './textStream';

/** The text a masked secret is replaced by. */
export const LEAK_MASK = '[REDACTED]';

/** Options of the leak scanner. */
export interface LeakOptions {
  /** Literal values the host never wants sent: env secrets, its system prompt. */
  readonly literals?: readonly string[] | undefined;
  /** Rules to use instead of the built-in set. */
  readonly rules?: readonly LeakRule[] | undefined;
  /** Exact secrets that are allowed through (test fixtures, published sample keys). */
  readonly allow?: readonly string[] | undefined;
  /** The replacement text. */
  readonly mask?: string | undefined;
}

/** A masked copy of a value and what was masked. */
export interface MaskResult<T> {
  readonly value: T;
  readonly findings: Finding[];
  /**
   * Pointers of objects in which a masked member name became equal to another name: the later
   * member is left out of `value`, which is then no reply to deliver (see `mapJson`).
   */
  readonly collisions: string[];
}

// The rule set made for a host's literals, kept while the host passes the same arrays: a new set
// would be prepared for scanning anew on every call.
const withLiterals = new WeakMap<
  readonly string[],
  { rules: readonly LeakRule[]; all: readonly LeakRule[] }
>();

/** The rules in force for these options. */
export function leakRulesFor(options: LeakOptions = {}): readonly LeakRule[] {
  const rules = options.rules ?? LEAK_RULES;
  const literals = options.literals;
  if (!literals || literals.length === 0) return rules;
  const known = withLiterals.get(literals);
  if (known && known.rules === rules) return known.all;
  const all = [...rules, literalSecretRule(literals)];
  withLiterals.set(literals, { rules, all });
  return all;
}

/**
 * Finds secrets in every string of a value (text, Markdown, mention targets, media values, share
 * url and title, member names, any nested string), as the reader sees them: the visible strings
 * of a segment reply are read as one stream, so a secret cut across segments is found. A number
 * whose text holds a host literal is a finding too. Each finding names the rule, the JSON pointer
 * (and `memberName` for a name) and the span of one piece of the secret; never the secret.
 *
 * @example
 * scanLeaks({ segments: [{ type: 'text', data: { text: 'key: ghp_…' } }] });
 * // [{ code: 'LEAK_MASKED', rule: 'github-token', path: '/segments/0/data/text', start: 5, end: 45 }]
 */
export function scanLeaks(value: unknown, options: LeakOptions = {}): Finding[] {
  const stream = textStream(value);
  return [...findLeaks(stream, options), ...literalNumbers(stream, options)];
}

/**
 * Masks every secret in place (in a copy) and reports what it masked, piece by piece: a secret
 * cut across two strings is masked in both, each reported with its own pointer. A masked member
 * name is renamed; a number holding a host literal becomes the mask (a string: validate again).
 */
export function maskLeaks<T>(value: T, options: LeakOptions = {}): MaskResult<T> {
  return maskLeaksOf(value, textStream(value), options);
}

/** `maskLeaks` with the value's text stream already built (a reply's policies share one). */
export function maskLeaksOf<T>(
  value: T,
  stream: TextStream,
  options: LeakOptions,
  found?: readonly TextFinding[],
): MaskResult<T> {
  const findings = [...findLeaks(stream, options, found), ...literalNumbers(stream, options)];
  if (findings.length === 0) return { value, findings, collisions: [] };
  const strings = new Map<string, TextFinding[]>();
  const names = new Map<string, TextFinding[]>();
  const numbers = new Set<string>();
  for (const finding of findings) {
    if (finding.start === undefined) {
      numbers.add(finding.path);
      continue;
    }
    const spans = finding.memberName ? names : strings;
    const list = spans.get(finding.path) ?? [];
    list.push({ rule: finding.rule, start: finding.start, end: finding.end! });
    spans.set(finding.path, list);
  }
  const mask = options.mask ?? LEAK_MASK;
  const masking = (spans: Map<string, TextFinding[]>) => (text: string, path: string) => {
    const list = spans.get(path);
    return list ? maskSpans(text, list.sort(byStart), mask) : text;
  };
  const masked = mapJson(value, {
    string: masking(strings),
    name: names.size > 0 ? masking(names) : undefined,
    number: numbers.size > 0 ? (number, path) => (numbers.has(path) ? mask : number) : undefined,
  });
  return { value: masked.value, findings, collisions: masked.collisions };
}

const byStart = (a: TextFinding, b: TextFinding) => a.start - b.start || b.end - a.end;

// A number's text can hold only these characters: a literal with any other is never in one.
const NUMBER_TEXT = /^[-+.0-9eE]+$/;

/**
 * Numbers whose text (as JSON writes it) holds a host literal, in document order: a literal the
 * model wrote as a number is still the literal to whoever reads the reply.
 */
function literalNumbers(stream: TextStream, options: LeakOptions): Finding[] {
  const literals = (options.literals ?? []).filter(
    (literal) => literal.length >= MIN_LITERAL_LENGTH && NUMBER_TEXT.test(literal),
  );
  if (literals.length === 0) return [];
  const allow = new Set(options.allow ?? []);
  return stream.numbers
    .filter(({ value }) => {
      const text = String(value);
      return !allow.has(text) && literals.some((literal) => text.includes(literal));
    })
    .map(({ pointer }) => ({ code: 'LEAK_MASKED', rule: 'host-literal', path: pointer }));
}

/** `shared`: the stream's findings for these rules and maybe others (a scan shared with other rules), in order. */
function findLeaks(
  stream: TextStream,
  options: LeakOptions,
  shared?: readonly TextFinding[],
): Finding[] {
  const allow = new Set(options.allow ?? []);
  const findings: Finding[] = [];
  const { text, pieces } = stream;
  const rules = leakRulesFor(options);
  const ids = shared && new Set(rules.map((rule) => rule.id));
  let first = 0; // findings come in order of start: the first piece they can touch only moves on
  for (const found of ids
    ? shared.filter((item) => ids.has(item.rule))
    : scanText(text, rules, stream.joins)) {
    if (allow.size > 0 && allow.has(text.slice(found.start, found.end).replace(/[\n\u2029]/g, '')))
      continue;
    while (first + 1 < pieces.length && pieces[first + 1]!.start <= found.start) first++;
    for (let k = first; k < pieces.length && pieces[k]!.start < found.end; k++) {
      const piece = pieces[k]!;
      const start = Math.max(found.start, piece.start) - piece.start;
      const end = Math.min(found.end, piece.start + piece.length) - piece.start;
      if (end > start)
        findings.push({
          code: 'LEAK_MASKED',
          rule: found.rule,
          path: piece.pointer,
          start,
          end,
          ...(piece.name ? { memberName: true } : {}),
          order: piece.order,
        } as Finding);
    }
  }
  // Reported in document order, without the ordering key.
  const order = (finding: Finding) => (finding as Finding & { order: number }).order;
  return findings
    .sort((a, b) => order(a) - order(b) || a.start! - b.start!)
    .map(({ order: _, ...finding }: Finding & { order?: number }) => finding);
}

/** Replaces the union of the spans (sorted by start) with the mask. */
export function maskSpans(text: string, spans: readonly TextFinding[], mask: string): string {
  let out = '';
  let at = 0;
  for (const { start, end } of spans) {
    if (end <= at) continue;
    out += text.slice(at, Math.max(at, start)) + (start >= at ? mask : '');
    at = end;
  }
  return out + text.slice(at);
}

import { collectStrings } from '../json/collectStrings';
import { mapStrings } from '../json/mapStrings';
import type { Finding } from '../results/replyResult';
import type { LeakRule } from './leakRule';
import { LEAK_RULES } from './leakRules';
import { literalSecretRule } from './literalSecretRule';
import { candidateRules, scanText, type TextFinding } from './scanText';

/** The text a masked secret is replaced by. */
export const LEAK_MASK = '[REDACTED]';

/** Options of the leak scanner. */
export interface LeakOptions {
  /** Literal values the host never wants sent: env secrets, its system prompt. */
  readonly literals?: readonly string[];
  /** Rules to use instead of the built-in set. */
  readonly rules?: readonly LeakRule[];
  /** Exact secrets that are allowed through (test fixtures, published sample keys). */
  readonly allow?: readonly string[];
  /** The replacement text. */
  readonly mask?: string;
}

/** A masked copy of a value and what was masked. */
export interface MaskResult<T> {
  readonly value: T;
  readonly findings: Finding[];
}

/** The rules in force for these options. */
export function leakRulesFor(options: LeakOptions = {}): readonly LeakRule[] {
  const rules = options.rules ?? LEAK_RULES;
  return options.literals && options.literals.length > 0 ? [...rules, literalSecretRule(options.literals)] : rules;
}

/**
 * Finds secrets in every string of a value (text, Markdown, media values, share url and title,
 * any nested string). Each finding names the rule, the JSON pointer and the span; never the secret.
 *
 * @example
 * scanLeaks({ segments: [{ type: 'text', data: { text: 'key: ghp_…' } }] });
 * // [{ code: 'LEAK_MASKED', rule: 'github-token', path: '/segments/0/data/text', start: 5, end: 45 }]
 */
export function scanLeaks(value: unknown, options: LeakOptions = {}): Finding[] {
  return maskLeaks(value, options).findings;
}

/**
 * Masks every secret in place (in a copy) and reports what it masked. `allText` is
 * `collectStrings(value)`, for a caller that has it already.
 */
export function maskLeaks<T>(value: T, options: LeakOptions = {}, allText = collectStrings(value)): MaskResult<T> {
  // One keyword pass over the whole reply picks the rules; each string is then scanned with those.
  const rules = candidateRules(allText, leakRulesFor(options));
  if (rules.length === 0) return { value, findings: [] };
  const allow = new Set(options.allow ?? []);
  const mask = options.mask ?? LEAK_MASK;
  const findings: Finding[] = [];
  const masked = mapStrings(value, (text, path) => {
    const found = scanText(text, rules).filter((item) => !allow.has(text.slice(item.start, item.end)));
    if (found.length === 0) return text;
    for (const item of found) findings.push({ code: 'LEAK_MASKED', rule: item.rule, path, start: item.start, end: item.end });
    return maskSpans(text, found, mask);
  });
  return { value: masked, findings };
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

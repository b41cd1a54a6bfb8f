import { BUILT_IN_RULES } from './builtInRules';
import type { LeakOptions } from './leakOptions';
import type { LeakRule } from './leakRule';
import { hostLiteralRule } from './hostLiteralRule';

// The rule set made for a host's literals, kept while the host passes the same arrays: a new set
// would be prepared for scanning anew on every call.
const withLiterals = new WeakMap<
  readonly string[],
  { rules: readonly LeakRule[]; all: readonly LeakRule[] }
>();

/** The rules in force for these options. */
export function leakRulesFor(options: LeakOptions = {}): readonly LeakRule[] {
  const rules = options.rules ?? BUILT_IN_RULES;
  const literals = options.literals;
  if (!literals || literals.length === 0) return rules;
  const known = withLiterals.get(literals);
  if (known && known.rules === rules) return known.all;
  const all = [...rules, hostLiteralRule(literals)];
  withLiterals.set(literals, { rules, all });
  return all;
}

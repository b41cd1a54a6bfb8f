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
// The literals' rule by their content, for a host that writes `literals: [env.KEY]` in each call:
// a new array, but the same rules, whose tables the scanner finds again (~0.45 ms to build).
const byContent = new Map<string, LeakRule>();

/** The rules in force for these options. */
export function leakRulesFor(options: LeakOptions = {}): readonly LeakRule[] {
  const rules = options.rules ?? BUILT_IN_RULES;
  const literals = options.literals;
  if (!literals || literals.length === 0) return rules;
  const known = withLiterals.get(literals);
  if (known && known.rules === rules) return known.all;
  const key = JSON.stringify(literals);
  let rule = byContent.get(key);
  if (!rule) {
    // A few sets are kept, as the keyword tables are.
    if (byContent.size === 16) byContent.clear();
    byContent.set(key, (rule = hostLiteralRule(literals)));
  }
  const all = [...rules, rule];
  withLiterals.set(literals, { rules, all });
  return all;
}

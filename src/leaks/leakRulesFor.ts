import { BUILT_IN_RULES } from './builtInRules';
import type { LeakOptions } from './leakOptions';
import type { LeakRule } from './leakRule';
import { hostLiteralRule } from './hostLiteralRule';

interface LiteralSet {
  readonly rules: readonly LeakRule[];
  readonly all: readonly LeakRule[];
}

// The rule set made for a host's literals, kept while the host passes the same arrays: a new set
// would be prepared for scanning anew on every call (~0.45 ms: the scanner's tables are kept per
// rule array).
const withLiterals = new WeakMap<readonly string[], LiteralSet>();
// And by the literals' content, for a host that writes `literals: [env.KEY]` in each call (a new
// array every time, the same set). A few sets are kept, as the keyword tables are.
const byContent = new Map<string, LiteralSet>();
const KEPT = 16;

/** The rules in force for these options. */
export function leakRulesFor(options: LeakOptions = {}): readonly LeakRule[] {
  const rules = options.rules ?? BUILT_IN_RULES;
  const literals = options.literals;
  if (!literals || literals.length === 0) return rules;
  const known = withLiterals.get(literals);
  if (known && known.rules === rules) return known.all;
  const key = JSON.stringify(literals);
  let set = byContent.get(key);
  if (!set || set.rules !== rules) {
    // The same literals with other rules keep their rule: the tables of a set are found again
    // by the rules in it (scanTables).
    set = {
      rules,
      all: [...rules, set ? set.all[set.all.length - 1]! : hostLiteralRule(literals)],
    };
    byContent.delete(key);
    if (byContent.size === KEPT) byContent.delete(byContent.keys().next().value!);
    byContent.set(key, set);
  }
  withLiterals.set(literals, set);
  return set.all;
}

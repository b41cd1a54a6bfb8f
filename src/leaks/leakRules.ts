import { BUILT_IN_RULES } from './builtInRules';
import type { LeakRule } from './leakRule';

/**
 * The built-in leak rules: provider token formats, names with a provider's secret, private keys,
 * and the formats any provider may use. Every regex is linted for catastrophic backtracking and
 * tested for linear time; every alternative is reachable through its rule's keywords.
 */
export const LEAK_RULES: readonly LeakRule[] = BUILT_IN_RULES;

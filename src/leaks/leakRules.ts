import { CONTEXT_RULES } from './contextRules';
import { GENERIC_RULES } from './genericRules';
import type { LeakRule } from './leakRule';
import { privateKeyRule } from './privateKeyRule';
import { PROVIDER_RULES } from './providerRules';
import { TOKEN_RULES } from './tokenRules';

/**
 * The built-in leak rules: provider token formats, names with a provider's secret, private keys,
 * and the formats any provider may use. Every regex is linted for catastrophic backtracking and
 * tested for linear time; every alternative is reachable through its rule's keywords.
 */
export const LEAK_RULES: readonly LeakRule[] = [...PROVIDER_RULES, ...TOKEN_RULES, ...CONTEXT_RULES, privateKeyRule, ...GENERIC_RULES];

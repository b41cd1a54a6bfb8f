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
// concat, not spread: a bundler cannot prove a spread free of side effects, and would then keep
// every rule in an app that imports only the parser.
export const LEAK_RULES: readonly LeakRule[] = /* @__PURE__ */ PROVIDER_RULES.concat(
  TOKEN_RULES,
  CONTEXT_RULES,
  privateKeyRule,
  GENERIC_RULES,
);

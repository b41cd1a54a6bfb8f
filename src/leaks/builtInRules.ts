import { CONTEXT_RULES } from './contextRules';
import { GENERIC_RULES } from './genericRules';
import type { LeakRule } from './leakRule';
import { privateKeyRule } from './privateKeyRule';
import { PROVIDER_RULES } from './providerRules';
import { TOKEN_RULES } from './tokenRules';
import { WORKSPACE_TOKEN_RULES } from './workspaceTokenRules';

/**
 * The rules the scanner uses when none are given (the package exports them as `LEAK_RULES`, from
 * leakRules.ts: a file the package index names is never imported by a lazy chunk, see
 * reply/replyChecks.ts).
 */
// concat, not spread: a bundler cannot prove a spread free of side effects, and would then keep
// every rule in an app that imports only the parser.
export const BUILT_IN_RULES: readonly LeakRule[] = /* @__PURE__ */ PROVIDER_RULES.concat(
  TOKEN_RULES,
  WORKSPACE_TOKEN_RULES,
  CONTEXT_RULES,
  privateKeyRule,
  GENERIC_RULES,
);

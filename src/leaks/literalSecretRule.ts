import { hostLiteralRule } from './hostLiteralRule';
import type { LeakRule } from './leakRule';

/**
 * A rule for the exact values a host registers: env secrets, its system prompt. A long value is
 * also found when the reply quotes any `LITERAL_WINDOW`-character piece of it (hostLiteralRule.ts:
 * bound here, not re-exported, so the lazy policy chunk imports no file the package index names).
 *
 * @example
 * scanLeaks(reply, { rules: [...LEAK_RULES, literalSecretRule([env.DB_PASSWORD])] });
 */
export const literalSecretRule: (values: readonly string[], id?: string) => LeakRule =
  hostLiteralRule;

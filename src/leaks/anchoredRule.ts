import type { LeakRule } from './leakRule';

/**
 * An anchored rule (every match starts at one of its `keywords`), as the built-in rule files
 * write most of theirs: its family is the id's first word but where it is given, and it has an
 * `accept` only when one is given.
 */
/* @__NO_SIDE_EFFECTS__ */
export function anchoredRule(
  id: string,
  keywords: string[],
  pattern: RegExp,
  accept?: LeakRule['accept'],
  family = id.slice(0, id.indexOf('-')),
): LeakRule {
  // Two literals, not a spread: a spread's copy gets a hidden class of its own per rule.
  return accept
    ? { id, anchored: true, family, keywords, pattern, accept }
    : { id, anchored: true, family, keywords, pattern };
}

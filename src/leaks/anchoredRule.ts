import type { LeakRule } from './leakRule';

/**
 * An anchored rule (every match starts at one of its `keywords`) of the context and workspace
 * token rules: its family is the id's first word but where it is given.
 */
/* @__NO_SIDE_EFFECTS__ */
export function anchoredRule(
  id: string,
  keywords: string[],
  pattern: RegExp,
  accept: LeakRule['accept'],
  family = id.slice(0, id.indexOf('-')),
): LeakRule {
  return { id, family, keywords, anchored: true, pattern, accept };
}

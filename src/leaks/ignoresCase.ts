import type { LeakRule } from './leakRule';

/** True when a rule's keywords match in any letter case: its pattern has the `i` flag, or it says so. */
export function ignoresCase(rule: LeakRule): boolean {
  return rule.ignoreCase ?? rule.pattern?.ignoreCase ?? false;
}

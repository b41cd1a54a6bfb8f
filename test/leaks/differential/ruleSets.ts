import { HYGIENE_RULES } from '../../../src/hygiene/hygieneRules';
import { hostLiteralRule } from '../../../src/leaks/hostLiteralRule';
import { LEAK_RULES } from '../../../src/leaks/leakRules';
import type { LeakRule } from '../../../src/leaks/leakRule';

/** The rule sets the differential test compares findings with. */
export const RULE_SETS: Record<string, readonly LeakRule[]> = {
  'leak rules': LEAK_RULES,
  'markup and leak rules': [...HYGIENE_RULES, ...LEAK_RULES],
  'leak rules and a host literal': [
    ...LEAK_RULES,
    hostLiteralRule(['hunter2-prod-7', 'ghp_aB3dE5gH7jK9mN1pQ3rS5tU7vW9xY1zA2cD4']),
  ],
};

/** One finding as the recorded file writes it. */
export const findingKey = (f: { rule: string; start: number; end: number }): string =>
  `${f.rule}@${f.start}-${f.end}`;

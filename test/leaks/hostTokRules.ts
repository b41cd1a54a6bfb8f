import type { LeakRule } from '../../src/leaks/leakRule';

// Host rules on the keyword `tok_` whose lookarounds read near and far, shared by the tests of
// how far a rule set's lookarounds read (views, seams, progress windows).

/** A host's anchored rule on the keyword `tok_`. */
export const tokRule = (id: string, pattern: RegExp): LeakRule => ({
  id,
  family: 'host',
  keywords: ['tok_'],
  anchored: true,
  pattern,
});
/** Unbounded: nothing read before the end decides it. */
export const AHEAD = tokRule('ahead', /tok_[a-z0-9]{8}(?=[a-z ]{100,}CONFIDENTIAL)/);
/**
 * Bounded, 140 + 12 characters of lookahead: past the 64 a view's windows give a match and the
 * 96 a progress view holds back.
 */
export const FAR = tokRule('far', /tok_[a-z0-9]{8}(?=[a-z ]{100,140}CONFIDENTIAL)/);
/** 10 characters of lookahead: within the built-in rules' 18. */
export const NEAR = tokRule('near', /tok_[a-z0-9]{8}(?= is secret)/);
/** 107 characters of plain prose, for a lookaround to read across. */
export const WORDS =
  'and then some more words follow here in plain prose text so that it reads on and on for a while longer yes';

import type { Finding } from '../results/replyResult';
import { findLeaks } from './findLeaks';
import { LEAK_MASK as mask } from './leakMask';
import type { LeakOptions } from './leakOptions';
import { type MaskResult, maskLeaksOf } from './maskLeaksOf';
import { textStream } from './textStream';

// The scanner's public face. Its pieces live in files of their own, which is what a lazy chunk
// imports (reply/replyChecks.ts): a file the package index names must not be one of them.
export type { LeakOptions } from './leakOptions';
export { leakRulesFor } from './leakRulesFor';
export { type MaskResult, maskLeaksOf } from './maskLeaksOf';
export { maskSpans } from './maskSpans';

/** The text a masked secret is replaced by. */
export const LEAK_MASK: typeof mask = mask;

/**
 * Finds secrets in every string of a value (text, Markdown, mention targets, media values, share
 * url and title, member names, any nested string), as the reader sees them: the visible strings
 * of a segment reply are read as one stream, so a secret cut across segments is found. A number
 * whose text holds a host literal is a finding too. Each finding names the rule, the JSON pointer
 * (and `memberName` for a name) and the span of one piece of the secret; never the secret.
 *
 * @example
 * scanLeaks({ segments: [{ type: 'text', data: { text: 'key: ghp_…' } }] });
 * // [{ code: 'LEAK_MASKED', rule: 'github-token', path: '/segments/0/data/text', start: 5, end: 45 }]
 */
export function scanLeaks(value: unknown, options: LeakOptions = {}): Finding[] {
  return findLeaks(textStream(value), options);
}

/**
 * Masks every secret in place (in a copy) and reports what it masked, piece by piece: a secret
 * cut across two strings is masked in both, each reported with its own pointer. A masked member
 * name is renamed; a number holding a host literal becomes the mask (a string: validate again).
 */
export function maskLeaks<T>(value: T, options: LeakOptions = {}): MaskResult<T> {
  return maskLeaksOf(value, textStream(value), options);
}

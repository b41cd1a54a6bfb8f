import type { Issue } from '../issues/issue';
import { formatIssues } from '../issues/formatIssues';

/**
 * The most characters (Unicode code points, not UTF-16 units) of a bad reply a correction may
 * quote; a longer reply gets no correction.
 */
export const MAX_CORRECTION_REPLY = 32_000;

/** The Unicode code points of a text (a surrogate pair counts once). */
export function countCodePoints(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}

/**
 * The one user message of a format-only correction: the issues named with their pointers and
 * positions, the bad reply quoted whole (never truncated: a longer one is not corrected).
 */
export function correctionPrompt(issues: readonly Issue[], badReply: string): string {
  return [
    'Your previous answer could not be delivered because it does not follow the required format.',
    'Problems found:',
    formatIssues(issues.slice(0, 20)),
    '',
    'Your previous answer, quoted between the markers:',
    '<<<ANSWER',
    badReply,
    'ANSWER>>>',
    '',
    'Send the corrected answer now: the same content, fixed to the format. Only the JSON object, nothing else.',
  ].join('\n');
}

import { LEAK_MASK } from './leakMask';
import type { LeakOptions } from './leakOptions';
import { leakRulesFor } from './leakRulesFor';
import { maskSpans } from './maskSpans';
import { scanText } from './scanText';

/**
 * Masks anything the leak scanner finds in a text that leaves replyguard: an issue message, a
 * correction prompt, an error body, a notice. The text is read as the scanner reads a reply
 * (encodings, look-alikes, wrapped lines, base64), and the whole original run is masked.
 *
 * @example
 * redactText('"mysql://root:hunter22@db/prod" is not a member'); // '"mysql://[REDACTED]@db/prod" is not a member'
 */
export function redactText(text: string, options: LeakOptions = {}): string {
  if (text.length === 0) return text;
  const allow = new Set(options.allow ?? []);
  const found = scanText(text, leakRulesFor(options)).filter(
    (item) => !allow.has(text.slice(item.start, item.end)),
  );
  return found.length === 0 ? text : maskSpans(text, found, options.mask ?? LEAK_MASK);
}
